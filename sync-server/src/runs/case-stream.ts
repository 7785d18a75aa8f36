import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApplicationRun } from '@portal/shared';
import type { Caller } from '../identity/caller.js';

const HEARTBEAT_MS = 25_000;
/** Changes arriving within this window are read as one. */
const COALESCE_MS = 30;
/** A ledger row written with no other change to the case still arrives within this. */
const SAFETY_POLL_MS = 5_000;
/** Tables whose changes can change a case's run or append to its ledger. */
const CASE_TABLES = new Set(['applications', 'runs', 'application_files', 'application_documents', 'case_documents']);

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

  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    ...(request.headers.origin && app.config.allowedOrigins.includes(request.headers.origin)
      ? { 'access-control-allow-origin': request.headers.origin, vary: 'Origin' }
      : {}),
  });
  let ended = false;
  const write = (text: string) => {
    if (!ended && !raw.writableEnded && !raw.destroyed) raw.write(text);
  };
  const sendState = () => write(`event: state\ndata: ${JSON.stringify(run)}\n\n`);
  let reading = Promise.resolve();
  const read = () => {
    reading = reading
      .then(async () => {
        if (ended) return;
        for (;;) {
          const rows = await app.ledger.eventsAfter(caller.orgId, applicationId, seq);
          for (const row of rows) write(`id: ${row.seq}\nevent: ledger\ndata: ${JSON.stringify(row)}\n\n`);
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
        if (!ended) request.log.warn({ err }, 'case stream could not read the case');
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
  const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS);
  const untrack = app.liveConnections.track({
    caller,
    needs: 'cases.read',
    recheck: () => app.callerOf(request),
    close: (code, reason) => {
      write(`event: revoked\ndata: ${JSON.stringify({ status: code - 4000, error: reason })}\n\n`);
      end();
    },
  });
  const end = () => {
    if (ended) return;
    ended = true;
    untrack();
    unsubscribe();
    clearTimeout(pending);
    clearInterval(poll);
    clearInterval(heartbeat);
    open.delete(end);
    if (!raw.writableEnded) raw.end();
  };
  open.add(end);
  request.raw.on('close', end);
  raw.on('close', end);
  raw.on('error', end);
}
