import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, eventStreamResponse, hasRight, SYNC_RESYNC, SyncCheckpoint, SyncPullQuery, syncPushConflicts, SyncPushRow, type Right } from '@portal/shared';
import { openEventStream } from '../event-stream.js';
import { HttpError } from '../http-error.js';
import { requireCaller } from '../identity/caller.js';
import type { ChangeFeed } from '../db/change-feed.js';
import { ownerOf, toSyncDocument, type SyncCollection, type SyncPushedRow, type SyncScope } from './collection.js';
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
  /** The right of collections that name none, and of `/sync/stream` itself. */
  right: Right;
}

/**
 * A collection's document as pulled: its own fields plus `serverRev` and `_deleted`, the
 * required ones first. The compiled response serializer writes optional properties after the
 * required ones, zod in the schema's order, and the strict mode of the tests wants both equal.
 */
function replicated(document: z.ZodObject): z.ZodObject {
  const fields = Object.entries({ ...document.shape, serverRev: z.number().int(), _deleted: z.boolean() });
  const optional = (f: z.ZodType) => f._zod.optout === 'optional';
  const ordered = z.object(Object.fromEntries([...fields.filter(([, f]) => !optional(f)), ...fields.filter(([, f]) => optional(f))]));
  return document.description ? ordered.describe(document.description) : ordered;
}

/** The caller's organization and the official one, looked up once at start by the library plugin. */
function scopeOf(app: FastifyInstance, request: FastifyRequest): SyncScope {
  const caller = requireCaller(request);
  return { orgId: caller.orgId, owner: ownerOf(caller), officialOrgId: app.officialOrgId };
}

/**
 * A pushed document of a collection the client writes: its own fields, checked (a malformed row
 * refuses the whole push with 400, before anything is applied), plus RxDB's, which the client may
 * send along.
 */
const pushedRow = (document: z.ZodObject) =>
  z.object({
    newDocumentState: document.extend({ serverRev: z.number().int().min(0).optional(), _deleted: z.boolean().optional() }),
    assumedMasterState: z.record(z.string(), z.unknown()).nullish(),
  });

/**
 * `/sync/<collection>/pull|push|stream` for every collection (RxDB's HTTP replication). Each
 * collection gets its own operations so the contract documents its document shape.
 */
const syncRoutes: FastifyPluginAsyncZod<SyncRoutesOptions> = async (app, { collections, feed, right }) => {
  const rightOf = (c: SyncCollection): Right => c.right ?? right;
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

    const caller = requireCaller(request);
    const [needs = right, ...alsoNeeds] = [...new Set(streamed.map(rightOf))];
    const stream = openEventStream(app, request, reply, { caller, needs, open });
    // The stream is tied to one right; collections needing others tie it to theirs too, so losing
    // any of them ends it the same way.
    for (const also of alsoNeeds) {
      const untrack = app.liveConnections.track({
        caller,
        needs: also,
        recheck: () => app.callerOf(request),
        close: (code, reason) => {
          stream.send({ status: code - 4000, error: reason }, { event: 'revoked' });
          stream.end();
        },
      });
      stream.onEnd(untrack);
    }
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
              const { changes, below } = await readBelowBound(
                app.db,
                async (q, below) => ({ changes: await collection.changes(q, scope, cursors.get(collection)!, below, PAGE), below }),
                { oneStatement: collection.oneStatement === true },
              );
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
          'Like `/sync/<collection>/stream`, for several collections at once, so a browser spends one of its few connections per server on all of them. The first event, and the first after every reconnect, is `"RESYNC"`; then each event is `{ collection, documents, checkpoint }`. Each collection needs its own right (the library ones `library.read`, the case ones `cases.read`): 403 when one named needs a right the caller’s role lacks. ' + REVOKED_NOTE,
        querystring: z.object({
          collections: z
            .string()
            .optional()
            .describe(`Comma-separated collection names; when absent, all of them the caller’s role may read: ${names.join(', ')}.`)
            // The refinement below, for the document.
            .meta({ pattern: `^\\s*(?:${names.join('|')})\\s*(?:,\\s*(?:${names.join('|')})\\s*)*$` })
            .refine((v) => v === undefined || v.split(',').every((n) => names.includes(n.trim())), { message: `must name collections among ${names.join(', ')}` }),
        }),
        response: { 200: eventStreamResponse('The changes as they commit (`text/event-stream`).'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { role } = requireCaller(request);
      const wanted = request.query.collections?.split(',').map((n) => n.trim());
      const chosen = wanted ? collections.filter((c) => wanted.includes(c.name)) : collections.filter((c) => hasRight(role, rightOf(c)));
      const refused = chosen.find((c) => !hasRight(role, rightOf(c)));
      if (refused) throw new HttpError(403, `The collection ${refused.name} needs the right ${rightOf(refused)}, which the ${role} role does not have`);
      return openStream(request, reply, chosen, true);
    },
  );

  for (const collection of collections) {
    const base = `/sync/${collection.name}`;
    const Document = replicated(collection.document);
    const tag = 'sync';

    app.get(
      `${base}/pull`,
      {
        config: { access: rightOf(collection) },
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
        const changes = await readBelowBound(app.db, (q, below) => collection.changes(q, scope, rev, below, limit), { oneStatement: collection.oneStatement === true });
        const last = changes.at(-1);
        return {
          documents: changes.map(toSyncDocument),
          checkpoint: last ? { rev: last.rev, id: last.doc.id } : request.query.rev !== undefined ? { rev, id: id ?? '' } : null,
        };
      },
    );

    const { push } = collection;
    if (push) {
      app.post(
        `${base}/push`,
        {
          config: { access: rightOf(collection) },
          schema: {
            tags: [tag],
            summary: `Push ${collection.name}`,
            description: `RxDB's push: the answer is 200 with the master state of every pushed document, which the client adopts (its outcome, as the server now holds it; a document the server keeps no row of comes back with \`_deleted: true\`). ${push.description} A document that breaks the schema refuses the whole push with 400, and nothing of it is applied.`,
            body: z.array(pushedRow(collection.document)).max(500),
            response: { 200: syncPushConflicts(Document), ...errorResponses(400, 401, 403) },
          },
        },
        async (request) => {
          const answered = await push.apply(requireCaller(request), scopeOf(app, request), request.body as SyncPushedRow[]);
          return answered.map((a) => ('gone' in a ? { ...a.gone, _deleted: true as const } : toSyncDocument(a)));
        },
      );
    } else {
      app.post(
        `${base}/push`,
        {
          config: { access: rightOf(collection) },
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
    }

    app.get(
      `${base}/stream`,
      {
        config: { access: rightOf(collection) },
        schema: {
          tags: [tag],
          summary: `Live changes of ${collection.name} (server-sent events)`,
          description:
            'An event stream. The first event, and the first after every reconnect, is `"RESYNC"`: pull from your checkpoint. Then each event is `{ documents, checkpoint }` as changes commit. A comment line every 25 s keeps proxies from closing it. ' + REVOKED_NOTE,
          response: { 200: eventStreamResponse('The changes as they commit (`text/event-stream`).'), ...errorResponses(401, 403) },
        },
      },
      async (request, reply) => openStream(request, reply, [collection], false),
    );
  }
};

export default syncRoutes;
