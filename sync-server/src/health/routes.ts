import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthStatus } from '@portal/shared';
import { SERVER_VERSION } from '../version.js';

/** A database that takes longer than this to answer `SELECT 1` is reported as down. */
const DB_PROBE_TIMEOUT_MS = 2_000;

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Health of this server instance and its database',
        response: { 200: HealthStatus.describe('The server and its database answer.'), 503: HealthStatus.describe('The database does not answer.') },
      },
    },
    async (_request, reply) => {
      let timer: NodeJS.Timeout | undefined;
      const ok = await Promise.race([
        app.db.query('SELECT 1').then(
          () => true,
          () => false,
        ),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), DB_PROBE_TIMEOUT_MS);
        }),
      ]);
      clearTimeout(timer);
      const body: HealthStatus = {
        status: ok ? 'ok' : 'unavailable',
        version: SERVER_VERSION,
        database: { driver: app.db.driver, ok },
        uptimeSeconds: Math.round((Date.now() - app.startedAt) / 100) / 10,
        time: new Date().toISOString(),
      };
      reply.header('Cache-Control', 'no-store');
      return reply.code(ok ? 200 : 503).send(body);
    },
  );
};

export default healthRoutes;
