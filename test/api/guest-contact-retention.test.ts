import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GuestKey } from '@portal/shared';
import { RETENTION_JOB } from '../../sync-server/src/retention/purge.js';
import { buildTestApp, drainJobs, DRIVER, manualClock, signUp, type TestApp } from '../helper.js';

describe(`guest sandbox on ${DRIVER}`, () => {
  const clock = manualClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(() => t?.close());

  it('hands out a key to a sandbox of its own, limited to 10 requests a minute', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/guest' });
    expect(res.statusCode).toBe(201);
    const guest = GuestKey.parse(res.json());
    expect(guest.limits).toEqual({ requestsPerMinute: 10, uploadPages: 50, validHours: 24 });
    const headers = { authorization: `Bearer ${guest.key}` };
    const org = await t.app.inject({ method: 'GET', url: '/api/organization', headers });
    expect(org.json()).toMatchObject({ id: guest.organizationId, sandbox: true });
    const matrix = await t.app.inject({ method: 'GET', url: '/api/access-matrix', headers });
    expect(matrix.json()).toMatchObject({ you: 'Originator', callerKind: 'guest' });
    for (let i = 0; i < 8; i++) expect((await t.app.inject({ method: 'GET', url: '/api/organization', headers })).statusCode).toBe(200);
    const limited = await t.app.inject({ method: 'GET', url: '/api/organization', headers });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    clock.advance(61_000);
    expect((await t.app.inject({ method: 'GET', url: '/api/organization', headers })).statusCode).toBe(200);
    // Guests cannot manage keys.
    expect((await t.app.inject({ method: 'GET', url: '/api/api-keys', headers })).statusCode).toBe(403);
  });

  it('expires after 24 hours, and the sandbox is purged with everything in it', async () => {
    const guest = (await t.app.inject({ method: 'POST', url: '/api/guest' })).json();
    const headers = { authorization: `Bearer ${guest.key}` };
    clock.advance(23 * 3_600_000);
    expect((await t.app.inject({ method: 'GET', url: '/api/organization', headers })).statusCode).toBe(200);
    clock.advance(2 * 3_600_000);
    expect((await t.app.inject({ method: 'GET', url: '/api/organization', headers })).statusCode).toBe(401);
    await t.app.jobs.enqueue({ kind: RETENTION_JOB });
    await drainJobs(t.app);
    const { rows } = await t.app.db.query('SELECT 1 FROM organizations WHERE id = $1', [guest.organizationId]);
    expect(rows).toEqual([]);
    const keys = await t.app.db.query('SELECT 1 FROM api_keys WHERE org_id = $1', [guest.organizationId]);
    expect(keys.rows).toEqual([]);
  });

  it('throttles guest keys per address', async () => {
    t.config.throttles.guest = { max: 1, windowMs: 3_600_000 };
    const remoteAddress = '127.0.0.42';
    expect((await t.app.inject({ method: 'POST', url: '/api/guest', remoteAddress })).statusCode).toBe(201);
    const again = await t.app.inject({ method: 'POST', url: '/api/guest', remoteAddress });
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBeDefined();
  });
});

