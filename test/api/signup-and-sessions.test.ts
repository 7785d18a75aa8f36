import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '@portal/shared';
import { buildTestApp, DRIVER, PASSWORD, sessionCookie, signUp, uniqueEmail, type TestApp } from '../helper.js';

describe(`sign-up and sessions on ${DRIVER}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { throttles: { ...(await import('../../sync-server/src/config.js')).loadConfig({}).throttles, signup: { max: 1000, windowMs: 3_600_000 }, login: { max: 3, windowMs: 900_000 } } } });
  });
  afterAll(() => t?.close());
  const inject = (o: InjectOptions) => t.app.inject(o);

  it('signs up an organization and its first Manager, signed in with a safe cookie', async () => {
    const email = uniqueEmail();
    const res = await inject({ method: 'POST', url: '/api/signup', payload: { orgName: 'Harbour Lettings', email: email.toUpperCase(), password: PASSWORD } });
    expect(res.statusCode).toBe(201);
    const user = User.parse(res.json());
    expect(user).toMatchObject({ email, role: 'Manager', active: true });
    expect(res.body).not.toMatch(/hash|scrypt|"password"/i);
    const cookie = res.cookies.find((c) => c.name === 'portal_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    const me = await inject({ method: 'GET', url: '/api/me', headers: { cookie: sessionCookie(res) } });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
    const org = await inject({ method: 'GET', url: '/api/organization', headers: { cookie: sessionCookie(res) } });
    expect(org.json()).toMatchObject({ id: user.organizationId, name: 'Harbour Lettings', instant: false, expiresAt: null, markedDocTypeCatalog: 'generic' });
  });

  it('creates an instant account from no body: generated names, no password, kept 30 days', async () => {
    const res = await inject({ method: 'POST', url: '/api/signup' });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user.email).toBeNull();
    expect(user.name).toMatch(/^\w+ \w+ \w+$/);
    const org = (await inject({ method: 'GET', url: '/api/organization', headers: { cookie: sessionCookie(res) } })).json();
    expect(org.instant).toBe(true);
    expect(org.name).toMatch(/^\w+ \w+ \w+$/);
    const days = (Date.parse(org.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('refuses email without password (and the reverse) and too-short fields with 400', async () => {
    for (const payload of [
      { email: uniqueEmail() },
      { password: PASSWORD },
      { email: uniqueEmail(), password: 'short' },
      { orgName: 'x', email: uniqueEmail(), password: PASSWORD },
      { email: 'not-an-email', password: PASSWORD },
    ]) {
      const res = await inject({ method: 'POST', url: '/api/signup', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toMatch(/^body\./);
    }
  });

  it('answers 409 when the email already has an account, whatever its case', async () => {
    const email = uniqueEmail();
    await signUp(t.app, { email });
    const res = await inject({ method: 'POST', url: '/api/signup', payload: { orgName: 'Other', email: email.toUpperCase(), password: PASSWORD } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/already/);
  });

  it('logs in with the same 401 for a wrong password and an unknown user, then throttles failures', async () => {
    const email = uniqueEmail();
    await signUp(t.app, { email });
    const wrong = await inject({ method: 'POST', url: '/api/login', payload: { username: email, password: 'wrong password!' } });
    const unknown = await inject({ method: 'POST', url: '/api/login', payload: { username: uniqueEmail(), password: PASSWORD } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());

    const ok = await inject({ method: 'POST', url: '/api/login', payload: { username: email, password: PASSWORD } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe(email);

    for (let i = 0; i < 3; i++) {
      expect((await inject({ method: 'POST', url: '/api/login', payload: { username: email, password: 'wrong again!' } })).statusCode).toBe(401);
    }
    const throttled = await inject({ method: 'POST', url: '/api/login', payload: { username: email, password: PASSWORD } });
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(throttled.json()).toEqual({ error: expect.stringMatching(/too many/i) });
  });

  it('holds a parallel burst of sign-ins to exactly the limit: 3 answered 401, the rest 429, a right password among them too', async () => {
    const email = uniqueEmail();
    await signUp(t.app, { email });
    const burst = await Promise.all(
      Array.from({ length: 300 }, () => inject({ method: 'POST', url: '/api/login', payload: { username: email, password: 'wrong password!' } })),
    );
    const codes = burst.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(297);

    // A burst of guesses with the right password last: the limit is spent before it is tried.
    const other = uniqueEmail();
    await signUp(t.app, { email: other });
    const guesses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => inject({ method: 'POST', url: '/api/login', payload: { username: other, password: i === 99 ? PASSWORD : `guess number ${i}` } })),
    );
    expect(guesses.map((r) => r.statusCode).filter((c) => c === 401)).toHaveLength(3);
    expect(guesses.filter((r) => r.statusCode === 200)).toHaveLength(0);
    expect(guesses[99]!.statusCode).toBe(429);
  });

  it('logs in with `email` (the sign-up field) as well as `username` (`email` read when both are sent); neither is 400', async () => {
    const email = uniqueEmail();
    const s = await signUp(t.app, { email });
    const ok = await inject({ method: 'POST', url: '/api/login', payload: { email, password: PASSWORD } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().id).toBe(s.user!.id);
    const me = await inject({ method: 'GET', url: '/api/me', headers: { cookie: sessionCookie(ok) } });
    expect(me.json().id).toBe(s.user!.id);

    const wrong = await inject({ method: 'POST', url: '/api/login', payload: { email, password: 'wrong password!' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Wrong email or password' });
    expect(wrong.cookies).toEqual([]);

    const same = await inject({ method: 'POST', url: '/api/login', payload: { email: email.toUpperCase(), username: email, password: PASSWORD } });
    expect(same.statusCode).toBe(200);
    const device = await inject({ method: 'POST', url: '/api/device-sessions', payload: { email, password: PASSWORD } });
    expect(device.statusCode).toBe(201);

    // The contract cannot say "the same address" in JSON Schema, so it says which one is read.
    const both = await inject({ method: 'POST', url: '/api/login', payload: { email, username: uniqueEmail(), password: PASSWORD } });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().id).toBe(s.user!.id);

    for (const payload of [{ password: PASSWORD }]) {
      const res = await inject({ method: 'POST', url: '/api/login', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toMatch(/^body.*email/);
      expect(res.cookies).toEqual([]);
    }
  });

  it('logs out with 204, after which the cookie is dead; logout without a session is also 204', async () => {
    const s = await signUp(t.app);
    const out = await inject({ method: 'POST', url: '/api/logout', headers: s.headers });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'portal_session')?.value).toBe('');
    expect((await inject({ method: 'GET', url: '/api/me', headers: s.headers })).statusCode).toBe(401);
    expect((await inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(204);
    expect((await inject({ method: 'POST', url: '/api/logout', headers: s.headers })).statusCode).toBe(204);
  });

  it('refuses /me without credentials (401), with a forged cookie (401) and for an API key (403)', async () => {
    expect((await inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    const s = await signUp(t.app);
    const forged = s.headers.cookie!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const res = await inject({ method: 'GET', url: '/api/me', headers: { cookie: forged } });
    expect(res.statusCode).toBe(401);
    const key = await inject({ method: 'POST', url: '/api/api-keys', headers: s.headers, payload: { name: 'ci' } });
    const me = await inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${key.json().secret}` } });
    expect(me.statusCode).toBe(403);
  });

  it('changes a password: other sessions end, the current one is re-issued; a wrong current password is 403 and harmless', async () => {
    const email = uniqueEmail();
    const a = await signUp(t.app, { email });
    const b = await inject({ method: 'POST', url: '/api/login', payload: { username: email, password: PASSWORD } });
    const bHeaders = { cookie: sessionCookie(b) };
    expect((await inject({ method: 'GET', url: '/api/me', headers: bHeaders })).statusCode).toBe(200);

    const wrong = await inject({ method: 'POST', url: '/api/password', headers: a.headers, payload: { currentPassword: 'not it at all', newPassword: 'a brand new passphrase' } });
    expect(wrong.statusCode).toBe(403);
    expect((await inject({ method: 'GET', url: '/api/me', headers: a.headers })).statusCode).toBe(200);

    const changed = await inject({ method: 'POST', url: '/api/password', headers: a.headers, payload: { currentPassword: PASSWORD, newPassword: 'a brand new passphrase' } });
    expect(changed.statusCode).toBe(204);
    const renewed = { cookie: sessionCookie(changed) };
    expect(renewed.cookie).not.toBe(a.headers.cookie);
    expect((await inject({ method: 'GET', url: '/api/me', headers: renewed })).statusCode).toBe(200);
    expect((await inject({ method: 'GET', url: '/api/me', headers: a.headers })).statusCode).toBe(401);
    expect((await inject({ method: 'GET', url: '/api/me', headers: bHeaders })).statusCode).toBe(401);

    expect((await inject({ method: 'POST', url: '/api/login', payload: { username: email, password: PASSWORD } })).statusCode).toBe(401);
    expect((await inject({ method: 'POST', url: '/api/login', payload: { username: email, password: 'a brand new passphrase' } })).statusCode).toBe(200);
  });

  it('refuses a cookie-authenticated change from a foreign origin, but not a bearer call', async () => {
    const s = await signUp(t.app);
    const foreign = await inject({ method: 'PATCH', url: '/api/organization', headers: { ...s.headers, origin: 'https://evil.example' }, payload: { name: 'Hijacked' } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error).toMatch(/cross-origin/i);
    const crossSite = await inject({ method: 'PATCH', url: '/api/organization', headers: { ...s.headers, 'sec-fetch-site': 'cross-site' }, payload: { name: 'Hijacked' } });
    expect(crossSite.statusCode).toBe(403);
    const own = await inject({ method: 'PATCH', url: '/api/organization', headers: { ...s.headers, origin: t.config.publicUrl }, payload: { name: 'Renamed' } });
    expect(own.statusCode).toBe(200);
    const sameHost = await inject({ method: 'PATCH', url: '/api/organization', headers: { ...s.headers, host: 'portal.internal:8080', origin: 'http://portal.internal:8080' }, payload: { name: 'Renamed again' } });
    expect(sameHost.statusCode).toBe(200);
    const key = await inject({ method: 'POST', url: '/api/api-keys', headers: s.headers, payload: { name: 'ci' } });
    const bearer = await inject({ method: 'GET', url: '/api/organization', headers: { authorization: `Bearer ${key.json().secret}`, origin: 'https://evil.example' } });
    expect(bearer.statusCode).toBe(200);
  });
});

