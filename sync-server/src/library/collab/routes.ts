import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { hasRight } from '@portal/shared';
import { HttpError } from '../../http-error.js';
import { CLOSE_FORBIDDEN, CLOSE_NOT_FOUND, CLOSE_UNAUTHENTICATED, type CollabSocket } from './collab-room.js';

/**
 * `/collab/expected-doc-lists/{id}/{version}`: a y-websocket endpoint per list version. The
 * caller is checked before anything is read; failures close the socket with 4401 (not signed in),
 * 4403 (no right, or a change to a version that is not a draft) or 4404 (no such list), codes
 * y-websocket clients treat as final instead of reconnecting.
 */
const collabRoutes: FastifyPluginAsync = async (app) => {
  const collab = app.listCollab;
  const { hub, lists } = collab;

  app.get(
    '/collab/expected-doc-lists/:expectedDocListId/:version',
    {
      websocket: true,
      config: { access: 'public' },
      schema: {
        tags: ['expected-doc-list-editor'],
        summary: 'Edit a draft list together (y-websocket)',
        description:
          'Upgrade to a WebSocket speaking the y-websocket protocol (Yjs sync and awareness). The document holds `content` (`description`, `sections`, as in a save) and `status`, written by the server after each change: `saved`, or `invalid` with the validation errors. Authenticate with the session cookie, `Authorization: Bearer`, or the subprotocols `portal` and `bearer.<token>`. Active and superseded versions are served read-only. Close codes: 4401 not signed in, 4403 not allowed or not a draft, 4404 no such list.',
        params: z.object({ expectedDocListId: z.string().min(1).max(80), version: z.coerce.number().int().min(1) }),
      },
    },
    async (socket, request) => {
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
  );
};

export default collabRoutes;
