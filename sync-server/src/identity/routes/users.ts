import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreateUserInput, errorResponses, UpdateUserInput, User } from '@portal/shared';
import { requireCaller } from '../caller.js';
import { toUser } from '../rows.js';
import { INVITATION_DAYS } from '../users-service.js';

/** The people of your organization; tag `users`. */
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = app.identity.users;

  app.get(
    '/users',
    {
      config: { access: 'organization.read' },
      schema: { tags: ['users'], summary: 'The users of your organization', response: { 200: z.array(User), ...errorResponses(401, 403) } },
    },
    async (request) => (await users.list(requireCaller(request).orgId)).map(toUser),
  );

  app.post(
    '/users',
    {
      config: { access: 'users.manage' },
      schema: {
        tags: ['users'],
        summary: 'Add a colleague',
        description: `With \`temporaryPassword\` the colleague signs in with it and must change it; without, an invitation mail with a link to set a password (valid ${INVITATION_DAYS} days) is sent.`,
        body: CreateUserInput,
        response: { 201: User, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(toUser(await users.create(requireCaller(request), request.body))),
  );

  app.patch(
    '/users/:id',
    {
      config: { access: 'users.manage' },
      schema: {
        tags: ['users'],
        summary: 'Edit a colleague',
        description:
          '409 for deactivating or demoting yourself or the last active Manager, and for an email that already has an account. Deactivating, or setting a temporary password, ends the user’s sessions. Adding an email to an instant account keeps the organization beyond its 30 days.',
        params: z.object({ id: z.string().min(1).max(64) }),
        body: UpdateUserInput,
        response: { 200: User, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => toUser(await users.update(requireCaller(request), request.params.id, request.body)),
  );
};

export default userRoutes;
