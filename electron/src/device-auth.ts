import { API_BASE_PATH, ApiError, DeviceSession, type User } from '@portal/shared';
import type { StoredSession, TokenStore } from './token-store.js';

/** A failure to show the person as it is: the server's own message, or what the desktop could not do. */
export class DeviceAuthError extends Error {
  override readonly name = 'DeviceAuthError';
}

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface DeviceAuthDeps {
  /** The configured server address (settings), read at every sign-in. */
  serverUrl(): Promise<string>;
  /** Electron's `net.fetch`: main's own requests, not subject to the page's CORS or CSP. */
  fetch: FetchLike;
  store: TokenStore;
  clock?: () => Date;
  /** How long sign-out waits for the server before forgetting the session anyway. */
  logoutTimeoutMs?: number;
}

export interface DeviceAuth {
  /** Reads the stored session, so requests made right after launch are already signed in. */
  init(): Promise<void>;
  signIn(username: unknown, password: unknown): Promise<User>;
  signOut(): Promise<void>;
  /** The `Authorization` value for a request to `url`, or null when it must carry none. */
  authorizationFor(url: string): string | null;
  /** Told after the server address changed: a session of another server is ended and forgotten. */
  serverChanged(serverUrl: string): Promise<void>;
}

/**
 * The desktop's sign-in. The app's pages come from `app://portal` and talk to a server of another
 * origin, where the SameSite session cookie does not work; so main signs in with a device
 * session, keeps its token encrypted (TokenStore), and `authorizationFor` tells the request hook
 * which requests get it. The renderer only ever sees the user, never the token.
 */
export function createDeviceAuth(deps: DeviceAuthDeps): DeviceAuth {
  const now = deps.clock ?? (() => new Date());
  // Kept in memory because the request hook asks for every request and must answer at once.
  let current: StoredSession | null = null;

  const live = (s: StoredSession | null): s is StoredSession => s !== null && Date.parse(s.expiresAt) > now().getTime();

  const endOnServer = async (session: StoredSession) => {
    try {
      await deps.fetch(`${session.serverUrl}${API_BASE_PATH}/logout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${session.token}` },
        signal: AbortSignal.timeout(deps.logoutTimeoutMs ?? 5_000),
      });
    } catch {
      // Unreachable server: the token is forgotten here regardless, and the server ends the
      // session when it expires. Keeping it would leave the person signed in against their wish.
    }
  };

  const signOut = async () => {
    const session = current ?? (await deps.store.load());
    // No request made from now on carries it, including the page's while we wait for logout.
    current = null;
    if (session !== null) await endOnServer(session);
    await deps.store.clear();
  };

  return {
    async init() {
      const stored = await deps.store.load();
      current = live(stored) ? stored : null;
      if (stored !== null && current === null) await deps.store.clear();
    },

    async signIn(username, password) {
      if (typeof username !== 'string' || typeof password !== 'string') throw new DeviceAuthError('Enter your email and password.');
      // Refused before asking the server, so no session is opened that could not be kept.
      await deps.store.ensureAvailable();
      const serverUrl = await deps.serverUrl();

      // The previous session must not ride along on this request (the hook adds the current one).
      const previous = current;
      current = null;
      let response: Response;
      try {
        response = await deps.fetch(`${serverUrl}${API_BASE_PATH}/device-sessions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ username, password }),
        });
      } catch (error) {
        current = previous;
        const detail = error instanceof Error ? error.message : String(error);
        throw new DeviceAuthError(`The server at ${serverUrl} could not be reached (${detail}). Check the server address and your connection.`);
      }
      const body: unknown = await response.json().catch(() => null);
      if (!response.ok) {
        current = previous;
        const message = ApiError.safeParse(body);
        throw new DeviceAuthError(message.success ? message.data.error : `The server answered HTTP ${response.status}.`);
      }
      const session = DeviceSession.safeParse(body);
      if (!session.success) {
        current = previous;
        throw new DeviceAuthError(`The server at ${serverUrl} did not answer like a Compliance Portal server.`);
      }

      const stored: StoredSession = { serverUrl, token: session.data.token, expiresAt: session.data.expiresAt };
      try {
        await deps.store.save(stored);
      } catch (error) {
        // Not kept, so not used: end the session just opened rather than leave it dangling.
        await endOnServer(stored);
        current = previous;
        throw error;
      }
      current = stored;
      if (previous !== null && previous.token !== stored.token) await endOnServer(previous);
      return session.data.user;
    },

    signOut,

    authorizationFor(url) {
      if (!live(current) || !URL.canParse(url)) return null;
      const target = new URL(url);
      // The collaboration socket's upgrade request has a ws(s) URL; its origin is the server's http(s) one.
      const protocol = target.protocol === 'ws:' ? 'http:' : target.protocol === 'wss:' ? 'https:' : target.protocol;
      if (`${protocol}//${target.host}` !== new URL(current.serverUrl).origin) return null;
      return `Bearer ${current.token}`;
    },

    async serverChanged(serverUrl) {
      if (current !== null && new URL(serverUrl).origin !== new URL(current.serverUrl).origin) await signOut();
    },
  };
}

/**
 * The request headers to send: the device session added for requests to the server, everything
 * else untouched. A request that already carries an `Authorization` (main's own logout) keeps it.
 */
export function withDeviceAuthorization(
  url: string,
  headers: Record<string, string>,
  auth: Pick<DeviceAuth, 'authorizationFor'>,
): Record<string, string> {
  if (Object.keys(headers).some((name) => name.toLowerCase() === 'authorization')) return headers;
  const authorization = auth.authorizationFor(url);
  return authorization === null ? headers : { ...headers, Authorization: authorization };
}
