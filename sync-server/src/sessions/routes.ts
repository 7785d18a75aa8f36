import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChangePasswordInput,
  errorResponses,
  ForgotPasswordInput,
  newId,
  LoginInput,
  ResetPasswordInput,
  SignupInput,
  User,
} from '@portal/shared';
import { requireCaller } from '../access/auth-plugin.js';
import { hashPassword, verifyPassword } from '../access/passwords.js';
import { hashSecret, newSecret } from '../access/secrets.js';
import { HttpError } from '../http-error.js';
import { insertOrganization } from '../organization/service.js';
import { threeWordName } from '../users/instant-names.js';
import { isUniqueViolation, toUser, type UserRow } from '../users/user-row.js';
import { createSession, endSessions } from './sessions.js';

const DeviceSession = z
  .object({
    token: z.string().describe('The bearer token. Shown only here; keep it like a password.'),
    expiresAt: z.string(),
    user: User,
  })
  .meta({ id: 'DeviceSession' });

const EMAIL_TAKEN = 'An account with this email already exists';
const WRONG_CREDENTIALS = 'Wrong email or password';
const RESET_LINK_HOURS = 1;

const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const ttl = app.config.sessionTtlHours;

  /** Checks email and password with the failure throttle; the same 401 for every wrong answer. */
  const verifyLogin = async (username: string, password: string, ip: string): Promise<UserRow> => {
    const throttleKey = `login:${username}:${ip}`;
    const limit = app.config.throttles.login;
    await app.throttle.check(throttleKey, limit, 'Too many failed sign-ins');
    const { rows } = await app.db.query<UserRow>('SELECT * FROM users WHERE email = $1 AND NOT deleted', [username]);
    const user = rows[0];
    const ok = await verifyPassword(password, user?.password_hash ?? null);
    if (!user || !ok || !user.active) {
      await app.throttle.hit(throttleKey, { ...limit, max: Number.MAX_SAFE_INTEGER }, 'Too many failed sign-ins');
      throw new HttpError(401, WRONG_CREDENTIALS);
    }
    await app.throttle.reset(throttleKey);
    return user;
  };

  app.post(
    '/signup',
    {
      config: { access: 'public' },
      schema: {
        tags: ['users'],
        summary: 'Create an organization and its first Manager, signed in',
        description:
          'With no body, creates an instant account: generated three-word names, no password, kept for 30 days unless an email is added with PATCH /users/{id}.',
        body: SignupInput.nullish().describe("Optional: send no body for an instant account."),
        response: { 201: User.describe('The new Manager; the session cookie is set.'), ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const input = request.body ?? {};
      await app.throttle.hit(`signup:${request.ip}`, app.config.throttles.signup, 'Too many sign-ups from this address');
      const instant = input.email === undefined;
      const passwordHash = input.password ? await hashPassword(input.password) : null;
      const now = app.clock();
      try {
        const { user, session } = await app.db.transaction(async (tx) => {
          const org = await insertOrganization(tx, app.organizationInitializers, {
            name: input.orgName ?? threeWordName(),
            instant,
            expiresAt: instant ? new Date(now.getTime() + app.config.instantAccountDays * 86_400_000) : null,
          });
          const { rows } = await tx.query<UserRow>(
            `INSERT INTO users (id, org_id, name, email, password_hash, role) VALUES ($1, $2, $3, $4, $5, 'Manager') RETURNING *`,
            [newId('usr'), org.id, input.name ?? threeWordName(), input.email ?? null, passwordHash],
          );
          const user = rows[0]!;
          const session = await createSession(tx, app.clock, ttl, { orgId: org.id, userId: user.id, userAgent: request.headers['user-agent'] });
          return { user, session };
        });
        app.setSessionCookie(request, reply, session.value, session.expiresAt);
        return reply.code(201).send(toUser(user));
      } catch (err) {
        if (isUniqueViolation(err)) throw new HttpError(409, EMAIL_TAKEN);
        throw err;
      }
    },
  );

  app.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['users'],
        summary: 'Sign in with email and password',
        body: LoginInput,
        response: { 200: User.describe('Signed in; the session cookie is set.'), ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const user = await verifyLogin(request.body.username, request.body.password, request.ip);
      // A session cookie already in the browser is replaced; its session ends with it.
      if (request.caller?.sessionId) {
        await app.db.query('UPDATE sessions SET ended_at = $2 WHERE id = $1', [request.caller.sessionId, app.clock()]);
      }
      const session = await createSession(app.db, app.clock, ttl, { orgId: user.org_id, userId: user.id, userAgent: request.headers['user-agent'] });
      app.setSessionCookie(request, reply, session.value, session.expiresAt);
      return toUser(user);
    },
  );

  app.post(
    '/device-sessions',
    {
      config: { access: 'public' },
      schema: {
        tags: ['users'],
        summary: 'Sign in a desktop app: a session handed over as a bearer token',
        description:
          'For clients on another origin (the desktop app), which cannot rely on the SameSite session cookie. Same credentials, throttle and lifetime as POST /login; send the token as `Authorization: Bearer <token>` (and, for collaboration sockets, as the `bearer.<token>` WebSocket subprotocol). POST /logout with it ends it. Changing or resetting the password ends it like any session.',
        body: LoginInput,
        response: { 201: DeviceSession, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const user = await verifyLogin(request.body.username, request.body.password, request.ip);
      const session = await createSession(app.db, app.clock, ttl, { orgId: user.org_id, userId: user.id, userAgent: request.headers['user-agent'] });
      return reply.code(201).send({ token: session.value, expiresAt: session.expiresAt.toISOString(), user: toUser(user) });
    },
  );

  app.post(
    '/logout',
    {
      config: { access: 'public' },
      schema: {
        tags: ['users'],
        summary: 'End this session',
        description: 'Always 204: also without a session, so a client can call it to be sure.',
        response: { 204: z.undefined().describe('Signed out; the cookie is cleared.') },
      },
    },
    async (request, reply) => {
      if (request.caller?.sessionId) {
        await app.db.query('UPDATE sessions SET ended_at = $2 WHERE id = $1 AND ended_at IS NULL', [request.caller.sessionId, app.clock()]);
      }
      app.clearSessionCookie(request, reply);
      return reply.code(204).send();
    },
  );

  app.get(
    '/me',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        description: 'Needs a session; an API key has no user and gets 403.',
        response: { 200: User, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      if (!caller.userId) throw new HttpError(403, 'An API key has no user; GET /me needs a signed-in session');
      const { rows } = await app.db.query<UserRow>('SELECT * FROM users WHERE id = $1 AND org_id = $2', [caller.userId, caller.orgId]);
      return toUser(rows[0]!);
    },
  );

  app.post(
    '/password',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['users'],
        summary: 'Change your password',
        description: 'Ends every other session of yours and re-issues the current one (a new cookie). A wrong current password is 403 and the session stays valid.',
        body: ChangePasswordInput,
        response: { 204: z.undefined().describe('Changed; a new session cookie is set.'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      if (!caller.userId || !caller.sessionId) throw new HttpError(403, 'Only a signed-in user can change a password');
      const { rows } = await app.db.query<UserRow>('SELECT * FROM users WHERE id = $1 AND org_id = $2', [caller.userId, caller.orgId]);
      const user = rows[0]!;
      if (!(await verifyPassword(request.body.currentPassword, user.password_hash))) {
        throw new HttpError(403, 'The current password is wrong');
      }
      const hash = await hashPassword(request.body.newPassword);
      const session = await app.db.transaction(async (tx) => {
        await tx.query('UPDATE users SET password_hash = $2, must_change_password = false WHERE id = $1', [user.id, hash]);
        await endSessions(tx, app.clock, user.id);
        return createSession(tx, app.clock, ttl, { orgId: user.org_id, userId: user.id, userAgent: request.headers['user-agent'] });
      });
      app.setSessionCookie(request, reply, session.value, session.expiresAt);
      return reply.code(204).send();
    },
  );

  app.post(
    '/password/forgot',
    {
      config: { access: 'public' },
      schema: {
        tags: ['users'],
        summary: 'Mail a password reset link',
        description: `Always 200, whether or not the email is known. A known, active account gets a link valid ${RESET_LINK_HOURS} hour and usable once.`,
        body: ForgotPasswordInput,
        response: { 200: z.object({ message: z.string() }).meta({ id: 'ForgotPasswordAck' }), ...errorResponses(400) },
      },
    },
    async (request) => {
      const { email } = request.body;
      const ack = { message: 'If that address has an account, a reset link is on its way.' };
      try {
        await app.throttle.hit(`forgot:${email}`, app.config.throttles.forgot, 'Too many reset mails');
      } catch (err) {
        // Throttled silently: answering differently would reveal that the address is known.
        if (err instanceof HttpError && err.status === 429) return ack;
        throw err;
      }
      const { rows } = await app.db.query<UserRow>('SELECT * FROM users WHERE email = $1 AND active AND NOT deleted', [email]);
      const user = rows[0];
      if (user) {
        const token = newSecret();
        const now = app.clock();
        await app.db.transaction(async (tx) => {
          await tx.query(
            `INSERT INTO password_tokens (token_hash, org_id, user_id, purpose, created_at, expires_at) VALUES ($1, $2, $3, 'reset', $4, $5)`,
            [hashSecret(token), user.org_id, user.id, now, new Date(now.getTime() + RESET_LINK_HOURS * 3_600_000)],
          );
          await app.sendMail(
            {
              orgId: user.org_id,
              to: email,
              subject: 'Reset your Compliance Portal password',
              text: [
                `Hello ${user.name},`,
                '',
                'Someone asked to reset the password of your Compliance Portal account.',
                `Open this link within ${RESET_LINK_HOURS} hour to choose a new one (it works once):`,
                '',
                `${app.config.publicUrl}/reset-password#token=${token}`,
                '',
                'If it was not you, ignore this mail; your password stays as it is.',
              ].join('\n'),
            },
            tx,
          );
        });
      }
      return ack;
    },
  );

  app.post(
    '/password/reset',
    {
      config: { access: 'public' },
      schema: {
        tags: ['users'],
        summary: 'Set a new password with a reset or invitation token',
        description: 'Ends every session of that user. 400 when the token is invalid, already used or expired.',
        body: ResetPasswordInput,
        response: { 204: z.undefined().describe('The password is set; sign in with it.'), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const hash = await hashPassword(request.body.newPassword);
      const now = app.clock();
      const done = await app.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ user_id: string }>(
          `UPDATE password_tokens t SET used_at = $2
             FROM users u
            WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > $2
              AND u.id = t.user_id AND u.active AND NOT u.deleted
           RETURNING t.user_id`,
          [hashSecret(request.body.token), now],
        );
        const userId = rows[0]?.user_id;
        if (!userId) return false;
        await tx.query('UPDATE users SET password_hash = $2, must_change_password = false WHERE id = $1', [userId, hash]);
        await endSessions(tx, app.clock, userId);
        return true;
      });
      if (!done) throw new HttpError(400, 'This reset link is invalid, already used or expired; ask for a new one');
      return reply.code(204).send();
    },
  );
};

export default sessionRoutes;