describe(`instant account retention on ${DRIVER}`, () => {
  it('purges an instant account after 30 days with everything it owns, unless an email was added', async () => {
    const clock = manualClock();
    const t = await buildTestApp({ clock });
    try {
      const lapsing = await t.app.inject({ method: 'POST', url: '/api/signup' });
      const kept = await t.app.inject({ method: 'POST', url: '/api/signup' });
      const lapsingCookie = { cookie: `portal_session=${lapsing.cookies[0]!.value}` };
      const keptCookie = { cookie: `portal_session=${kept.cookies[0]!.value}` };
      const keptUser = kept.json();
      const addEmail = await t.app.inject({ method: 'PATCH', url: `/api/users/${keptUser.id}`, headers: keptCookie, payload: { email: 'keeper@example.test' } });
      expect(addEmail.statusCode).toBe(200);
      const org = await t.app.inject({ method: 'GET', url: '/api/organization', headers: keptCookie });
      expect(org.json()).toMatchObject({ instant: false, expiresAt: null });

      clock.advance(29 * 86_400_000);
      await t.app.jobs.enqueue({ kind: RETENTION_JOB });
      await drainJobs(t.app);
      expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: lapsingCookie })).statusCode).toBe(200);

      clock.advance(2 * 86_400_000);
      expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: lapsingCookie })).statusCode).toBe(401);
      await t.app.jobs.enqueue({ kind: RETENTION_JOB });
      await drainJobs(t.app);
      const orgs = await t.app.db.query<{ id: string }>('SELECT id FROM organizations WHERE id = ANY($1)', [
        [lapsing.json().organizationId, keptUser.organizationId],
      ]);
      expect(orgs.rows.map((r) => r.id)).toEqual([keptUser.organizationId]);
      const users = await t.app.db.query('SELECT 1 FROM users WHERE org_id = $1', [lapsing.json().organizationId]);
      expect(users.rows).toEqual([]);
      // (Its 30-day session has lapsed by now, like any other; the account itself stays.)
      const keptUsers = await t.app.db.query<{ email: string }>('SELECT email FROM users WHERE org_id = $1', [keptUser.organizationId]);
      expect(keptUsers.rows).toEqual([{ email: 'keeper@example.test' }]);
    } finally {
      await t.close();
    }
  });

  it('schedules the retention sweep as a recurring job', async () => {
    const t = await buildTestApp();
    try {
      const { rows } = await t.app.db.query<{ kind: string; status: string }>(`SELECT kind, status FROM jobs WHERE kind = $1`, [RETENTION_JOB]);
      expect(rows).toEqual([{ kind: RETENTION_JOB, status: 'queued' }]);
      await drainJobs(t.app);
      const after = await t.app.db.query<{ status: string; run_at: Date }>(`SELECT status, run_at FROM jobs WHERE kind = $1 ORDER BY id`, [RETENTION_JOB]);
      expect(after.rows.map((r) => r.status)).toEqual(['succeeded', 'queued']);
      expect(after.rows[1]!.run_at.getTime()).toBeGreaterThan(Date.now() + t.config.retentionSweepMs - 60_000);
    } finally {
      await t.close();
    }
  });
});

describe(`contact form on ${DRIVER}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { contactInbox: 'sales@portal.example' } });
  });
  afterAll(() => t?.close());
  const valid = { name: 'Dana Whitfield', email: 'dana@lender.example', topics: ['demo', 'pricing'], message: 'We onboard 400 cases a month.' };

  it('stores a message, queues a mail to the inbox and acknowledges it', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: valid });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ received: true });
    const { rows } = await t.app.db.query<{ name: string; topics: string[] }>(`SELECT name, topics FROM contact_messages WHERE email = $1`, [valid.email]);
    expect(rows).toEqual([{ name: 'Dana Whitfield', topics: ['demo', 'pricing'] }]);
    const mail = await t.app.db.query<{ payload: { to: string; subject: string } }>(`SELECT payload FROM jobs WHERE kind = 'mail.send'`);
    expect(mail.rows.map((r) => r.payload.to)).toEqual(['sales@portal.example']);
  });

  it('accepts a filled honeypot silently and keeps nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { ...valid, email: 'bot@spam.example', company: 'Spam Inc' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ received: true });
    const { rows } = await t.app.db.query(`SELECT 1 FROM contact_messages WHERE email = 'bot@spam.example'`);
    expect(rows).toEqual([]);
  });

  it('answers 400 for a missing name, an invalid email or no topic', async () => {
    for (const [payload, field] of [
      [{ ...valid, name: undefined }, 'body.name'],
      [{ ...valid, name: '  ' }, 'body.name'],
      [{ ...valid, email: 'dana@' }, 'body.email'],
      [{ ...valid, topics: [] }, 'body.topics'],
      [{ ...valid, topics: ['free-lunch'] }, 'body.topics.0'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error, field).toContain(field);
    }
  });

  it('throttles one address with 429', async () => {
    t.config.throttles.contact = { max: 2, windowMs: 3_600_000 };
    const remoteAddress = '127.0.0.77';
    for (let i = 0; i < 2; i++) expect((await t.app.inject({ method: 'POST', url: '/api/contact', payload: valid, remoteAddress })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: valid, remoteAddress });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('is public: a signed-in session is not needed and not harmed', async () => {
    const s = await signUp(t.app);
    t.config.throttles.contact = { max: 100, windowMs: 3_600_000 };
    expect((await t.app.inject({ method: 'POST', url: '/api/contact', headers: s.headers, payload: valid, remoteAddress: '127.0.0.78' })).statusCode).toBe(200);
  });
});
