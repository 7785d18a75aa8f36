import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Right } from '@portal/shared';
import type { Caller } from './identity/caller.js';

const HEARTBEAT_MS = 25_000;

/** An open server-sent event stream. Writes after it ended are dropped. */
export interface EventStream {
  /** Raw text, already framed (`event:`, `id:`, `data:` lines and a blank line). */
  write(text: string): void;
  /** One event: `data` as JSON, with its name and id when given. */
  send(data: unknown, options?: { event?: string; id?: number | string }): void;
  readonly ended: boolean;
  /** Runs when the stream ends, however it ends. */
  onEnd(cleanup: () => void): void;
  end(): void;
}

export interface EventStreamOptions {
  caller: Caller;
  /** The right the stream needs: losing it, or the credential, ends the stream with `revoked`. */
  needs: Right;
  /** The route's open streams: a server shutting down ends them so it can stop. */
  open: Set<() => void>;
  /** The reconnect delay suggested to an EventSource (`retry:`). */
  retryMs?: number;
}

/**
 * Takes over the reply as a `text/event-stream` response: CORS for the desktop app (a hijacked
 * reply skips the hooks that would add it), headers sent at once (a client waits for them to know
 * the stream is open), a heartbeat comment, and the stream tied to the caller's credential (a
 * last `revoked` event `{ status, error }` when it ends or loses the right, on every instance).
 * The client leaving, the connection failing or the server stopping ends it too.
 */
export function openEventStream(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, options: EventStreamOptions): EventStream {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    // The app's onSend hook does not run for a hijacked reply.
    'x-content-type-options': 'nosniff',
    ...(request.headers.origin && app.config.allowedOrigins.includes(request.headers.origin)
      ? { 'access-control-allow-origin': request.headers.origin, vary: 'Origin' }
      : {}),
  });
  let ended = false;
  const cleanups: (() => void)[] = [];
  // A read in flight when the client left must not write to a closed response.
  const write = (text: string) => {
    if (!ended && !raw.writableEnded && !raw.destroyed) raw.write(text);
  };
  write(options.retryMs ? `retry: ${options.retryMs}\n\n` : ': open\n\n');
  const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS);
  const untrack = app.liveConnections.track({
    caller: options.caller,
    needs: options.needs,
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
    clearInterval(heartbeat);
    options.open.delete(end);
    for (const cleanup of cleanups) cleanup();
    if (!raw.writableEnded) raw.end();
  };
  options.open.add(end);
  request.raw.on('close', end);
  raw.on('close', end);
  raw.on('error', end);
  return {
    write,
    send(data, o = {}) {
      write(`${o.id !== undefined ? `id: ${o.id}\n` : ''}${o.event ? `event: ${o.event}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
    },
    get ended() {
      return ended;
    },
    onEnd(cleanup) {
      if (ended) cleanup();
      else cleanups.push(cleanup);
    },
    end,
  };
}
