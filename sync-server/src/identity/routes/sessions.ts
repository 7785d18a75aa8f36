import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ChangePasswordInput, ConfirmEmailInput, DeviceSession, EmailConfirmationStatus, errorResponses, ForgotPasswordInput, LoginInput, PasswordLink, PasswordLinkInput, ResetPasswordInput, SignupInput, User } from '@portal/shared';
import { requireCaller } from '../caller.js';
import { toUser } from '../rows.js';
import { CONFIRMATION_DAYS } from '../mailed-links.js';
import { RESET_LINK_HOURS, type ClientInfo } from '../sessions-service.js';

/** Said by every operation that hashes a password: its wait is bounded per address and in all. */
const HASHING = 'Password hashing is capped and taken in turn per client address: 429 (with Retry-After) when this address has too many waiting, 503 (with Retry-After) when the server has.';

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
        description: `With no body, creates an instant account: generated three-word names, no password, kept for 30 days unless an email is added with PATCH /users/{id}. With an email, a link to confirm it is mailed (valid ${CONFIRMATION_DAYS} days): the Manager works at once, but invitation mails to colleagues wait until the address is confirmed (POST /email-confirmation). ${HASHING}`,
        body: SignupInput.nullish().describe("Optional: send no body for an instant account."),
        response: { 201: User.describe('The new Manager; the session cookie is set.'), ...errorResponses(400, 409, 429, 503) },
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
        description: `Send the email as \`email\` (the sign-up field) or as \`username\`. A session cookie already in the browser is replaced. Failed sign-ins are throttled per account and address and per address alone (429). ${HASHING}`,
        body: LoginInput,
        response: { 200: User.describe('Signed in; the session cookie is set.'), ...errorResponses(400, 401, 429, 503) },
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
        response: { 201: DeviceSession, ...errorResponses(400, 401, 429, 503) },
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
        description: `Ends every other session of yours and re-issues the current one (a new cookie), and cancels every reset or invitation link mailed to you before. A wrong current password is 403 and the session stays valid. ${HASHING}`,
        body: ChangePasswordInput,
        response: { 204: z.undefined().describe('Changed; a new session cookie is set.'), ...errorResponses(400, 401, 403, 429, 503) },
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
        description: `Always 200, whether or not the email is known, and after the same work: the address is looked up, and a known, active account mailed a link valid ${RESET_LINK_HOURS} hour and usable once, after the answer.`,
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
        description: `Ends every session of that user and cancels every other open link mailed to them (it confirms their address, too). 400 when the token is invalid, already used or expired (or cancelled by a later password or address change); the token is checked before the password is hashed. Attempts are throttled per client address (429). ${HASHING}`,
        body: ResetPasswordInput,
        response: { 204: z.undefined().describe('The password is set; sign in with it.'), ...errorResponses(400, 429, 503) },
      },
    },
    async (request, reply) => {
      await sessions.resetPassword(request.body.token, request.body.newPassword, clientOf(request));
      return reply.code(204).send();
    },
  );

  app.post(
    '/password/link',
    {
      config: { access: 'public' },
      schema: {
        tags: ['users'],
        summary: 'What a reset or invitation link is, without using it',
        description:
          'The page a mailed link opens asks this first, so it can say whom the password is for (the invited address and organization: nobody types an address the server knows) or that the link is spent, expired or invalid before a password is typed. A POST rather than a GET: the token never goes in a URL, where request logs and proxies would keep it (the mail carries it in the fragment for the same reason). Nothing changes; the link stays usable. Look-ups count with password resets in the per-address throttle (429).',
        body: PasswordLinkInput,
        response: { 200: PasswordLink, ...errorResponses(400, 429) },
      },
    },
    async (request) => sessions.passwordLink(request.body.token, clientOf(request)),
  );

  app.get(
    '/email-confirmation',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['users'],
        summary: 'Whether your address is confirmed, and how many invitations wait for it',
        description:
          "For a signed-in user: a Manager's invitation mails wait until their own address is confirmed, and this tells how many do. Needs a session; an API key has no address and gets 403, as for GET /me.",
        response: { 200: EmailConfirmationStatus, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { email, confirmed, linkSentAt, heldUserIds } = await sessions.confirmationStatus(requireCaller(request));
      return { email, confirmed, linkSentAt: linkSentAt?.toISOString() ?? null, heldInvitations: heldUserIds.length, heldUserIds };
    },
  );

  app.post(
    '/email-confirmation',
    {
      config: { access: 'public' },
      schema: {
        tags: ['users'],
        summary: 'Confirm your address with the mailed link',
        description: `The token of the link mailed at sign-up or when an address changes (\`/confirm-email#token=…\`, valid ${CONFIRMATION_DAYS} days, usable once). A Manager's invitation mails wait for it and go out now. Using a reset or invitation link confirms the address too. 400 when the token is invalid, used or expired; attempts are throttled per client address with password resets (429).`,
        body: ConfirmEmailInput,
        response: { 204: z.undefined().describe('The address is confirmed.'), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await sessions.confirmEmail(request.body.token, clientOf(request));
      return reply.code(204).send();
    },
  );

  app.post(
    '/email-confirmation/resend',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['users'],
        summary: 'Mail a new link to confirm your address',
        description: 'The link mailed before stops working. 403 for an API key; 409 when you have no address or it is already confirmed; 429 past the reset-mail throttle.',
        response: { 204: z.undefined().describe('A new link is on its way.'), ...errorResponses(401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      await sessions.resendConfirmation(requireCaller(request));
      return reply.code(204).send();
    },
  );
};

export default sessionRoutes;
