import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../sync-server/src/config.js';
import { buildTestApp, drainJobs, DRIVER, PASSWORD, sessionCookie, signUp, uniqueEmail, type Session, type TestApp } from '../helper.js';
import { linkIn, newestLink, outbox } from './outbox-mail.js';

/**
 * Issue 37, point 6: after one reset link was used the user's other reset links still worked; a
 * link mailed before a Manager changed the user's email still took the account over; invitation
 * links the same for 7 days. Every way of ending them, each shown on a link that worked before.
 */
describe(`mailed links end with what should end them on ${DRIVER}`, () => {
  let t: TestApp;
  let manager: Session;
  beforeAll(async () => {
    const base = loadConfig({});
    t = await buildTestApp({ config: { throttles: { ...base.throttles, signup: { max: 1000, windowMs: 3_600_000 }, forgot: { max: 100, windowMs: 3_600_000 } } } });
    manager = await signUp(t.app, { orgName: 'Harbour Lettings' });
    await drainJobs(t.app);
    const confirmed = await inject({ method: 'POST', url: '/api/email-confirmation', payload: { token: await newestLink(t, manager.user!.email!, 'confirm-email') } });
    expect(confirmed.statusCode).toBe(204);
  });
  afterAll(() => t?.close());
  const inject = (o: InjectOptions) => t.app.inject(o);

  /** Asks for reset links `n` times; their tokens. */
  const resetLinks = async (email: string, n: number): Promise<string[]> => {
    const before = new Set((await outbox(t, email)).map((m) => m.file));
    for (let i = 0; i < n; i++) {
      expect((await inject({ method: 'POST', url: '/api/password/forgot', payload: { email } })).statusCode).toBe(200);
      // One at a time: requests for one address while one is queued are one mail.
      await drainJobs(t.app);
    }
    const tokens = (await outbox(t, email)).filter((m) => !before.has(m.file)).map((m) => linkIn(m, 'reset-password'));
    expect(tokens).toHaveLength(n);
    return tokens as string[];
  };
  const reset = (token: string, newPassword = 'a fresh passphrase') => inject({ method: 'POST', url: '/api/password/reset', payload: { token, newPassword } });
  const login = (email: string, password: string) => inject({ method: 'POST', url: '/api/login', payload: { email, password } });

  /** A colleague who joined, with a known password, and their session. */
  const colleague = async (): Promise<{ id: string; email: string; headers: Record<string, string> }> => {
    const email = uniqueEmail('colleague');
    const created = await inject({ method: 'POST', url: '/api/users', headers: manager.headers, payload: { name: 'Cleo Colleague', email, temporaryPassword: PASSWORD } });
    expect(created.statusCode).toBe(201);
    const signedIn = await login(email, PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    return { id: created.json().id, email, headers: { cookie: sessionCookie(signedIn) } };
  };

  it('using one reset link cancels the other reset links of the user', async () => {
    const c = await colleague();
    const [first, second, third] = await resetLinks(c.email, 3);
    expect((await reset(second!, 'the chosen passphrase')).statusCode).toBe(204);
    for (const other of [first!, third!]) {
      const res = await reset(other, 'an attacker passphrase');
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/invalid, already used or expired/);
    }
    expect((await login(c.email, 'the chosen passphrase')).statusCode).toBe(200);
  });

  it('changing one’s password cancels every reset link mailed before', async () => {
    const c = await colleague();
    const [link] = await resetLinks(c.email, 1);
    const changed = await inject({ method: 'POST', url: '/api/password', headers: c.headers, payload: { currentPassword: PASSWORD, newPassword: 'my own new passphrase' } });
    expect(changed.statusCode).toBe(204);
    expect((await reset(link!)).statusCode).toBe(400);
    expect((await login(c.email, 'my own new passphrase')).statusCode).toBe(200);
  });

  it('a Manager’s temporary password cancels every reset link mailed before', async () => {
    const c = await colleague();
    const [link] = await resetLinks(c.email, 1);
    const patched = await inject({ method: 'PATCH', url: `/api/users/${c.id}`, headers: manager.headers, payload: { temporaryPassword: 'temporary passphrase two' } });
    expect(patched.statusCode).toBe(200);
    expect((await reset(link!)).statusCode).toBe(400);
    expect((await login(c.email, 'temporary passphrase two')).statusCode).toBe(200);
  });

  it('a new email cancels the links mailed to the old address, and the new one is asked to confirm', async () => {
    const c = await colleague();
    const [link] = await resetLinks(c.email, 1);
    const newEmail = uniqueEmail('moved');
    const patched = await inject({ method: 'PATCH', url: `/api/users/${c.id}`, headers: manager.headers, payload: { email: newEmail } });
    expect(patched.statusCode).toBe(200);
    const res = await reset(link!, 'taken over passphrase');
    expect(res.statusCode).toBe(400);
    expect((await login(newEmail, 'taken over passphrase')).statusCode).toBe(401);
    expect((await login(newEmail, PASSWORD)).statusCode).toBe(200);
    await drainJobs(t.app);
    expect((await outbox(t, newEmail)).some((m) => linkIn(m, 'confirm-email') !== undefined)).toBe(true);
  });

  it('a reset link cancels an invitation link still open, and the other way round', async () => {
    const email = uniqueEmail('invitee');
    expect((await inject({ method: 'POST', url: '/api/users', headers: manager.headers, payload: { name: 'Ivy Invitee', email } })).statusCode).toBe(201);
    await drainJobs(t.app);
    const invitation = await newestLink(t, email, 'reset-password');
    const [resetLink] = await resetLinks(email, 1);
    expect((await reset(resetLink!, 'chosen by reset')).statusCode).toBe(204);
    expect((await reset(invitation, 'chosen by invitation')).statusCode).toBe(400);
    expect((await login(email, 'chosen by reset')).statusCode).toBe(200);
  });

  it('a corrected address cancels the invitation mailed to the old one and invites the new one', async () => {
    const wrong = uniqueEmail('typo');
    const created = await inject({ method: 'POST', url: '/api/users', headers: manager.headers, payload: { name: 'Theo Typo', email: wrong } });
    expect(created.statusCode).toBe(201);
    await drainJobs(t.app);
    const oldInvitation = await newestLink(t, wrong, 'reset-password');
    const right = uniqueEmail('right');
    const patched = await inject({ method: 'PATCH', url: `/api/users/${created.json().id}`, headers: manager.headers, payload: { email: right } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().invitedAt).not.toBeNull();
    // Whoever holds the old address cannot take the account.
    expect((await reset(oldInvitation, 'squatter passphrase')).statusCode).toBe(400);
    await drainJobs(t.app);
    const newInvitation = await newestLink(t, right, 'reset-password');
    expect((await reset(newInvitation, 'the right passphrase')).statusCode).toBe(204);
    expect((await login(right, 'the right passphrase')).statusCode).toBe(200);
  });
});
