import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApplicationRun } from '@portal/shared';
import { openEventStream } from '../event-stream.js';
import type { Caller } from '../identity/caller.js';

/** Changes arriving within this window are read as one. */
const COALESCE_MS = 30;
/** Every change announces itself; this only covers a listener that reconnected and missed one. */
const SAFETY_POLL_MS = 5_000;
/** Tables whose changes can change a case's run or append to its ledger (ledger rows announce themselves since 018). */
const CASE_TABLES = new Set(['applications', 'runs', 'application_files', 'application_documents', 'case_documents', 'ledger']);

/**
 * A case followed live (`GET /applications/{id}/run/stream`): server-sent events `state` (the
 * case's `run`, as `GET /applications/{id}` has it, each time it changes: state, stage, pages
 * done) and `ledger` (each new row, with its `seq` as the event id, so a reconnect with
 * `Last-Event-ID` resumes after it). Fed by the change feed, so a run executed by a worker on
 * another instance reaches every instance's reviewers; tied to the caller's credential (closed
 * when it is revoked).
 */
export async function streamCase(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, caller: Caller, applicationId: string, open: Set<() => void>): Promise<void> {
  const lastEventId = Number(request.headers['last-event-id']);
  let seq = Number.isInteger(lastEventId) && lastEventId >= 0 ? lastEventId : 0;
  // 404 before the stream starts.
  let run: ApplicationRun = (await app.applications.get(caller.orgId, applicationId)).run;

  const stream = openEventStream(app, request, reply, { caller, needs: 'cases.read', open });
  const sendState = () => stream.send(run, { event: 'state' });
  let reading = Promise.resolve();
  const read = () => {
    reading = reading
      .then(async () => {
        if (stream.ended) return;
        for (;;) {
          const rows = await app.ledger.eventsAfter(caller.orgId, applicationId, seq);
          for (const row of rows) stream.send(row, { id: row.seq, event: 'ledger' });
          if (rows.length > 0) seq = rows.at(-1)!.seq;
          if (rows.length < 500) break;
        }
        const now = (await app.applications.get(caller.orgId, applicationId)).run;
        if (JSON.stringify(now) !== JSON.stringify(run)) {
          run = now;
          sendState();
        }
      })
      .catch((err: unknown) => {
        if (!stream.ended) request.log.warn({ err }, 'case stream could not read the case');
      });
  };
  sendState();
  read();
  let pending: NodeJS.Timeout | undefined;
  const unsubscribe = app.changes.subscribe((c) => {
    if (c.org !== caller.orgId || !CASE_TABLES.has(c.table)) return;
    pending ??= setTimeout(() => {
      pending = undefined;
      read();
    }, COALESCE_MS);
  });
  const poll = setInterval(read, SAFETY_POLL_MS);
  stream.onEnd(() => {
    unsubscribe();
    clearTimeout(pending);
    clearInterval(poll);
  });
}
