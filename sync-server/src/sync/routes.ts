import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, SyncCheckpoint, SyncPullQuery, syncPushConflicts, SyncPushRow, SYNC_RESYNC, type Right } from '@portal/shared';
import { openEventStream } from '../event-stream.js';
import { requireCaller } from '../identity/caller.js';
import type { ChangeFeed } from '../db/change-feed.js';
import { toSyncDocument, type SyncCollection, type SyncScope } from './collection.js';
import { readBelowBound, syncBound } from './horizon.js';

/** What the stream operations' descriptions say about access taken away. */
const REVOKED_NOTE =
  'When the credential it was opened with ends (sign-out, key revoked, user deactivated, password reset) or its role loses the right, the stream sends a last event named `revoked` with `{ status: 401 | 403, error }` and ends within a second, on every server instance; reconnecting is then refused.';
/** Changes arriving within this window go out as one batch. */
const COALESCE_MS = 25;
/**
 * A change announced while an earlier transaction is still in flight stays below the bound until
 * that one ends; a commit announces itself, a rollback does not, so a stream holding announced
 * changes back looks again this often.
 */
const HELD_BACK_RETRY_MS = 100;
const PAGE = 500;

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
   * checkpoint (with its name when several collections share the stream). Every document comes
   * from below the sync bound, so an event's checkpoint never passes a row still to commit.
   */
  const openStream = async (request: FastifyRequest, reply: FastifyReply, streamed: readonly SyncCollection[], named: boolean) => {
    const scope = scopeOf(app, request);
    // Everything below the bound is final, and the client's RESYNC pull covers it; the stream
    // sends what comes after.
    const start = (await syncBound(app.db)) - 1;
    const cursors = new Map(streamed.map((c) => [c, start]));
    /** The latest rev announced per collection: what the stream owes the client. */
    const announced = new Map(streamed.map((c) => [c, start]));

    const stream = openEventStream(app, request, reply, { caller: requireCaller(request), needs: right, open });
    const send = (data: unknown) => stream.send(data);
    send(SYNC_RESYNC);

    const dirty = new Set<SyncCollection>();
    let pending: NodeJS.Timeout | undefined;
    let flushing = Promise.resolve();
    const schedule = (ms: number) => {
      if (!stream.ended) pending ??= setTimeout(flush, ms);
    };
    const flush = () => {
      pending = undefined;
      const due = [...dirty];
      dirty.clear();
      flushing = flushing
        .then(async () => {
          for (const collection of due) {
            for (;;) {
              if (stream.ended) return;
              const { changes, below } = await readBelowBound(app.db, async (q, below) => ({
                changes: await collection.changes(q, scope, cursors.get(collection)!, below, PAGE),
                below,
              }));
              const last = changes.at(-1);
              if (last) {
                cursors.set(collection, last.rev);
                send({
                  ...(named ? { collection: collection.name } : {}),
                  documents: changes.map(toSyncDocument),
                  checkpoint: { rev: last.rev, id: last.doc.id },
                });
              }
              if (changes.length >= PAGE) continue;
              if (below <= announced.get(collection)!) dirty.add(collection);
              break;
            }
          }
          if (dirty.size > 0) schedule(HELD_BACK_RETRY_MS);
        })
        .catch((err: unknown) => {
          if (stream.ended) return;
          request.log.warn({ err }, 'sync stream could not read changes; asking the client to resync');
          send(SYNC_RESYNC);
        });
    };
    const unsubscribe = feed.subscribe((c) => {
      if (c.org !== scope.orgId && c.org !== scope.officialOrgId) return;
      for (const collection of streamed) {
        if (!collection.tables.includes(c.table)) continue;
        dirty.add(collection);
        announced.set(collection, Math.max(announced.get(collection)!, c.rev));
      }
      if (dirty.size > 0) schedule(COALESCE_MS);
    });
    stream.onEnd(() => {
      unsubscribe();
      clearTimeout(pending);
    });
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
          'Like `/sync/<collection>/stream`, for several collections at once, so a browser spends one of its few connections per server on all of them. The first event, and the first after every reconnect, is `"RESYNC"`; then each event is `{ collection, documents, checkpoint }`. ' + REVOKED_NOTE,
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
          description: `${collection.description} Documents come in server order (\`serverRev\`); pass the returned checkpoint to get the next batch. An empty batch means the client is up to date. A document whose transaction is still in flight is held back until it ends, as is everything after it: a checkpoint never passes a change still to commit.`,
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
        const changes = await readBelowBound(app.db, (q, below) => collection.changes(q, scope, rev, below, limit));
        const last = changes.at(-1);
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
          summary: `Push ${collection.name} (read-only over sync: every document comes back as a conflict)`,
          description: `RxDB's push: the answer is 200 with the master state of every pushed document that conflicted. ${collection.name} is read-only over sync (${collection.readOnlyReason}), so nothing is written and every pushed document comes back: the server's state of it, or, for a document the server does not know, the pushed state with \`_deleted: true\`, so the client drops it.`,
          body: z.array(SyncPushRow).max(500),
          response: { 200: syncPushConflicts(Document), ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const scope = scopeOf(app, request);
        const pushed = new Map<string, Record<string, unknown>>();
        for (const row of request.body) {
          const id = row.newDocumentState.id;
          if (typeof id === 'string' && id !== '') pushed.set(id, row.newDocumentState);
        }
        const master = new Map((await collection.byIds(app.db, scope, [...pushed.keys()])).map((c) => [c.doc.id, toSyncDocument(c)]));
        return [...pushed].map(([id, state]) => master.get(id) ?? { ...state, id, _deleted: true as const });
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
            'An event stream. The first event, and the first after every reconnect, is `"RESYNC"`: pull from your checkpoint. Then each event is `{ documents, checkpoint }` as changes commit. A comment line every 25 s keeps proxies from closing it. ' + REVOKED_NOTE,
          response: { 200: z.string().describe('text/event-stream'), ...errorResponses(401, 403) },
        },
      },
      async (request, reply) => openStream(request, reply, [collection], false),
    );
  }
};

export default syncRoutes;
