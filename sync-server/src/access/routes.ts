import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccessMatrix, errorResponses, RIGHT_IDS, RIGHTS, ROLE_RIGHTS, ROLES } from '@portal/shared';
import { requireCaller } from './auth-plugin.js';

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
};

export default accessRoutes;
