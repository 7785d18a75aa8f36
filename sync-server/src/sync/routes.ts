import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, SyncCheckpoint, SyncPullQuery, SyncPushRefused, SyncPushRow, SYNC_RESYNC, type Right } from '@portal/shared';
import { requireCaller } from '../identity/caller.js';
import { HttpError } from '../http-error.js';
import type { ChangeFeed } from './change-feed.js';
import { toSyncDocument, type SyncCollection, type SyncScope } from './collection.js';
import { syncHorizon } from './horizon.js';

const HEARTBEAT_MS = 25_000;
/** Changes arriving within this window go out as one batch. */
const COALESCE_MS = 25;

export interface SyncRoutesOptions {
  collections: readonly SyncCollection[];
  feed: ChangeFeed;
  right: Right;
}

/** The caller's organization and the official one, looked up once at start by the library plugin. */
function scopeOf(app: FastifyInstance, request: FastifyRequest): SyncScope {
  return { orgId: requireCaller(request).orgId, officialOrgId: app.officialOrgId };
}

/**
 * `/sync/<collection>/pull|push|stream` for every collection (RxDB's HTTP replication). Each
 * collection gets its own operations so the contract documents its document shape.
 */
const syncRoutes: FastifyPluginAsyncZod<SyncRoutesOptions> = async (app, { collections, feed, right }) => {
  const open = new Set<() => void>();
  // Streams never end by themselves; a server shutting down ends them so it can stop.
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  /**
   * A server-sent event stream of some collections' changes. The first event, and the first after
   * every reconnect, is "RESYNC"; then each event carries one collection's new documents and
   * checkpoint (with its name when several collections share the stream).
   */
  const openStream = async (request: FastifyRequest, reply: FastifyReply, streamed: readonly SyncCollection[], named: boolean) => {
    const scope = scopeOf(app, request);
    const horizon = await syncHorizon(app.db);
    const { rows } = await app.db.query<{ last: number }>('SELECT last_value AS last FROM rev_seq');
    // Everything at or below the start has committed; the client's RESYNC pull covers it.
    const start = horizon !== null ? horizon - 1 : Number(rows[0]?.last ?? 0);
    const cursors = new Map(streamed.map((c) => [c, start]));

    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      // CORS for the desktop app: hijacked replies skip the hooks that would add it.
      ...(request.headers.origin && app.config.allowedOrigins.includes(request.headers.origin)
        ? { 'access-control-allow-origin': request.headers.origin, vary: 'Origin' }
        : {}),
    });
    const send = (data: unknown) => raw.write(`data: ${JSON.stringify(data)}\n\n`);
    send(SYNC_RESYNC);

    const dirty = new Set<SyncCollection>();
    let pending: NodeJS.Timeout | undefined;
    let flushing = Promise.resolve();
    const flush = () => {
      pending = undefined;
      const due = [...dirty];
      dirty.clear();
      flushing = flushing
        .then(async () => {
          for (const collection of due) {
            for (;;) {
              const changes = await collection.changes(app.db, scope, cursors.get(collection)!, await syncHorizon(app.db), 500);
              const last = changes.at(-1);
              if (!last) break;
              cursors.set(collection, last.rev);
              send({
                ...(named ? { collection: collection.name } : {}),
                documents: changes.map(toSyncDocument),
                checkpoint: { rev: last.rev, id: last.doc.id },
              });
              if (changes.length < 500) break;
            }
          }
        })
        .catch((err: unknown) => {
          request.log.warn({ err }, 'sync stream could not read changes; asking the client to resync');
          send(SYNC_RESYNC);
        });
    };
    const unsubscribe = feed.subscribe((c) => {
      if (c.org !== scope.orgId && c.org !== scope.officialOrgId) return;
      for (const collection of streamed) if (collection.tables.includes(c.table)) dirty.add(collection);
      if (dirty.size > 0) pending ??= setTimeout(flush, COALESCE_MS);
    });
    const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
    const end = () => {
      console.log('END called', Date.now(), raw.writableEnded, request.raw.socket?.destroyed);
      unsubscribe();
      clearInterval(heartbeat);
      clearTimeout(pending);
      open.delete(end);
      if (!raw.writableEnded) raw.end();
    };
    open.add(end);
    request.raw.on('close', end);
    request.raw.socket.on('close', () => console.log('SOCKET close', Date.now()));
    raw.on('close', () => console.log('RES close', Date.now()));
  };

  const names = collections.map((c) => c.name);
  app.get(
    '/sync/stream',
    {
      config: { access: right },
      schema: {
        tags: ['sync'],
        summary: 'Live changes of several collections on one connection (server-sent events)',
        description:
          'Like `/sync/<collection>/stream`, for several collections at once, so a browser spends one of its few connections per server on all of them. The first event, and the first after every reconnect, is `"RESYNC"`; then each event is `{ collection, documents, checkpoint }`.',
        querystring: z.object({
          collections: z
            .string()
            .optional()
            .describe(`Comma-separated collection names; all of them when absent: ${names.join(', ')}.`)
            .refine((v) => v === undefined || v.split(',').every((n) => names.includes(n.trim())), { message: `must name collections among ${names.join(', ')}` }),
        }),
        response: { 200: z.string().describe('text/event-stream'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const wanted = request.query.collections?.split(',').map((n) => n.trim());
      return openStream(request, reply, wanted ? collections.filter((c) => wanted.includes(c.name)) : collections, true);
    },
  );

  for (const collection of collections) {
    const base = `/sync/${collection.name}`;
    const Document = collection.document.extend({
      serverRev: z.number().int(),
      _deleted: z.boolean(),
    });
    const tag = 'sync';

    app.get(
      `${base}/pull`,
      {
        config: { access: right },
        schema: {
          tags: [tag],
          summary: `Pull ${collection.name} changed after a checkpoint`,
          description: `${collection.description} Documents come in server order (\`serverRev\`); pass the returned checkpoint to get the next batch. An empty batch means the client is up to date.`,
          querystring: SyncPullQuery,
          response: {
            200: z.object({ documents: z.array(Document), checkpoint: SyncCheckpoint.nullable() }),
            ...errorResponses(400, 401, 403),
          },
        },
      },
      async (request) => {
        const scope = scopeOf(app, request);
        const { rev = 0, id, limit } = request.query;
        const t0 = process.hrtime.bigint();
        const h = await syncHorizon(app.db);
        const t1 = process.hrtime.bigint();
        const changes = await collection.changes(app.db, scope, rev, h, limit);
        const last = changes.at(-1);
        ((globalThis as any).__pulls ??= []).push({ c: collection.name, rev, h, last: last?.rev, gap: Number(process.hrtime.bigint() - t1) / 1e6, hq: Number(t1 - t0) / 1e6 });
        return {
          documents: changes.map(toSyncDocument),
          checkpoint: last ? { rev: last.rev, id: last.doc.id } : request.query.rev !== undefined ? { rev, id: id ?? '' } : null,
        };
      },
    );

    app.post(
      `${base}/push`,
      {
        config: { access: right },
        schema: {
          tags: [tag],
          summary: `Push ${collection.name} (refused: read-only over sync)`,
          description: `${collection.readOnlyReason} The answer is always 409 with the server state of each pushed document as \`conflicts\`; RxDB keeps those.`,
          body: z.array(SyncPushRow).max(500),
          response: { 409: SyncPushRefused, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const scope = scopeOf(app, request);
        const ids = [...new Set(request.body.map((r) => String(r.newDocumentState.id ?? '')).filter(Boolean))];
        const master = await collection.byIds(app.db, scope, ids);
        throw new HttpError(409, `${collection.name} cannot be changed through sync: ${collection.readOnlyReason}`, {
          conflicts: master.map(toSyncDocument),
        });
      },
    );

    app.get(
      `${base}/stream`,
      {
        config: { access: right },
        schema: {
          tags: [tag],
          summary: `Live changes of ${collection.name} (server-sent events)`,
          description:
            'An event stream. The first event, and the first after every reconnect, is `"RESYNC"`: pull from your checkpoint. Then each event is `{ documents, checkpoint }` as changes commit. A comment line every 25 s keeps proxies from closing it.',
          response: { 200: z.string().describe('text/event-stream'), ...errorResponses(401, 403) },
        },
      },
      async (request, reply) => openStream(request, reply, [collection], false),
    );
  }
};

export default syncRoutes;
