import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pino from 'pino';


/** Credentials never reach a log line. */
export const LOG_REDACT = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

/**
 * One line per request, written when it completes, with everything an operator looks for: method,
 * url, status, time and the request id (bound by Fastify). Fastify's default writes a second line
 * on arrival, and a third for an unknown route, which doubles the logging cost of every request.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: Math.round(reply.elapsedTime * 100) / 100 };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

export interface ServerLogging {
  logger: NonNullable<FastifyServerOptions['logger']>;
  logController: LogController;
  /** Writes out what is still buffered; call before `process.exit`. */
  flush(): void;
}

/**
 * The production server's logging: JSON on stdout through an asynchronous destination, so a
 * request never waits for the terminal or the log collector reading the pipe (stdout is
 * synchronous on Linux), and one line per request.
 */
export function serverLogging(level: string): ServerLogging {
  // Lines are gathered into writes of 8 KiB (a write per line would be a system call per
  // request), and whatever is gathered goes out at least every 250 ms.
  const stream = pino.destination({ dest: 1, sync: false, minLength: 8 * 1024 });
  const tick = setInterval(() => {
    try {
      stream.flush();
    } catch {
      // Not open yet, or closing: the next tick or the final flush writes it.
    }
  }, 250);
  tick.unref();
  return {
    logger: {
      level,
      redact: LOG_REDACT,
      stream,
    },
    logController: new OneLinePerRequest(),
    flush() {
      clearInterval(tick);
      try {
        stream.flushSync();
      } catch {
        // Not open yet or already closed: nothing was buffered.
      }
    },
  };
}
