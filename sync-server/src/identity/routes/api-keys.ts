import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiKey, CreateApiKeyInput, CreatedApiKey, errorResponses } from '@portal/shared';
import { requireCaller } from '../caller.js';

/** API keys of your organization, managed by signed-in Managers only; tag `keys`. */
const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const keys = app.identity.apiKeys;
  const manage = { access: 'keys.manage', usersOnly: true } as const;

  app.get(
    '/api-keys',
    {
      config: manage,
      schema: {
        tags: ['keys'],
        summary: 'API keys of your organization, active and revoked, newest first',
        response: { 200: z.array(ApiKey), ...errorResponses(401, 403) },
      },
    },
    async (request) => keys.list(requireCaller(request).orgId),
  );

  app.post(
    '/api-keys',
    {
      config: manage,
      schema: {
        tags: ['keys'],
        summary: 'Create an API key; its secret is shown only in this answer',
        body: CreateApiKeyInput,
        response: { 201: CreatedApiKey, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => reply.code(201).send(await keys.create(requireCaller(request), request.body.name)),
  );

  app.delete(
    '/api-keys/:id',
    {
      config: manage,
      schema: {
        tags: ['keys'],
        summary: 'Revoke an API key (the row stays, listed as revoked)',
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 204: z.undefined().describe('Revoked, also when it already was.'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await keys.revoke(requireCaller(request).orgId, request.params.id);
      return reply.code(204).send();
    },
  );
};

export default apiKeyRoutes;
