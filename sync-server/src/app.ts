import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { API_BASE_PATH } from '@portal/shared';
import './types.js';
import auth from './access/auth-plugin.js';
import accessRoutes from './access/routes.js';
import apiKeyRoutes from './api-keys/routes.js';
import { systemClock, type Clock } from './clock.js';
import contactRoutes from './contact/routes.js';
import mail from './mail/plugin.js';
import organizationRoutes from './organization/routes.js';
import services from './plugins/app/services.js';
import retention from './retention/purge.js';
import sessionRoutes from './sessions/routes.js';
import sync from './sync/plugin.js';
import collab from './collab/plugin.js';
import collabRoutes from './collab/routes.js';
import userRoutes from './users/routes.js';
import { BlobStore } from './blobs/blob-store.js';
import type { AppConfig } from './config.js';
import type { Db } from './db/db.js';
import { migrate } from './db/migrate.js';
import { openDatabase } from './db/open-database.js';
import healthRoutes from './health/routes.js';
import { JobQueue } from './jobs/job-queue.js';
import openapiRoutes from './openapi/routes.js';
import errorHandler from './plugins/app/error-handler.js';
import renderer from './plugins/external/renderer.js';
import swagger from './plugins/external/swagger.js';
import library from './library/plugin.js';
import expectedDocListRoutes from './expected-doc-lists/routes.js';
import docTypeRoutes from './doc-types/routes.js';
import extractionSchemaRoutes from './extraction-schemas/routes.js';
import bundleRoutes from './bundles/routes.js';
import savedSectionRoutes from './saved-sections/routes.js';
import { seedOfficialContent } from './official/seed.js';
import workflows from './workflows/plugin.js';
import intelTemplates from './intel-templates/plugin.js';
import modelRoutes from './models/routes.js';

export interface BuildOptions {
  /** An already open database (tests); the app closes it on close unless `keepDatabaseOpen`. */
  db?: Db;
  /** Leave `db` open on close, so another app can take over the same database (restart tests). */
  keepDatabaseOpen?: boolean;
  /** Fastify logger options; by default JSON logs at `config.logLevel`. */
  logger?: FastifyServerOptions['logger'];
  /** More routes under `/api`, registered after the built-in ones (embedding, cross-cutting tests). */
  routes?: FastifyPluginAsync;
  /** The clock for expiry and retention; tests move it forward instead of waiting. */
  clock?: Clock;
}

export type App = FastifyInstance;

/** Builds the whole server, ready to `listen` or to `inject` into. Opens and migrates the database. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<App> {
  const db =
    options.db ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, schema: config.databaseSchema }));
  let app: FastifyInstance | undefined;
  try {
    await migrate(db);
    await seedOfficialContent(db);
    app = Fastify({
      logger: options.logger ?? {
        level: config.logLevel,
        redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      },
      bodyLimit: config.bodyLimitBytes,
      genReqId: (req) => {
        const given = req.headers['x-request-id'];
        return typeof given === 'string' && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
      },
      requestIdHeader: false,
      trustProxy: config.trustProxy,
      return503OnClosing: true,
    }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    // Only JSON bodies (and, later, multipart uploads) are accepted; anything else is a 415.
    app.removeContentTypeParser('text/plain');

    const blobs = new BlobStore(join(config.dataDir, 'blobs'));
    await blobs.init();
    const jobs = new JobQueue(db, { leaseMs: config.jobLeaseMs, pollMs: config.jobPollMs, log: app.log });

    app.decorate('config', config);
    app.decorate('db', db);
    app.decorate('blobs', blobs);
    app.decorate('jobs', jobs);
    app.decorate('startedAt', Date.now());

    await app.register(services, { clock: options.clock ?? systemClock });
    await app.register(mail);
    await app.register(retention);
    await app.register(swagger);
    await app.register(renderer);
    await app.register(errorHandler);
    await app.register(
      async (api) => {
        await api.register(auth);
        await api.register(healthRoutes);
        await api.register(openapiRoutes);
        await api.register(accessRoutes);
        await api.register(sessionRoutes);
        await api.register(userRoutes);
        await api.register(organizationRoutes);
        await api.register(apiKeyRoutes);
        await api.register(contactRoutes);
        await api.register(library);
        await api.register(collab);
        await api.register(expectedDocListRoutes);
        await api.register(docTypeRoutes);
        await api.register(extractionSchemaRoutes);
        await api.register(bundleRoutes);
        await api.register(savedSectionRoutes);
        await api.register(workflows);
        await api.register(intelTemplates);
        await api.register(modelRoutes);
        await api.register(sync);
        await api.register(collabRoutes);
        if (options.routes) await api.register(options.routes);
      },
      { prefix: API_BASE_PATH },
    );

    app.addHook('onReady', async () => {
      await jobs.scheduleRecurring();
      jobs.start(config.workers);
    });
    // A keep-alive connection busy when shutdown began would otherwise stay open after its
    // response (idle connections are closed only once, at the start) and hold up the close.
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onSend', async (_request, reply) => {
      if (closing) reply.header('connection', 'close');
    });
    // Fastify has stopped accepting requests and drained in-flight ones by the time this runs.
    app.addHook('onClose', async () => {
      await jobs.stop(config.shutdownGraceMs);
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
