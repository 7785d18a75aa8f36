import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HealthStatus } from '@portal/shared';

/** `GET /healthz` and `GET /openapi.json`, both public; tag `health`. */
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
      const body = await app.health.status();
      reply.header('Cache-Control', 'no-store');
      return reply.code(body.database.ok ? 200 : 503).send(body);
    },
  );

  app.get(
    '/openapi.json',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'This contract, as an OpenAPI 3.1.0 document',
        response: { 200: z.record(z.string(), z.unknown()).describe('The OpenAPI 3.1.0 document.') },
      },
    },
    async () => app.swagger() as unknown as Record<string, unknown>,
  );
};

export default healthRoutes;
