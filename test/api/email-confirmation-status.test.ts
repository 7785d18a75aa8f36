import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addColleague, apiKeySession, buildTestApp, defaultThrottles, drainJobs, DRIVER, PASSWORD, signUp, uniqueEmail, type Session, type TestApp } from '../helper.js';
import { newestLink, outbox } from './outbox-mail.js';

/**
 * GET /email-confirmation: what the Users screen tells a new Manager, whose invitation mails wait
 * for their own address to be confirmed (issue 37, point 3): a held colleague otherwise looks like
 * any invited one.
 */
describe(`the confirmation status of one's own address on ${DRIVER}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { throttles: defaultThrottles() } });
  });
  afterAll(() => t?.close());
  const inject = (o: InjectOptions) => t.app.inject(o);
  const status = (s: Session) => inject({ method: 'GET', url: '/api/email-confirmation', headers: s.headers });
  const invite = async (manager: Session, extra: object = {}) => {
    const res = await inject({ method: 'POST', url: '/api/users', headers: manager.headers, payload: { name: 'Nia Newcomer', email: uniqueEmail('waiting'), ...extra } });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; email: string };
  };

  it('counts the colleagues whose invitation waits until the mailed link is used, then none', async () => {
    const manager = await signUp(t.app, { orgName: 'Fresh Lettings' });
    const fresh = await status(manager);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual({ email: manager.user!.email, confirmed: false, linkSentAt: expect.any(String), heldInvitations: 0, heldUserIds: [] });
    const mailedAt = Date.parse(fresh.json().linkSentAt);
    expect(Math.abs(mailedAt - Date.now())).toBeLessThan(60_000);

    const first = await invite(manager);
    const second = await invite(manager);
    // A temporary password mails nobody: nothing of it waits.
    await invite(manager, { temporaryPassword: 'temporary passphrase' });
    expect((await status(manager)).json()).toMatchObject({ confirmed: false, heldInvitations: 2, heldUserIds: [first.id, second.id] });
    await drainJobs(t.app);
    expect(await outbox(t, first.email)).toEqual([]);

    // A colleague deactivated meanwhile no longer waits for anything.
    expect((await inject({ method: 'PATCH', url: `/api/users/${second.id}`, headers: manager.headers, payload: { active: false } })).statusCode).toBe(200);
    expect((await status(manager)).json()).toMatchObject({ confirmed: false, heldInvitations: 1, heldUserIds: [first.id] });

    const token = await newestLink(t, manager.user!.email!, 'confirm-email');
    expect((await inject({ method: 'POST', url: '/api/email-confirmation', payload: { token } })).statusCode).toBe(204);
    expect((await status(manager)).json()).toEqual({ email: manager.user!.email, confirmed: true, linkSentAt: null, heldInvitations: 0, heldUserIds: [] });
    // What waited went out with the confirmation.
    await drainJobs(t.app);
    expect(await newestLink(t, first.email, 'reset-password')).toBeTruthy();
    // Later additions are mailed at once and never counted.
    await invite(manager);
    expect((await status(manager)).json()).toMatchObject({ confirmed: true, heldInvitations: 0 });
  });

  it('answers each Manager for the colleagues they added themselves', async () => {
    const first = await signUp(t.app);
    const second = await addColleague(t.app, first, 'Manager');
    const held = await invite(first);
    // The colleague added with a temporary password signed in: their address was never mailed a link.
    expect((await status(second)).json()).toEqual({ email: second.user!.email, confirmed: false, linkSentAt: null, heldInvitations: 0, heldUserIds: [] });
    // Asking for one mails it, and says when.
    expect((await inject({ method: 'POST', url: '/api/email-confirmation/resend', headers: second.headers })).statusCode).toBe(204);
    expect((await status(second)).json().linkSentAt).toEqual(expect.any(String));
    expect((await status(first)).json()).toMatchObject({ heldInvitations: 1, heldUserIds: [held.id] });
    expect((await status(second)).json().heldUserIds).toEqual([]);
  });

  it('says an instant account has no address yet, and refuses keys and strangers', async () => {
    const instant = await inject({ method: 'POST', url: '/api/signup' });
    expect(instant.statusCode).toBe(201);
    const cookie = instant.cookies.find((c) => c.name === 'portal_session')!;
    const instantManager: Session = { headers: { cookie: `portal_session=${cookie.value}` }, organizationId: instant.json().organizationId };
    expect((await status(instantManager)).json()).toEqual({ email: null, confirmed: false, linkSentAt: null, heldInvitations: 0, heldUserIds: [] });

    const manager = await signUp(t.app, { password: PASSWORD });
    const key = await apiKeySession(t.app, manager);
    const refused = await status(key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/API key has no address/);
    expect((await inject({ method: 'GET', url: '/api/email-confirmation' })).statusCode).toBe(401);
  });
});
