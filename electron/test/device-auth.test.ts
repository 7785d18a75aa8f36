import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDeviceAuth, DeviceAuthError, withDeviceAuthorization } from '../src/device-auth.js';
import { createTokenStore, SecureStorageUnavailableError } from '../src/token-store.js';
import { EMAIL, FakeSafeStorage, FakeServer, PASSWORD, SERVER_URL, USER } from './fakes.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-device-auth-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function setup(options: { serverUrl?: string; safeStorage?: FakeSafeStorage; now?: () => Date } = {}) {
  const server = new FakeServer();
  const safeStorage = options.safeStorage ?? new FakeSafeStorage();
  const filePath = join(dir, 'device-session.bin');
  let serverUrl = options.serverUrl ?? SERVER_URL;
  const launch = () => {
    const auth = createDeviceAuth({
      serverUrl: async () => serverUrl,
      fetch: server.fetch,
      store: createTokenStore({ filePath, safeStorage, platform: 'linux' }),
      ...(options.now ? { clock: options.now } : {}),
    });
    server.auth = auth;
    return auth;
  };
  return { auth: launch(), launch, server, safeStorage, setServerUrl: (url: string) => (serverUrl = url) };
}

const authorization = (headers: Record<string, string>) =>
  Object.entries(headers).find(([name]) => name.toLowerCase() === 'authorization')?.[1];

describe('device sign-in', () => {
  it('asks the server for a device session, answers the user and adds the token to requests for that server only', async () => {
    const { auth, server } = setup();
    expect(auth.authorizationFor(`${SERVER_URL}/api/me`)).toBeNull();

    expect(await auth.signIn(EMAIL, PASSWORD)).toEqual(USER);

    const [request] = server.requests;
    expect(request).toMatchObject({ method: 'POST', url: `${SERVER_URL}/api/device-sessions`, body: { username: EMAIL, password: PASSWORD } });
    const token = [...server.liveTokens][0]!;
    expect(auth.authorizationFor(`${SERVER_URL}/api/me`)).toBe(`Bearer ${token}`);
    expect(auth.authorizationFor(`${SERVER_URL}/api/sync/workflows/stream`)).toBe(`Bearer ${token}`);
    // The collaboration socket's upgrade request.
    expect(auth.authorizationFor('wss://portal.example.com/api/collab/expected-doc-lists/mortgage/1')).toBe(`Bearer ${token}`);

    for (const elsewhere of [
      'https://evil.example.com/api/me',
      'http://portal.example.com/api/me',
      'https://portal.example.com:8443/api/me',
      'https://portal.example.com.evil.com/api/me',
      'ws://portal.example.com/api/collab/x/1',
      'app://portal/index.html',
      'not a url',
    ]) {
      expect(auth.authorizationFor(elsewhere), elsewhere).toBeNull();
    }
  });

  it('keeps the sign-in for the next launch of the app', async () => {
    const { auth, launch } = setup();
    await auth.signIn(EMAIL, PASSWORD);
    const next = launch();
    expect(next.authorizationFor(`${SERVER_URL}/api/me`)).toBeNull();
    await next.init();
    expect(next.authorizationFor(`${SERVER_URL}/api/me`)).toMatch(/^Bearer ses_/);
  });

  it('does not use, and forgets, a stored session past its expiry', async () => {
    let now = new Date('2026-06-01T00:00:00Z');
    const { auth, launch } = setup({ now: () => now });
    await auth.signIn(EMAIL, PASSWORD);
    now = new Date('2100-01-01T00:00:00Z');
    expect(auth.authorizationFor(`${SERVER_URL}/api/me`)).toBeNull();
    const next = launch();
    await next.init();
    expect(next.authorizationFor(`${SERVER_URL}/api/me`)).toBeNull();
  });

  it('passes the server’s own message on a refused sign-in, stores nothing and keeps the previous session', async () => {
    const { auth, server } = setup();
    await auth.signIn(EMAIL, PASSWORD);
    const before = auth.authorizationFor(`${SERVER_URL}/api/me`);

    const failure = auth.signIn(EMAIL, 'wrong password!');
    await expect(failure).rejects.toBeInstanceOf(DeviceAuthError);
    await expect(failure).rejects.toThrow('Wrong email or password');
    expect(auth.authorizationFor(`${SERVER_URL}/api/me`)).toBe(before);
    expect(server.liveTokens.size).toBe(1);
  });

  it('never lets a previous session ride along on the sign-in request, and ends it once replaced', async () => {
    const { auth, server } = setup();
    await auth.signIn(EMAIL, PASSWORD);
    const first = [...server.liveTokens][0]!;
    await auth.signIn(EMAIL, PASSWORD);

    const signIns = server.requests.filter((r) => r.url.endsWith('/device-sessions'));
    expect(signIns.map((r) => authorization(r.headers))).toEqual([undefined, undefined]);
    const logout = server.requests.find((r) => r.url.endsWith('/logout'));
    expect(authorization(logout!.headers)).toBe(`Bearer ${first}`);
    expect(server.liveTokens.has(first)).toBe(false);
    expect(server.liveTokens.size).toBe(1);
  });

  it('names the address when the server cannot be reached', async () => {
    const { auth, server } = setup();
    server.reachable = false;
    await expect(auth.signIn(EMAIL, PASSWORD)).rejects.toThrow(`The server at ${SERVER_URL} could not be reached`);
  });

  it('refuses before contacting the server when the sign-in could not be kept encrypted', async () => {
    const safeStorage = new FakeSafeStorage();
    safeStorage.backend = 'basic_text';
    const { auth, server } = setup({ safeStorage });
    await expect(auth.signIn(EMAIL, PASSWORD)).rejects.toBeInstanceOf(SecureStorageUnavailableError);
    expect(server.requests).toEqual([]);
    expect(auth.authorizationFor(`${SERVER_URL}/api/me`)).toBeNull();
  });

  it('ends a session it could not keep instead of leaving it open on the server', async () => {
    const safeStorage = new FakeSafeStorage();
    const { auth, server } = setup({ safeStorage });
    // The keyring was locked between the check and the write.
    safeStorage.encryptStringAsync = async () => {
      throw new Error('The keyring is locked');
    };
    await expect(auth.signIn(EMAIL, PASSWORD)).rejects.toThrow('The keyring is locked');
    expect(server.liveTokens.size).toBe(0);
    expect(auth.authorizationFor(`${SERVER_URL}/api/me`)).toBeNull();
  });

  it('refuses arguments that are not text (they come from the page)', async () => {
    const { auth, server } = setup();
    await expect(auth.signIn({ username: EMAIL }, 42)).rejects.toBeInstanceOf(DeviceAuthError);
    expect(server.requests).toEqual([]);
  });

  it('works under a path prefix, keyed by the origin', async () => {
    const { auth, server } = setup({ serverUrl: 'https://intranet.example.com/portal' });
    await auth.signIn(EMAIL, PASSWORD);
    expect(server.requests[0]!.url).toBe('https://intranet.example.com/portal/api/device-sessions');
    expect(auth.authorizationFor('https://intranet.example.com/portal/api/me')).toMatch(/^Bearer /);
  });
});

