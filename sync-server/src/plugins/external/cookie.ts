import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The session cookie's name; the OpenAPI security scheme names it too. */
export const SESSION_COOKIE = 'portal_session';

/**
 * Cookie parsing and signing. The secret is identity's (generated once, shared through the
 * database), so identity's auth plugin registers this with it. Parsed at onRequest, before the
 * auth hook reads the session cookie.
 */
export default fp(
  async function cookie(app: FastifyInstance, opts: { secret: string }) {
    await app.register(fastifyCookie, { secret: opts.secret, hook: 'onRequest' });
  },
  { name: 'cookie' },
);
