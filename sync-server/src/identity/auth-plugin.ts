import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasRight, type Right } from '@portal/shared';
import { HttpError } from '../http-error.js';
import cookie, { SESSION_COOKIE } from '../plugins/external/cookie.js';
import { callerFromApiKey, callerFromSession, DEVICE_SESSION_PREFIX, type AuthenticateDeps } from './authenticate.js';
import type { Caller } from './caller.js';
import { CredentialCache } from './credential-cache.js';
import { LiveConnections } from './live-connections.js';
import { serverSecret } from './repository.js';
import { newSecret } from './secrets.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated caller; null on public operations called without credentials. */
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    /**
     * What the operation needs: `public` (no credentials), `authenticated` (any caller), or a
     * right of the access matrix. Operations that say nothing need an authenticated caller.
     */
    access?: 'public' | 'authenticated' | Right;
    /** Refuse API and guest keys even when their role has the right (key and webhook management). */
    usersOnly?: boolean;
  }
  interface FastifyInstance {
    /** Sets the session cookie: signed, httpOnly, SameSite=Lax, Secure over https. */
    setSessionCookie(request: FastifyRequest, reply: FastifyReply, value: string, expires: Date): void;
    clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void;
    /**
     * Who a request is, for operations that authenticate themselves (WebSocket upgrades, which
     * must answer with a close code rather than an HTTP status): a bearer (header or `bearer.<token>`
     * subprotocol) or a session cookie from an allowed origin. Undefined when none is valid.
     */
    callerOf(request: FastifyRequest): Promise<Caller | undefined>;
    /** Sessions and keys recently resolved; identity's services evict what they revoke. */
    credentials: CredentialCache;
    /** Streams and sockets open under a credential, closed when it is revoked (live-connections.ts). */
    liveConnections: LiveConnections;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Authentication, cross-origin protection and rights, in one place, for every operation under
 * /api. Each route declares what it needs in `config.access`; nothing else checks rights.
 * Registered by app.ts on the /api scope before any area, so its hook guards every operation.
 */
export default fp(
  async function auth(app: FastifyInstance) {
    // The session cookie is signed with a key generated once and shared through the database.
    await app.register(cookie, { secret: await serverSecret(app.db, 'cookie', newSecret(48)) });
    app.decorateRequest('caller', null);
    // One cache per app, listening for revocations from every instance before the first request;
    // each revocation also rechecks the streams and sockets it concerns.
    const liveConnections = new LiveConnections(app.log);
    app.decorate('liveConnections', liveConnections);
    const credentials = new CredentialCache({
      log: app.log,
      onRevoked: (r) => void (r === 'all' ? liveConnections.recheckAll() : liveConnections.revoked(r)),
    });
    await credentials.start(app.db);
    app.addHook('onClose', async () => credentials.stop());
    app.decorate('credentials', credentials);
    const deps: AuthenticateDeps = { db: app.db, clock: app.clock, credentials };

    const isHttps = (request: FastifyRequest) => request.protocol === 'https';
    app.decorate('setSessionCookie', (request: FastifyRequest, reply: FastifyReply, value: string, expires: Date) => {
      reply.setCookie(SESSION_COOKIE, value, { path: '/', httpOnly: true, sameSite: 'lax', secure: isHttps(request), signed: true, expires });
    });
    app.decorate('clearSessionCookie', (request: FastifyRequest, reply: FastifyReply) => {
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: isHttps(request) });
    });

    const ownOrigins = new Set([new URL(app.config.publicUrl).origin, ...app.config.allowedOrigins]);
    /**
     * A browser sends Origin (or at least Sec-Fetch-Site) with every unsafe request; one from a
     * foreign page must not ride on the session cookie. Callers with neither header are not
     * browsers and cannot be driven by another site.
     */
    const sameOrigin = (request: FastifyRequest): boolean => {
      const origin = request.headers.origin;
      if (origin) {
        if (ownOrigins.has(origin)) return true;
        const host = request.headers.host;
        return host !== undefined && origin === `${request.protocol}://${host}`;
      }
      const site = request.headers['sec-fetch-site'];
      return site === undefined || site === 'same-origin' || site === 'none';
    };

    // Unsigning the cookie is an HMAC per request; with the key fixed, a cookie always unsigns
    // the same way, so valid ones are remembered (the session it names is still checked).
    const unsignedCookies = new Map<string, string>();
    const sessionTokenOf = (request: FastifyRequest, raw: string): string | undefined => {
      const known = unsignedCookies.get(raw);
      if (known !== undefined) return known;
      const unsigned = request.unsignCookie(raw);
      if (!unsigned.valid || !unsigned.value) return undefined;
      if (unsignedCookies.size >= 10_000) unsignedCookies.clear();
      unsignedCookies.set(raw, unsigned.value);
      return unsigned.value;
    };

    const fromBearer = (token: string) =>
      token.startsWith(DEVICE_SESSION_PREFIX) ? callerFromSession(deps, token) : callerFromApiKey(deps, token);

    app.decorate('callerOf', async (request: FastifyRequest) => {
      const header = request.headers.authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
      const protocol = String(request.headers['sec-websocket-protocol'] ?? '')
        .split(',')
        .map((p) => p.trim())
        .find((p) => p.startsWith('bearer.'))
        ?.slice('bearer.'.length);
      const bearer = header ?? protocol;
      if (bearer) return fromBearer(bearer);
      if (!sameOrigin(request)) return undefined;
      const raw = request.cookies[SESSION_COOKIE];
      const token = raw ? sessionTokenOf(request, raw) : undefined;
      return token ? callerFromSession(deps, token) : undefined;
    });

    app.addHook('onRequest', async (request) => {
      if (request.is404 || request.method === 'OPTIONS') return;
      const access = request.routeOptions.config.access ?? 'authenticated';
      const authorization = request.headers.authorization;
      const bearer = authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];

      if (authorization !== undefined) {
        // A public operation needs no credential, so one it cannot use (malformed, unknown,
        // revoked, expired) is ignored there, as a stale cookie is: health checks and sign-in
        // must work for a client that still sends an old key.
        if (!bearer) {
          if (access === 'public') return;
          throw new HttpError(401, 'The Authorization header must be `Bearer <API key>`');
        }
        // A bearer is an API key (`cpk_…`) or a device session (`ses_….…`, the desktop app's sign-in).
        const caller = await fromBearer(bearer);
        if (!caller) {
          if (access === 'public') return;
          throw new HttpError(401, 'The bearer credential is unknown, revoked or expired');
        }
        request.caller = caller;
        if (caller.kind === 'guest') {
          await app.throttle.hit(`guest-rate:${caller.apiKeyId}`, app.config.throttles.guestRate, 'This guest key has made too many requests');
        }
      } else {
        if (UNSAFE.has(request.method) && !sameOrigin(request)) {
          throw new HttpError(403, 'Cross-origin request refused: this origin may not act with a session cookie');
        }
        const raw = request.cookies[SESSION_COOKIE];
        if (raw) {
          const token = sessionTokenOf(request, raw);
          const caller = token ? await callerFromSession(deps, token) : undefined;
          // A stale cookie on a public operation (signing up again, logging in) is simply ignored.
          if (!caller && access !== 'public') throw new HttpError(401, 'Your session has ended; sign in again');
          request.caller = caller ?? null;
        }
      }

      if (access === 'public') return;
      const caller = request.caller;
      if (!caller) throw new HttpError(401, 'Sign in or send an API key');
      if (access === 'authenticated') return;
      if (request.routeOptions.config.usersOnly && caller.kind !== 'user') {
        throw new HttpError(403, 'API keys cannot manage API keys or webhooks; sign in as a Manager');
      }
      if (!hasRight(caller.role, access)) {
        throw new HttpError(403, `This needs the right ${access}, which the ${caller.role} role does not have`);
      }
    });
  },
  { name: 'auth', dependencies: ['services'] },
);
