import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, defaultThrottles, drainJobs, DRIVER, manualClock, PASSWORD, signUp, uniqueEmail, type Session, type TestApp } from '../helper.js';
import { newestLink } from './outbox-mail.js';

/**
 * Issue 38, point 15: the page a mailed link opens asks what the link is before anyone types a
 * password (POST /password/link): whom it is for while usable, and why not otherwise.
 */
describe(`what a reset or invitation link is, on ${DRIVER}`, () => {
  const clock = manualClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ clock, config: { throttles: defaultThrottles() } });
  });
  afterAll(() => t?.close());
  const inject = (o: InjectOptions) => t.app.inject(o);
  const lookUp = (token: unknown) => inject({ method: 'POST', url: '/api/password/link', payload: { token } });

  /** A Manager of `orgName` whose address is confirmed, so invitations go out at once. */
  const manager = async (orgName: string): Promise<Session> => {
    const m = await signUp(t.app, { orgName });
    await drainJobs(t.app);
    expect((await inject({ method: 'POST', url: '/api/email-confirmation', payload: { token: await newestLink(t, m.user!.email!, 'confirm-email') } })).statusCode).toBe(204);
    return m;
  };
  const invitation = async (m: Session, name: string) => {
    const email = uniqueEmail('invitee');
    expect((await inject({ method: 'POST', url: '/api/users', headers: m.headers, payload: { name, email } })).statusCode).toBe(201);
    await drainJobs(t.app);
    return { email, token: await newestLink(t, email, 'reset-password') };
  };

  it('names the invited address and organization of a usable invitation, and leaves it usable', async () => {
    const m = await manager('Harbour Lettings');
    const { email, token } = await invitation(m, 'Nia Newcomer');
    const res = await lookUp(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ state: 'usable', purpose: 'invitation', email, name: 'Nia Newcomer', organizationName: 'Harbour Lettings', expiresAt: expect.any(String) });
    expect(Date.parse(res.json().expiresAt) - clock().getTime()).toBe(7 * 86_400_000);
    // Looking changed nothing: the password is set with the same link.
    expect((await inject({ method: 'POST', url: '/api/password/reset', payload: { token, newPassword: 'newcomer passphrase' } })).statusCode).toBe(204);
    // Spent now, and it names nobody any more.
    expect((await lookUp(token)).json()).toEqual({ state: 'used', purpose: 'invitation' });
  });

  it('tells a reset link from an invitation', async () => {
    const m = await manager('Quay Loans');
    await inject({ method: 'POST', url: '/api/password/forgot', payload: { email: m.user!.email } });
    await drainJobs(t.app);
    const token = await newestLink(t, m.user!.email!, 'reset-password');
    expect((await lookUp(token)).json()).toMatchObject({ state: 'usable', purpose: 'reset', email: m.user!.email, organizationName: 'Quay Loans' });
  });

  it('says an invitation past its days is expired, naming nobody', async () => {
    const m = await manager('Slow Mortgages');
    const { token } = await invitation(m, 'Late Larry');
    clock.advance(7 * 86_400_000 + 1000);
    try {
      expect((await lookUp(token)).json()).toEqual({ state: 'expired', purpose: 'invitation' });
      expect((await inject({ method: 'POST', url: '/api/password/reset', payload: { token, newPassword: 'too late passphrase' } })).statusCode).toBe(400);
    } finally {
      clock.advance(-(7 * 86_400_000 + 1000));
    }
  });

  it('says a link cancelled by a newer one is used', async () => {
    const m = await manager('Twice Mailed');
    await inject({ method: 'POST', url: '/api/password/forgot', payload: { email: m.user!.email } });
    await drainJobs(t.app);
    const first = await newestLink(t, m.user!.email!, 'reset-password');
    // A password change cancels every open link.
    expect((await lookUp(first)).json()).toMatchObject({ state: 'usable' });
    // A password change cancels every open link.
    expect((await inject({ method: 'POST', url: '/api/password', headers: m.headers, payload: { currentPassword: PASSWORD, newPassword: 'another long passphrase' } })).statusCode).toBe(204);
    expect((await lookUp(first)).json()).toEqual({ state: 'used', purpose: 'reset' });
  });

  it('says a made-up token is invalid, and refuses a malformed request with 400', async () => {
    expect((await lookUp('made-up-token-of-nobody')).json()).toEqual({ state: 'invalid' });
    const short = await lookUp('short');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toHaveProperty('error');
    expect((await inject({ method: 'POST', url: '/api/password/link', payload: {} })).statusCode).toBe(400);
  });

  it('says the link of a deactivated account is invalid', async () => {
    const m = await manager('Closing Doors');
    const { email, token } = await invitation(m, 'Gone Gabby');
    const users = (await inject({ method: 'GET', url: '/api/users', headers: m.headers })).json() as { id: string; email: string }[];
    const id = users.find((u) => u.email === email)!.id;
    expect((await inject({ method: 'PATCH', url: `/api/users/${id}`, headers: m.headers, payload: { active: false } })).statusCode).toBe(200);
    expect((await lookUp(token)).json()).toEqual({ state: 'invalid' });
  });

  it('counts look-ups with password resets in the per-address throttle', async () => {
    const tight = await buildTestApp({ config: { throttles: { ...defaultThrottles(), reset: { max: 2, windowMs: 60_000 } } } });
    try {
      const look = () => tight.app.inject({ method: 'POST', url: '/api/password/link', payload: { token: 'made-up-token-of-nobody' } });
      expect((await look()).statusCode).toBe(200);
      expect((await look()).statusCode).toBe(200);
      const third = await look();
      expect(third.statusCode).toBe(429);
      expect(third.json()).toHaveProperty('error');
    } finally {
      await tight.close();
    }
  });
});