describe(`device sessions for the desktop app on ${DRIVER}`, () => {
  it('signs in with a bearer session that works across origins and ends on logout', async () => {
    const t = await buildTestApp({ config: { allowedOrigins: ['app://portal'] } });
    try {
      const email = uniqueEmail();
      await signUp(t.app, { email });
      const wrong = await t.app.inject({ method: 'POST', url: '/api/device-sessions', payload: { username: email, password: 'not the password' } });
      expect(wrong.statusCode).toBe(401);
      const res = await t.app.inject({ method: 'POST', url: '/api/device-sessions', headers: { origin: 'app://portal' }, payload: { username: email, password: PASSWORD } });
      expect(res.statusCode).toBe(201);
      expect(res.cookies).toEqual([]);
      const { token, user } = res.json();
      expect(token).toMatch(/^ses_/);
      const headers = { authorization: `Bearer ${token}`, origin: 'app://portal' };
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers });
      expect(me.statusCode).toBe(200);
      expect(me.json().id).toBe(user.id);
      expect(me.headers['access-control-allow-origin']).toBe('app://portal');
      expect(me.headers['access-control-allow-credentials']).toBeUndefined();

      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/organization',
        headers: { origin: 'app://portal', 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'authorization,content-type' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('app://portal');
      const foreign = await t.app.inject({ method: 'OPTIONS', url: '/api/organization', headers: { origin: 'https://evil.example', 'access-control-request-method': 'PATCH' } });
      expect(foreign.headers['access-control-allow-origin']).toBeUndefined();

      expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers })).statusCode).toBe(204);
      expect((await t.app.inject({ method: 'GET', url: '/api/me', headers })).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe('cookies and throttles that depend on configuration', () => {
  it('marks the cookie Secure behind an https proxy, and allows configured origins', async () => {
    const t = await buildTestApp({ config: { trustProxy: true, allowedOrigins: ['app://portal'] } });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/signup',
        headers: { 'x-forwarded-proto': 'https', origin: 'app://portal' },
        payload: { orgName: 'Secure Co', email: uniqueEmail(), password: PASSWORD },
      });
      expect(res.statusCode).toBe(201);
      expect(res.cookies.find((c) => c.name === 'portal_session')?.secure).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('answers 429 with Retry-After when one address signs up too often', async () => {
    const t = await buildTestApp();
    try {
      t.config.throttles.signup = { max: 2, windowMs: 3_600_000 };
      expect((await t.app.inject({ method: 'POST', url: '/api/signup' })).statusCode).toBe(201);
      expect((await t.app.inject({ method: 'POST', url: '/api/signup' })).statusCode).toBe(201);
      const third = await t.app.inject({ method: 'POST', url: '/api/signup' });
      expect(third.statusCode).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(3_500);
      const otherAddress = await t.app.inject({ method: 'POST', url: '/api/signup', remoteAddress: '127.0.0.9' });
      expect(otherAddress.statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });
});
