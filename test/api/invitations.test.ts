import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, defaultThrottles, drainJobs, DRIVER, PASSWORD, sessionCookie, signUp, uniqueEmail, type Session, type TestApp } from '../helper.js';
import { expectSameTiming } from './timing.js';
import { linkIn, newestLink, outbox } from './outbox-mail.js';

/**
 * Issue 37, point 3: invitations were a mail cannon (a fresh sign-up renamed its organization to
 * "… verify at http://evil.example" and sent 30 invitations with that text in 0.5 s) and an
 * address oracle (409 "An account with this email already exists" for an address of another
 * organization, unthrottled).
 */
describe(`invitations on ${DRIVER}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { throttles: defaultThrottles() } });
  });
  afterAll(() => t?.close());
  const inject = (o: InjectOptions) => t.app.inject(o);
  const invite = (manager: Session, email: string, extra: object = {}) =>
    inject({ method: 'POST', url: '/api/users', headers: manager.headers, payload: { name: 'Nia Newcomer', email, ...extra } });
  const confirm = async (manager: Session) => {
    await drainJobs(t.app);
    const res = await inject({ method: 'POST', url: '/api/email-confirmation', payload: { token: await newestLink(t, manager.user!.email!, 'confirm-email') } });
    expect(res.statusCode).toBe(204);
  };
  /** A Manager whose address is confirmed. */
  const confirmedManager = async (input: { orgName?: string; name?: string } = {}) => {
    const m = await signUp(t.app, input);
    await confirm(m);
    return m;
  };

  it('holds the invitations of a Manager whose address is not confirmed yet, and sends them once it is', async () => {
    const manager = await signUp(t.app, { orgName: 'Fresh Lettings' });
    const email = uniqueEmail('held');
    const created = await invite(manager, email);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ email, invitedAt: created.json().createdAt, active: true });
    await drainJobs(t.app);
    expect(await outbox(t, email)).toEqual([]);
    // The sign-up mailed the Manager a link to confirm the address; using it sends what waited.
    const mailToManager = (await outbox(t, manager.user!.email!))[0]!;
    expect(mailToManager.subject).toBe('Confirm your address for Compliance Portal');
    const token = linkIn(mailToManager, 'confirm-email')!;
    expect((await inject({ method: 'POST', url: '/api/email-confirmation', payload: { token } })).statusCode).toBe(204);
    await drainJobs(t.app);
    const invitation = await newestLink(t, email, 'reset-password');
    expect((await inject({ method: 'POST', url: '/api/password/reset', payload: { token: invitation, newPassword: 'newcomer passphrase' } })).statusCode).toBe(204);
    // A confirmation link works once.
    expect((await inject({ method: 'POST', url: '/api/email-confirmation', payload: { token } })).statusCode).toBe(400);
    expect((await inject({ method: 'POST', url: '/api/email-confirmation', payload: { token: 'made-up-confirmation-token' } })).statusCode).toBe(400);
  });

  it('counts a reset link used by the Manager as a confirmed address too', async () => {
    const manager = await signUp(t.app);
    const email = uniqueEmail('held-then-reset');
    expect((await invite(manager, email)).statusCode).toBe(201);
    await inject({ method: 'POST', url: '/api/password/forgot', payload: { email: manager.user!.email } });
    await drainJobs(t.app);
    expect(await outbox(t, email)).toEqual([]);
    const reset = await newestLink(t, manager.user!.email!, 'reset-password');
    expect((await inject({ method: 'POST', url: '/api/password/reset', payload: { token: reset, newPassword: 'manager passphrase' } })).statusCode).toBe(204);
    await drainJobs(t.app);
    expect(linkIn((await outbox(t, email))[0], 'reset-password')).toBeDefined();
  });

  it('mails a new confirmation link on request; the old one stops working', async () => {
    const manager = await signUp(t.app);
    await drainJobs(t.app);
    const first = await newestLink(t, manager.user!.email!, 'confirm-email');
    expect((await inject({ method: 'POST', url: '/api/email-confirmation/resend', headers: manager.headers })).statusCode).toBe(204);
    await drainJobs(t.app);
    const tokens = (await outbox(t, manager.user!.email!)).map((m) => linkIn(m, 'confirm-email'));
    const second = tokens.find((x) => x !== first)!;
    expect((await inject({ method: 'POST', url: '/api/email-confirmation', payload: { token: first } })).statusCode).toBe(400);
    expect((await inject({ method: 'POST', url: '/api/email-confirmation', payload: { token: second } })).statusCode).toBe(204);
    expect((await inject({ method: 'POST', url: '/api/email-confirmation/resend', headers: manager.headers })).statusCode).toBe(409);
  });

  it('refuses the 31st addition of an hour in one organization with 429 and Retry-After', async () => {
    const manager = await confirmedManager();
    for (let i = 0; i < 30; i++) expect((await invite(manager, uniqueEmail('wave'))).statusCode, `addition ${i + 1}`).toBe(201);
    const refused = await invite(manager, uniqueEmail('wave'));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // With a temporary password too: each addition of an address can mail a stranger (see below).
    expect((await invite(manager, uniqueEmail('wave'), { temporaryPassword: 'temporary passphrase' })).statusCode).toBe(429);
    await drainJobs(t.app);
  });

  it('counts per Manager as well as per organization', async () => {
    const saved = { ...t.config.throttles };
    t.config.throttles.inviteOrg = { max: 5, windowMs: 3_600_000 };
    t.config.throttles.inviteManager = { max: 2, windowMs: 3_600_000 };
    try {
      const first = await confirmedManager();
      // A second Manager of the same organization (the first addition of the first Manager).
      const secondEmail = uniqueEmail('second-manager');
      expect((await invite(first, secondEmail, { role: 'Manager', temporaryPassword: PASSWORD })).statusCode).toBe(201);
      const login = await inject({ method: 'POST', url: '/api/login', payload: { email: secondEmail, password: PASSWORD } });
      const second: Session = { headers: { cookie: sessionCookie(login) }, organizationId: first.organizationId };
      expect((await invite(first, uniqueEmail('a'))).statusCode).toBe(201);
      expect((await invite(first, uniqueEmail('a'))).json().error).toMatch(/You have added/);
      expect((await invite(second, uniqueEmail('b'))).statusCode).toBe(201);
      expect((await invite(second, uniqueEmail('b'))).statusCode).toBe(201);
      // Organization: 1 + 1 + (1 refused) + 2 = 5 counted; the next is the organization's sixth.
      const refused = await invite(second, uniqueEmail('b'));
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toMatch(/organization/);
    } finally {
      Object.assign(t.config.throttles, saved);
    }
  });

  it('keeps link-like text of the organization’s and people’s names out of the mails', async () => {
    const manager = await confirmedManager({ orgName: 'Quay Homes', name: 'Support at www.evil.example' });
    const renamed = await inject({ method: 'PATCH', url: '/api/organization', headers: manager.headers, payload: { name: 'Quay Homes – verify your account at http://evil.example/login' } });
    expect(renamed.statusCode).toBe(200);
    const email = uniqueEmail('target');
    expect((await inject({ method: 'POST', url: '/api/users', headers: manager.headers, payload: { name: 'Click hxxp://evil[.]example now', email } })).statusCode).toBe(201);
    await drainJobs(t.app);
    const [mail] = await outbox(t, email);
    expect(mail).toBeDefined();
    expect(mail!.text).not.toMatch(/evil|hxxp|verify your account/i);
    // The one link is ours.
    const links = mail!.text.match(/\b[a-z]+:\/\/\S+/gi) ?? [];
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(new RegExp(`^${t.config.publicUrl}/reset-password#token=`));
    expect(mail!.subject).toBe('A Manager invited you to an organization on Compliance Portal');

    // An ordinary name is still said.
    const plain = await confirmedManager({ orgName: 'Harbour Lettings Ltd.', name: 'Maya Manager' });
    const other = uniqueEmail('plain');
    await invite(plain, other);
    await drainJobs(t.app);
    expect((await outbox(t, other))[0]!.subject).toBe('Maya Manager invited you to Harbour Lettings Ltd. on Compliance Portal');
  });

  describe('an address with an account in another organization', () => {
    let owner: Session;
    let ownerEmail: string;
    let manager: Session;
    beforeAll(async () => {
      ownerEmail = uniqueEmail('owner');
      owner = await signUp(t.app, { orgName: 'Owner Homes', email: ownerEmail });
      manager = await confirmedManager({ orgName: 'Prober Lettings' });
    });

    it('is answered exactly like a new address: status, body and listing', async () => {
      const fresh = uniqueEmail('fresh');
      const [a, b] = [await invite(manager, ownerEmail), await invite(manager, fresh)];
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      const shape = (u: Record<string, unknown>) => ({ ...u, id: typeof u.id, email: typeof u.email, createdAt: typeof u.createdAt, invitedAt: typeof u.invitedAt });
      expect(shape(a.json())).toEqual(shape(b.json()));
      expect(Object.keys(a.json()).sort()).toEqual(Object.keys(b.json()).sort());
      expect(a.json().invitedAt).toBe(a.json().createdAt);
      const listed = (await inject({ method: 'GET', url: '/api/users', headers: manager.headers })).json() as Record<string, unknown>[];
      const [la, lb] = [listed.find((u) => u.email === ownerEmail)!, listed.find((u) => u.email === fresh)!];
      expect(shape(la)).toEqual(shape(lb));
      // Only an address already in the caller's own organization is a 409.
      const again = await invite(manager, ownerEmail);
      expect(again.statusCode).toBe(409);
      expect((await invite(manager, fresh)).statusCode).toBe(409);
      expect((await invite(manager, manager.user!.email!)).statusCode).toBe(409);
      expect(again.json().error).toBe((await invite(manager, fresh)).json().error);
    });

    it('takes as long as a new address (medians, interleaved)', async () => {
      const saved = { ...t.config.throttles };
      t.config.throttles.inviteOrg = { max: 1000, windowMs: 3_600_000 };
      t.config.throttles.inviteManager = { max: 1000, windowMs: 3_600_000 };
      try {
        const timer = await confirmedManager({ orgName: 'Timing Lettings' });
        const taken: string[] = [];
        // 24 pairs: with 12, a loaded machine's noise alone once made a median difference of 2.5 ms.
        for (let i = 0; i < 24; i++) {
          const e = uniqueEmail('elsewhere');
          await signUp(t.app, { email: e });
          taken.push(e);
        }
        const times = { taken: [] as number[], fresh: [] as number[] };
        const once = async (kind: 'taken' | 'fresh', email: string) => {
          const start = performance.now();
          const res = await invite(timer, email);
          times[kind].push(performance.now() - start);
          expect(res.statusCode).toBe(201);
        };
        await once('fresh', uniqueEmail('warm'));
        times.fresh.length = 0;
        for (let i = 0; i < taken.length; i++) {
          if (i % 2) {
            await once('taken', taken[i]!);
            await once('fresh', uniqueEmail('fresh'));
          } else {
            await once('fresh', uniqueEmail('fresh'));
            await once('taken', taken[i]!);
          }
        }
        expectSameTiming(times.taken, times.fresh, ['taken', 'new']);
        await drainJobs(t.app);
      } finally {
        Object.assign(t.config.throttles, saved);
      }
    });

    it('tells the owner of the address instead, and never becomes a second account', async () => {
      await drainJobs(t.app);
      const notes = (await outbox(t, ownerEmail)).filter((m) => /tried to add your address/.test(m.subject));
      expect(notes).toHaveLength(1);
      expect(notes[0]!.text).toContain('nothing changed for you');
      expect(linkIn(notes[0], 'reset-password')).toBeUndefined();
      // The owner signs in to their own organization, as before.
      const login = await inject({ method: 'POST', url: '/api/login', payload: { email: ownerEmail, password: PASSWORD } });
      expect(login.statusCode).toBe(200);
      expect(login.json().organizationId).toBe(owner.organizationId);
      // A reset mails a link to the owner's own account, which stays the one signed in to.
      await inject({ method: 'POST', url: '/api/password/forgot', payload: { email: ownerEmail } });
      await drainJobs(t.app);
      const token = await newestLink(t, ownerEmail, 'reset-password');
      expect((await inject({ method: 'POST', url: '/api/password/reset', payload: { token, newPassword: 'owner passphrase two' } })).statusCode).toBe(204);
      const after = await inject({ method: 'POST', url: '/api/login', payload: { email: ownerEmail, password: 'owner passphrase two' } });
      expect(after.json().organizationId).toBe(owner.organizationId);

      // A temporary password given for such an address signs nobody in to the prober's organization.
      const other = uniqueEmail('other-owner');
      await signUp(t.app, { email: other });
      expect((await invite(manager, other, { temporaryPassword: 'prober passphrase' })).json()).toMatchObject({ mustChangePassword: true });
      expect((await inject({ method: 'POST', url: '/api/login', payload: { email: other, password: 'prober passphrase' } })).statusCode).toBe(401);
      expect((await inject({ method: 'POST', url: '/api/login', payload: { email: other, password: PASSWORD } })).json().organizationId).not.toBe(manager.organizationId);
    });

    it('readdressing a colleague still invited is answered the same way; a colleague who joined keeps the 409', async () => {
      const invited = await invite(manager, uniqueEmail('typo'));
      const taken = uniqueEmail('taken-too');
      await signUp(t.app, { email: taken });
      const moved = await inject({ method: 'PATCH', url: `/api/users/${invited.json().id}`, headers: manager.headers, payload: { email: taken } });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({ email: taken, invitedAt: invited.json().createdAt });
      const joined = await invite(manager, uniqueEmail('joined'), { temporaryPassword: PASSWORD });
      await inject({ method: 'POST', url: '/api/login', payload: { email: joined.json().email, password: PASSWORD } });
      const refused = await inject({ method: 'PATCH', url: `/api/users/${joined.json().id}`, headers: manager.headers, payload: { email: ownerEmail } });
      expect(refused.statusCode).toBe(409);
    });
  });
});
