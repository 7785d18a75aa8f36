import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { API_BASE_PATH, MAX_PATH_PARAM_CHARS } from '@portal/shared';
import './types.js';
import { AREAS, registerAreas } from './areas.js';
import conditionalGet from './plugins/app/conditional-get.js';
import { openBlobStore } from './blobs/open-blob-store.js';
import blobVerification from './blobs/verify-blobs.js';
import { systemClock, type Clock } from './clock.js';
import type { AppConfig } from './config.js';
import { DatabaseBusyError, type Db } from './db/db.js';
import { migrate } from './db/migrate.js';
import { openDatabase } from './db/open-database.js';
import auth from './identity/auth-plugin.js';
import { ChangeFeed } from './db/change-feed.js';
import { JobQueue } from './jobs/job-queue.js';
import { QueueStats } from './fair-slots.js';
import { RESEARCH_LANE } from './research/types.js';
import mail from './mail/plugin.js';
import errorHandler, { answerFrameworkError } from './plugins/app/error-handler.js';
import jsonBody from './plugins/app/json-body.js';
import requestBody from './plugins/app/request-body.js';
import { createResponseSerializerCompiler } from './plugins/app/serializer.js';
import services from './plugins/app/services.js';
import cors from './plugins/external/cors.js';
import renderer from './plugins/external/renderer.js';
import swagger from './plugins/external/swagger.js';
import retention from './retention/purge.js';
import { LOG_REDACT } from './request-log.js';

export interface BuildOptions {
  /** An already open database (tests); the app closes it on close unless `keepDatabaseOpen`. */
  db?: Db;
  /** Leave `db` open on close, so another app can take over the same database (restart tests). */
  keepDatabaseOpen?: boolean;
  /** Fastify logger options; by default JSON logs at `config.logLevel`. */
  logger?: FastifyServerOptions['logger'];
  /** Which lines Fastify logs per request; by default two (incoming, completed). */
  logController?: FastifyServerOptions['logController'];
  /** More routes under `/api`, registered after the built-in ones (embedding, cross-cutting tests). */
  routes?: FastifyPluginAsync;
  /** The clock for expiry and retention; tests move it forward instead of waiting. */
  clock?: Clock;
}

export type App = FastifyInstance;

