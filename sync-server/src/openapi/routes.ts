import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const openapiRoutes: FastifyPluginAsyncZod = async (app) => {
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

export default openapiRoutes;
