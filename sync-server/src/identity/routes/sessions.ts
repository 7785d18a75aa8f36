import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ChangePasswordInput, DeviceSession, errorResponses, ForgotPasswordInput, LoginInput, ResetPasswordInput, SignupInput, User } from '@portal/shared';
import { requireCaller } from '../caller.js';
import { toUser } from '../rows.js';
import { RESET_LINK_HOURS, type ClientInfo } from '../sessions-service.js';

const clientOf = (request: FastifyRequest): ClientInfo => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

/** Sign-up, sign-in (cookie and device sessions), sign-out, `/me` and passwords; tag `users`. */
const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const sessions = app.identity.sessions;

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
      const { user, session } = await sessions.signup(request.body ?? {}, clientOf(request));
      app.setSessionCookie(request, reply, session.value, session.expiresAt);
      return reply.code(201).send(toUser(user));
    },
  );

  app.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['users'],
        summary: 'Sign in with email and password',
        description: 'Send the email as `email` (the sign-up field) or as `username`. A session cookie already in the browser is replaced.',
        body: LoginInput,
        response: { 200: User.describe('Signed in; the session cookie is set.'), ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { user, session } = await sessions.login(request.body, clientOf(request), request.caller?.sessionId);
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
      const { user, session } = await sessions.login(request.body, clientOf(request));
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
      await sessions.logout(request.caller?.sessionId);
      app.clearSessionCookie(request, reply);
      return reply.code(204).send();
    },
  );

  app.get(
    '/me',
    {
      // The user as read with the session: its fields are the whole answer, and any edit of
      // the user evicts the session from the credential cache.
      config: { access: 'authenticated', etag: async (request) => JSON.stringify(requireCaller(request).user) },
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        description: 'Needs a session; an API key has no user and gets 403.',
        response: { 200: User, ...errorResponses(401, 403) },
      },
    },
    // From the session the auth hook resolved (cached, evicted by any edit of the user).
    async (request) => requireCaller(request).user ?? toUser(await sessions.me(requireCaller(request))),
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
      const session = await sessions.changePassword(requireCaller(request), request.body, clientOf(request));
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
      await sessions.forgotPassword(request.body.email);
      return { message: 'If that address has an account, a reset link is on its way.' };
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
      await sessions.resetPassword(request.body.token, request.body.newPassword);
      return reply.code(204).send();
    },
  );
};

export default sessionRoutes;
