import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreateUserInput, errorResponses, newId, UpdateUserInput, User } from '@portal/shared';
import { requireCaller } from '../access/auth-plugin.js';
import { hashPassword } from '../access/passwords.js';
import { hashSecret, newSecret } from '../access/secrets.js';
import { HttpError, notFound } from '../http-error.js';
import { endSessions } from '../sessions/sessions.js';
import { isUniqueViolation, toUser, type UserRow } from './user-row.js';

const EMAIL_TAKEN = 'An account with this email already exists';
const INVITATION_DAYS = 7;

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      config: { access: 'organization.read' },
      schema: { tags: ['users'], summary: 'The users of your organization', response: { 200: z.array(User), ...errorResponses(401, 403) } },
    },
    async (request) => {
      const { rows } = await app.db.query<UserRow>('SELECT * FROM users WHERE org_id = $1 AND NOT deleted ORDER BY created_at, id', [
        requireCaller(request).orgId,
      ]);
      return rows.map(toUser);
    },
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
    async (request, reply) => {
      const caller = requireCaller(request);
      const input = request.body;
      const passwordHash = input.temporaryPassword ? await hashPassword(input.temporaryPassword) : null;
      try {
        const user = await app.db.transaction(async (tx) => {
          const { rows } = await tx.query<UserRow>(
            `INSERT INTO users (id, org_id, name, email, password_hash, role, must_change_password)
             VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
            [newId('usr'), caller.orgId, input.name, input.email, passwordHash, input.role, passwordHash !== null],
          );
          const user = rows[0]!;
          if (!passwordHash) {
            const token = newSecret();
            const now = app.clock();
            await tx.query(
              `INSERT INTO password_tokens (token_hash, org_id, user_id, purpose, created_at, expires_at) VALUES ($1, $2, $3, 'invite', $4, $5)`,
              [hashSecret(token), caller.orgId, user.id, now, new Date(now.getTime() + INVITATION_DAYS * 86_400_000)],
            );
            await app.sendMail(
              {
                orgId: caller.orgId,
                to: input.email,
                subject: `${caller.name} invited you to Compliance Portal`,
                text: [
                  `Hello ${input.name},`,
                  '',
                  `${caller.name} added you to their organization on Compliance Portal.`,
                  `Choose your password within ${INVITATION_DAYS} days with this link:`,
                  '',
                  `${app.config.publicUrl}/reset-password#token=${token}`,
                ].join('\n'),
              },
              tx,
            );
          }
          return user;
        });
        return reply.code(201).send(toUser(user));
      } catch (err) {
        if (isUniqueViolation(err)) throw new HttpError(409, EMAIL_TAKEN);
        throw err;
      }
    },
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
    async (request) => {
      const caller = requireCaller(request);
      const input = request.body;
      const passwordHash = input.temporaryPassword ? await hashPassword(input.temporaryPassword) : null;
      try {
        const updated = await app.db.transaction(async (tx) => {
          // Lock the organization's Managers, so two demotions at once cannot leave none.
          const { rows: managers } = await tx.query<{ id: string }>(
            `SELECT id FROM users WHERE org_id = $1 AND role = 'Manager' AND active AND NOT deleted ORDER BY id FOR UPDATE`,
            [caller.orgId],
          );
          const { rows } = await tx.query<UserRow>('SELECT * FROM users WHERE id = $1 AND org_id = $2 AND NOT deleted FOR UPDATE', [
            request.params.id,
            caller.orgId,
          ]);
          const target = rows[0];
          if (!target) throw notFound('No such user in your organization');
          const demoted = input.role === 'Originator' && target.role === 'Manager';
          const deactivated = input.active === false && target.active;
          if ((demoted || deactivated) && target.id === caller.userId) {
            throw new HttpError(409, 'You cannot demote or deactivate yourself; ask another Manager');
          }
          if ((demoted || deactivated) && target.role === 'Manager' && target.active && managers.length <= 1) {
            throw new HttpError(409, 'This is the last active Manager of the organization; make someone else a Manager first');
          }
          const { rows: out } = await tx.query<UserRow>(
            `UPDATE users SET
               name = COALESCE($3, name),
               email = COALESCE($4, email),
               role = COALESCE($5, role),
               active = COALESCE($6, active),
               password_hash = COALESCE($7, password_hash),
               must_change_password = CASE WHEN $7::text IS NOT NULL THEN true ELSE must_change_password END
             WHERE id = $1 AND org_id = $2 RETURNING *`,
            [target.id, caller.orgId, input.name ?? null, input.email ?? null, input.role ?? null, input.active ?? null, passwordHash],
          );
          if (deactivated || passwordHash) await endSessions(tx, app.clock, target.id);
          if (input.email) {
            // An instant account with an email is an account to keep.
            await tx.query('UPDATE organizations SET instant = false, expires_at = NULL WHERE id = $1 AND instant', [caller.orgId]);
          }
          return out[0]!;
        });
        return toUser(updated);
      } catch (err) {
        if (isUniqueViolation(err)) throw new HttpError(409, EMAIL_TAKEN);
        throw err;
      }
    },
  );
};

export default userRoutes;
