import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreateUserInput, errorResponses, UpdateUserInput, User } from '@portal/shared';
import { requireCaller } from '../caller.js';
import { toUser } from '../rows.js';
import type { ClientInfo } from '../sessions-service.js';
import { INVITATION_DAYS } from '../users-service.js';

const clientOf = (request: FastifyRequest): ClientInfo => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

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
        description: `With \`temporaryPassword\` the colleague signs in with it and must change it; without, an invitation mail with a link to set a password (valid ${INVITATION_DAYS} days) is sent. Mails to colleagues go out only once the adding Manager's own address is confirmed (POST /email-confirmation); until then the colleague is listed, invited, and the mail waits. Additions (and address changes) are throttled per organization and per Manager (429). 409 only for an address already in your organization: an address with an account elsewhere is answered like a new one (see CreateUserInput).`,
        body: CreateUserInput,
        response: { 201: User, ...errorResponses(400, 401, 403, 409, 429, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(toUser(await users.create(requireCaller(request), request.body, clientOf(request)))),
  );

  app.patch(
    '/users/:id',
    {
      config: { access: 'users.manage' },
      schema: {
        tags: ['users'],
        summary: 'Edit a colleague',
        description:
          '409 for deactivating or demoting yourself or the last active Manager, and for an email that already has an account (for a colleague still invited, a new address is a new invitation, answered as POST /users answers it). Deactivating, or setting a temporary password, ends the user’s sessions. A new password or a new address cancels every reset or invitation link mailed to the user before; a new address gets a link to confirm it (a colleague still invited: a new invitation). Address changes count in the invitation throttles (429). Adding an email to an instant account keeps the organization beyond its 30 days.',
        params: z.object({ id: z.string().min(1).max(64) }),
        body: UpdateUserInput,
        response: { 200: User, ...errorResponses(400, 401, 403, 404, 409, 429, 503) },
      },
    },
    async (request) => toUser(await users.update(requireCaller(request), request.params.id, request.body, clientOf(request))),
  );
};

export default userRoutes;
