import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { HttpError } from '../../http-error.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The most a multipart/form-data body of this route may be (set by the multipart plugin on
     * the routes that take uploads); other bodies are held to the route's `bodyLimit`.
     */
    uploadLimitBytes?: number;
  }
}

export interface RequestBodyOptions {
  /** A body that has been pulled from but has not sent a byte for this long is answered 408. */
  idleMs: number;
  /** A body not complete this long after its request began is answered 408, however it trickles. */
  totalMs: number;
}

/** What the request says of its body: its declared length, `chunked` (no length), or none. */
function declaredBody(raw: IncomingMessage): number | 'chunked' | undefined {
  if (raw.headers['transfer-encoding'] !== undefined) return 'chunked';
  const length = Number(raw.headers['content-length']);
  return Number.isFinite(length) && length > 0 ? length : undefined;
}

/** Only a request that came over a real socket has bytes still on their way (inject's have none). */
const overTheWire = (raw: IncomingMessage): boolean => raw.socket instanceof Socket;

const MB = 1024 * 1024;
const size = (bytes: number) => (bytes >= MB ? `${Math.round((bytes / MB) * 10) / 10} MB` : `${bytes} bytes`);

/**
 * The most this request's body may be: a multipart body, the upload limit of a route that takes
 * uploads; a JSON body, the route's bodyLimit. Undefined for a type the route does not parse
 * (Fastify answers 415 without reading it, and the connection closes: a size would mislead).
 */
function limitOf(request: FastifyRequest): number | undefined {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'multipart/form-data') return request.routeOptions.config?.uploadLimitBytes;
  if (type === 'application/json' || type.endsWith('+json')) return request.routeOptions.bodyLimit;
  return undefined;
}

/**
 * What a request body may cost the server (issue 37). A body is read only once the request is
 * accepted, and an answer given before it was read whole (401, 404, 415, a refused field, a
 * limit) closes the connection: `Connection: close`, and Node destroys the socket as soon as the
 * answer is flushed, so a client trickling a huge body buys one answer, not a reader. Reading the
 * rest to keep the connection alive was the old way: it let anyone keep the server reading for
 * as long as they kept sending. A `Content-Length` past the operation's limit is 413 before a byte
 * of the body is read; a body that stops arriving while it is being read (`idleMs`), or is not
 * complete `totalMs` after the request began, is 408 (the connection closes). Time the server
 * itself spends not reading (a hook waiting for the database, a file being checked while the next
 * one waits) is not held against the client: idleness counts only while the body is pulled.
 */
export default fp(
  async function requestBody(app: FastifyInstance, options: RequestBodyOptions) {
    const tick = Math.max(10, Math.min(1_000, Math.floor(Math.min(options.idleMs, options.totalMs) / 4)));

    app.addHook('onRequest', async (request, reply) => {
      const raw = request.raw;
      const declared = declaredBody(raw);
      if (declared === undefined) return;
      const limit = limitOf(request);
      if (limit !== undefined && declared !== 'chunked' && declared > limit) {
        throw new HttpError(413, `The request body is larger than this operation takes: ${size(declared)} declared (Content-Length), at most ${size(limit)}. Nothing of it was read`);
      }
      if (overTheWire(raw) && !raw.complete) watch(request, reply, declared, limit);
    });

    // An answer before the body was read whole: the connection ends with it (see above).
    app.addHook('onSend', async (request, reply) => {
      const raw = request.raw;
      if (declaredBody(raw) !== undefined && overTheWire(raw) && !raw.complete) reply.header('connection', 'close');
    });

    /**
     * Watches the body's bytes arrive on the socket (its `bytesRead`: Node's parser reads the
     * socket natively, so there is no 'data' event to count without consuming the body).
     */
    function watch(request: FastifyRequest, reply: FastifyReply, declared: number | 'chunked', limit: number | undefined): void {
      const raw = request.raw;
      const socket = raw.socket;
      const started = Date.now();
      const base = socket.bytesRead;
      let seen = base;
      let lastProgress = started;
      const timer = setInterval(() => {
        if (raw.complete || socket.destroyed) return stop();
        const now = Date.now();
        if (socket.bytesRead !== seen || raw.readableFlowing !== true) {
          // Bytes came, or nobody pulls the body just now (the server's own wait): not the client's idleness.
          seen = socket.bytesRead;
          lastProgress = now;
        }
        if (declared === 'chunked' && limit !== undefined && seen - base > limit + 64 * 1024) {
          return refuse(new HttpError(413, `The request body (sent without Content-Length) is past ${size(limit)}, the most this operation takes`));
        }
        if (now - lastProgress >= options.idleMs) {
          return refuse(new HttpError(408, `The request body stopped arriving: nothing came for ${options.idleMs / 1000} s`));
        }
        if (now - started >= options.totalMs) {
          return refuse(new HttpError(408, `The request body did not arrive whole within ${options.totalMs / 1000} s`));
        }
      }, tick);
      timer.unref();
      function stop() {
        clearInterval(timer);
      }
      raw.once('end', stop);
      reply.raw.once('close', stop);

      function refuse(err: HttpError) {
        stop();
        request.log.info({ status: err.status, bytesRead: socket.bytesRead - base }, `request body refused: ${err.message}`);
        // Whoever reads the body (Fastify's JSON parser, the multipart reader) fails with it and
        // the error handler answers; with no reader, or an answer already sent, there is no one
        // to tell but the socket.
        if (!reply.sent && !reply.raw.headersSent && raw.listenerCount('error') > 0) raw.emit('error', err);
        else socket.destroy();
      }
    }
  },
  { name: 'request-body' },
);
