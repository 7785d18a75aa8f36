import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { errorResponses, hasRight, MAX_JSON_DEPTH, MAX_JSON_NODES, VersionParam } from '@portal/shared';
import { HttpError } from '../../http-error.js';
import { CLOSE_FORBIDDEN, CLOSE_NOT_FOUND, CLOSE_REFUSED_CHANGE, CLOSE_TRY_AGAIN, CLOSE_UNAUTHENTICATED, type CollabSocket } from './collab-room.js';

/** The endpoint in the OpenAPI document: a WebSocket has no responses but its upgrade, so its protocol is told here. */
const DESCRIPTION = [
  'Upgrade (`GET` with `Connection: Upgrade`, `Upgrade: websocket`) to a WebSocket speaking the y-websocket protocol: Yjs sync and awareness, binary frames, as the stock `y-websocket` `WebsocketProvider` speaks it (server URL `…/collab/expected-doc-lists/{expectedDocListId}`, room name `{version}`). A plain `GET` (no upgrade) is answered 426 Upgrade Required with `Upgrade: websocket`; malformed parameters 400, before any upgrade.',
  '',
  '**Authentication**: the session cookie, when the upgrade comes from the server’s own origin or one of `ALLOWED_ORIGINS` (checked on `Origin`, as for any cookie-authenticated change); or a bearer (an API key or a device session) in `Authorization: Bearer <token>`, or, for a browser, which cannot set that header on a WebSocket, as the subprotocol `bearer.<token>`. Offer the subprotocol `portal` (browsers require the server to pick one): `Sec-WebSocket-Protocol: portal, bearer.<token>`; the server answers `portal` and never echoes the token. Needs the right `library.read`; changing the document needs `library.edit`, on your own list, in a `draft` version. Active and superseded versions are served read-only.',
  '',
  '**Messages** (each a varUint message type, then its body, lib0 encoding): `0` sync — `0` step 1 (a state vector), `1` step 2 (the updates the other side lacks), `2` update; `1` awareness (presence: who is editing where). On open both sides send step 1 and answer the other’s with step 2; after that every change is an update. The server stores each update before other instances see it, and relays it to every editor of the version.',
  '',
  '**The document**: the map `content` holds `description` and `sections`, in the shape of a save (`ExpectedDocListEdit`); the map `status` is written by the server after each change: `state` `saved` (the draft now holds this content, with the defaults the catalogue fills in) or `invalid` with `errors` (kept in the document, not saved), and `savedAt`.',
  '',
  `**Close codes**: ${CLOSE_UNAUTHENTICATED} not signed in; ${CLOSE_FORBIDDEN} no right to read, or a change to a version you may not edit (not a draft, or not yours); ${CLOSE_NOT_FOUND} no such list version (or another organization’s); ${CLOSE_REFUSED_CHANGE} a change the document cannot take — a value nested deeper than ${MAX_JSON_DEPTH} levels, more than ${MAX_JSON_NODES} values, or a NUL character — with the reason (the change is not applied, stored or relayed; discard it before reconnecting). Codes 4400–4499 are final: y-websocket stops reconnecting. ${CLOSE_TRY_AGAIN} the server could not store a change after retrying: reconnect (y-websocket does), and the sync step sends it again. 1012 the server is restarting: reconnect. 1003 a message that could not be read.`,
].join('\n');

/**
 * `/collab/expected-doc-lists/{id}/{version}`: a y-websocket endpoint per list version. The
 * caller is checked before anything is read; failures close the socket with 4401 (not signed in),
 * 4403 (no right, or a change to a version that is not a draft) or 4404 (no such list), codes
 * y-websocket clients treat as final instead of reconnecting.
 */
const collabRoutes: FastifyPluginAsync = async (app) => {
  const collab = app.listCollab;
  const { hub, lists } = collab;

  app.route({
    method: 'GET',
    url: '/collab/expected-doc-lists/:expectedDocListId/:version',
    config: { access: 'public' },
    schema: {
      tags: ['expected-doc-list-editor'],
      summary: 'Edit a draft list together (y-websocket)',
      description: DESCRIPTION,
      params: z.object({ expectedDocListId: z.string().min(1).max(80), version: VersionParam }),
      response: {
        101: z.undefined().describe('Switching Protocols: the WebSocket is open, subprotocol `portal`. Authentication is checked next; a refusal closes it with 4401, 4403 or 4404.'),
        ...errorResponses(400, 426),
      },
    },
    // A request without the upgrade is HTTP's 426 (RFC 9110 §15.5.22), saying what to upgrade to
    // (@fastify/websocket's `websocket: true` would answer it 404 with no body).
    handler: async () => {
      throw new HttpError(426, 'This is a WebSocket (y-websocket): send the upgrade, `Connection: Upgrade` and `Upgrade: websocket`', {}, { upgrade: 'websocket', connection: 'Upgrade' });
    },
    wsHandler: async (socket, request) => {
      const { expectedDocListId, version } = request.params as { expectedDocListId: string; version: number };
      // Messages that arrive while we authenticate are kept, not dropped.
      const early: Uint8Array[] = [];
      const buffer = (data: Buffer) => early.push(new Uint8Array(data));
      socket.on('message', buffer);

      const caller = await app.callerOf(request);
      if (!caller) return socket.close(CLOSE_UNAUTHENTICATED, 'Sign in first');
      if (!hasRight(caller.role, 'library.read')) return socket.close(CLOSE_FORBIDDEN, 'You may not read the library');
      let list;
      try {
        list = await lists.read(caller, expectedDocListId, version, 'own');
      } catch (err) {
        if (err instanceof HttpError && err.status === 404) return socket.close(CLOSE_NOT_FOUND, 'No such list version');
        throw err;
      }
      const canWrite = hasRight(caller.role, 'library.edit') && list.source === 'own';
      // Access taken away closes the socket (4401 / 4403, final for y-websocket), as does a
      // role that may no longer edit for an editor who could.
      const untrack = app.liveConnections.track({
        caller,
        needs: 'library.read',
        stillAllowed: (now) => (canWrite && !hasRight(now.role, 'library.edit') ? 'Your role may no longer edit lists' : undefined),
        recheck: () => app.callerOf(request),
        close: (code, reason) => socket.close(code, reason),
      });
      socket.once('close', untrack);
      const conn: CollabSocket = {
        identity: caller,
        canWrite,
        send: (data) => {
          if (socket.readyState === socket.OPEN) socket.send(data);
        },
        close: (code, reason) => socket.close(code, reason),
      };
      const room = await hub.acquire(caller.orgId, collab.docName(list.id, list.version), collab.hooks(list, caller));
      let queue = Promise.resolve();
      const handle = (data: Uint8Array) => {
        queue = queue
          .then(() => room.receive(conn, data))
          .catch((err: unknown) => {
            request.log.warn({ err }, 'bad collaboration message');
            socket.close(1003, 'Could not read that message');
          });
      };
      socket.off('message', buffer);
      socket.on('message', (data: Buffer) => handle(new Uint8Array(data)));
      socket.on('close', () => {
        room.leave(conn);
        void queue.then(() => hub.release(room));
      });
      room.join(conn);
      for (const m of early) handle(m);
    },
  });
};

export default collabRoutes;