describe('device sign-out', () => {
  it('ends the session on the server with its bearer, then forgets it here and on disk', async () => {
    const { auth, server, launch } = setup();
    await auth.signIn(EMAIL, PASSWORD);
    const token = [...server.liveTokens][0]!;

    await auth.signOut();

    const logout = server.requests.at(-1)!;
    expect(logout).toMatchObject({ method: 'POST', url: `${SERVER_URL}/api/logout` });
    expect(authorization(logout.headers)).toBe(`Bearer ${token}`);
    expect(server.liveTokens.size).toBe(0);
    expect(auth.authorizationFor(`${SERVER_URL}/api/me`)).toBeNull();
    const next = launch();
    await next.init();
    expect(next.authorizationFor(`${SERVER_URL}/api/me`)).toBeNull();
  });

  it('forgets the session even when the server cannot be reached', async () => {
    const { auth, server, launch } = setup();
    await auth.signIn(EMAIL, PASSWORD);
    server.reachable = false;
    await auth.signOut();
    expect(auth.authorizationFor(`${SERVER_URL}/api/me`)).toBeNull();
    const next = launch();
    await next.init();
    expect(next.authorizationFor(`${SERVER_URL}/api/me`)).toBeNull();
  });

  it('is harmless when nobody is signed in', async () => {
    const { auth, server } = setup();
    await auth.signOut();
    expect(server.requests).toEqual([]);
  });

  it('signs out when the server address moves to another origin, not when it stays', async () => {
    const { auth, server, setServerUrl } = setup();
    await auth.signIn(EMAIL, PASSWORD);
    await auth.serverChanged(`${SERVER_URL}/`);
    expect(server.liveTokens.size).toBe(1);

    setServerUrl('https://other.example.com');
    await auth.serverChanged('https://other.example.com');
    expect(server.liveTokens.size).toBe(0);
    expect(auth.authorizationFor(`${SERVER_URL}/api/me`)).toBeNull();
  });
});

describe('withDeviceAuthorization', () => {
  const auth = { authorizationFor: (url: string) => (url.startsWith(SERVER_URL) ? 'Bearer ses_x.y' : null) };

  it('adds the session to requests for the server', () => {
    expect(withDeviceAuthorization(`${SERVER_URL}/api/me`, { Accept: 'application/json' }, auth)).toEqual({
      Accept: 'application/json',
      Authorization: 'Bearer ses_x.y',
    });
  });

  it('leaves other requests alone', () => {
    const headers = { Accept: 'text/html' };
    expect(withDeviceAuthorization('https://fonts.example.com/a.woff2', headers, auth)).toBe(headers);
  });

  it('keeps an Authorization the request already has, whatever its case', () => {
    const headers = { authorization: 'Bearer ses_old.secret' };
    expect(withDeviceAuthorization(`${SERVER_URL}/api/logout`, headers, auth)).toBe(headers);
  });
});
