import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccessMatrix, errorResponses, GuestKey, RIGHT_IDS, RIGHTS, ROLE_RIGHTS, ROLES } from '@portal/shared';
import { requireCaller } from '../caller.js';

/** The access matrix as enforced, and guest keys; tag `access`. */
const accessRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/access-matrix',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['access'],
        summary: 'Rights and roles as the server enforces them, and your role',
        response: { 200: AccessMatrix, ...errorResponses(401) },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      return {
        rights: RIGHT_IDS.map((id) => ({ id, description: RIGHTS[id] })),
        roles: ROLES.map((role) => ({ role, rights: [...ROLE_RIGHTS[role]] })),
        you: caller.role,
        callerKind: caller.kind,
      };
    },
  );

  app.post(
    '/guest',
    {
      config: { access: 'public' },
      schema: {
        tags: ['access'],
        summary: 'A guest key opening its own sandbox, no account needed',
        description:
          'No body. The key acts as an Originator in a new sandbox organization, which is deleted with everything in it when the key expires. Limits: see `limits` (spec Part 8).',
        response: { 201: GuestKey, ...errorResponses(429) },
      },
    },
    async (request, reply) => reply.code(201).send(await app.identity.apiKeys.openGuestSandbox(request.ip)),
  );
};

export default accessRoutes;