/** Builds the whole server, ready to `listen` or to `inject` into. Opens and migrates the database. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<App> {
  const db =
    options.db ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, schema: config.databaseSchema, pool: config.databasePool, pglite: config.pglite }));
  let app: FastifyInstance | undefined;
  try {
    await migrate(db);
    app = Fastify({
      logger: options.logger ?? {
        level: config.logLevel,
        redact: LOG_REDACT,
      },
      logController: options.logController,
      bodyLimit: config.bodyLimitBytes,
      genReqId: (req) => {
        const given = req.headers['x-request-id'];
        return typeof given === 'string' && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
      },
      requestIdHeader: false,
      trustProxy: config.trustProxy,
      return503OnClosing: true,
      // Fastify's default (100) refused declared parameters (an address takes 160 characters,
      // more when percent-encoded) with a 414 of its own shape; longer ones are 414 `{ error }`.
      routerOptions: { maxParamLength: MAX_PATH_PARAM_CHARS },
      frameworkErrors: answerFrameworkError,
    }).withTypeProvider<ZodTypeProvider>();
    // No response is to be sniffed into another type (a PDF or markdown rendered as HTML):
    // every answer, errors and the web app included. Event streams set it themselves (hijacked).
    app.addHook('onSend', async (_request, reply) => {
      reply.header('x-content-type-options', 'nosniff');
    });
    app.setValidatorCompiler(validatorCompiler);
    // Responses leave through their contract schema, compiled once per schema (serializer.ts).
    app.setSerializerCompiler(createResponseSerializerCompiler({ strict: config.responseValidation === 'strict', log: app.log }));
    // Only JSON bodies (and, later, multipart uploads) are accepted; anything else is a 415.
    app.removeContentTypeParser('text/plain');

    const blobs = await openBlobStore(config, db);
    app.addHook('onClose', () => blobs.close());
    const queueStats = new QueueStats();
    const jobs = new JobQueue(db, { leaseMs: config.jobLeaseMs, pollMs: config.jobPollMs, log: app.log, reserve: config.orgReserveSlots, stats: queueStats });

    app.decorate('config', config);
    app.decorate('db', db);
    app.decorate('blobs', blobs);
    app.decorate('jobs', jobs);
    app.decorate('queueStats', queueStats);
    const changes = new ChangeFeed(db);
    await changes.start();
    app.decorate('changes', changes);
    // A request that may have written: its changes reach this instance's streams without waiting
    // for the feed's next tick (a no-op on the embedded database, which announces every row).
    app.addHook('onResponse', async (request) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') changes.poke();
    });
    app.decorate('startedAt', Date.now());

    await app.register(services, { clock: options.clock ?? systemClock });
    await app.register(mail);
    // Answered 503 with Retry-After by the error handler (an HttpError); the pool's state says why.
    app.addHook('onError', async (request, _reply, err) => {
      if (err instanceof DatabaseBusyError) request.log.warn({ pool: err.pool }, 'no database connection came free in time: answered 503');
    });
    await app.register(retention);
    await app.register(blobVerification);
    await app.register(swagger);
    await app.register(renderer);
    await app.register(errorHandler);
    await app.register(jsonBody);
    // Bodies: 413 on a declared length past the route's limit, 408 on one that stalls, and the
    // connection closed after any answer given before the body was read (issue 37).
    await app.register(requestBody, config.bodyTimeouts);
    await app.register(
      async (api) => {
        // Before any area, so they hold for every operation: CORS for the configured origins
        // (which also labels refusals; with none configured there is nothing to allow, and no
        // per-request cost), and the auth hook that enforces each route's `config.access`.
        // WebSocket support is the collaboration routes' own (library/plugin.ts).
        if (config.allowedOrigins.length > 0) await api.register(cors);
        await api.register(auth);
        // ETags and If-None-Match for every route that declares `config.etag`.
        await api.register(conditionalGet);
        // The areas, from the one list in areas.ts, each held to the spec tags it serves.
        await registerAreas(api, AREAS);
        if (options.routes) await api.register(options.routes);
      },
      { prefix: API_BASE_PATH },
    );

    app.addHook('onReady', async () => {
      await jobs.scheduleRecurring();
      jobs.start(config.workers, { [RESEARCH_LANE]: config.research.parallel });
    });
    // A keep-alive connection busy when shutdown began would otherwise stay open after its
    // response (idle connections are closed only once, at the start) and hold up the close.
    let closing = false;
    // A connection that has not sent a request yet (clients open spare ones; undici does right
    // after a fetch of an event stream is aborted) is not idle to Node, so the server's close
    // would wait until the client drops it (seconds): end those, and any opened while closing.
    const fresh = new Set<Socket>();
    app.server.on('connection', (socket: Socket) => {
      if (closing) return void socket.destroy();
      fresh.add(socket);
      socket.once('close', () => fresh.delete(socket));
    });
    app.server.on('request', (req: IncomingMessage) => fresh.delete(req.socket));
    app.server.on('upgrade', (req: IncomingMessage) => fresh.delete(req.socket));
    app.addHook('preClose', async () => {
      closing = true;
      for (const socket of fresh) socket.destroy();
    });
    app.addHook('onSend', async (_request, reply) => {
      if (closing) reply.header('connection', 'close');
    });
    // Fastify has stopped accepting requests and drained in-flight ones by the time this runs.
    app.addHook('onClose', async () => {
      await jobs.stop(config.shutdownGraceMs);
      await changes.close();
      if (!options.keepDatabaseOpen) await db.close();
    });
    await app.ready();
    return app;
  } catch (err) {
    if (app) await app.close().catch(() => {});
    await db.close().catch(() => {});
    throw err;
  }
}
