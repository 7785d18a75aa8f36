import type { InjectOptions } from 'fastify';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, drainJobs, DRIVER, manualClock, PASSWORD, signUp, uniqueEmail, type TestApp } from '../helper.js';

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtp(): Promise<{ url: string; inbox: Received[]; close(): Promise<void> }> {
  const inbox: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (d: Buffer) => (raw += d.toString()));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${port}`, inbox, close: () => new Promise((r) => server.close(() => r())) };
}

/** A mail's text with quoted-printable line wrapping undone. */
const unfolded = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

/** The token of the reset link (or, with `page`, another link) in a mail. */
function linkToken(raw: string, page = 'reset-password'): string {
  const body = unfolded(raw);
  const m = new RegExp(`/${page}#token=([A-Za-z0-9_-]+)`).exec(body);
  if (!m) throw new Error(`no ${page} link in mail:\n${body}`);
  return m[1]!;
}

describe(`password reset through a real SMTP server on ${DRIVER}`, () => {
  const clock = manualClock();
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  let logs = '';
  beforeAll(async () => {
    smtp = await startSmtp();
    const stream = new Writable({
      write(chunk, _enc, cb) {
        logs += chunk.toString();
        cb();
      },
    });
    t = await buildTestApp({ clock, config: { smtpUrl: smtp.url, publicUrl: 'https://portal.example' }, logger: { level: 'info', stream } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  const inject = (o: InjectOptions) => t.app.inject(o);
  /** Uses the link mailed at sign-up: a Manager's invitations wait for it. */
  const confirmAddress = async (email: string) => {
    await drainJobs(t.app);
    const mail = smtp.inbox.find((m) => m.to.includes(email) && /confirm-email#token=/.test(unfolded(m.raw)));
    expect(mail, `a confirmation mail to ${email}`).toBeDefined();
    expect((await inject({ method: 'POST', url: '/api/email-confirmation', payload: { token: linkToken(mail!.raw, 'confirm-email') } })).statusCode).toBe(204);
  };

  it('mails a one-hour, single-use link; using it sets the password and ends every session', async () => {
    const email = uniqueEmail();
    const s = await signUp(t.app, { email });
    const forgot = await inject({ method: 'POST', url: '/api/password/forgot', payload: { email } });
    expect(forgot.statusCode).toBe(200);
    await drainJobs(t.app);
    const mail = smtp.inbox.find((m) => m.to.includes(email) && /reset-password#token=/.test(unfolded(m.raw)));
    expect(mail).toBeDefined();
    expect(mail!.raw).toContain('https://portal.example/reset-password#token=');
    const token = linkToken(mail!.raw);

    const reset = await inject({ method: 'POST', url: '/api/password/reset', payload: { token, newPassword: 'reset passphrase 1' } });
    expect(reset.statusCode).toBe(204);
    expect((await inject({ method: 'GET', url: '/api/me', headers: s.headers })).statusCode).toBe(401);
    expect((await inject({ method: 'POST', url: '/api/login', payload: { username: email, password: PASSWORD } })).statusCode).toBe(401);
    expect((await inject({ method: 'POST', url: '/api/login', payload: { username: email, password: 'reset passphrase 1' } })).statusCode).toBe(200);

    const again = await inject({ method: 'POST', url: '/api/password/reset', payload: { token, newPassword: 'reset passphrase 2' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatch(/invalid, already used or expired/);
  });

  it('refuses a link older than an hour', async () => {
    const email = uniqueEmail();
    await signUp(t.app, { email });
    await inject({ method: 'POST', url: '/api/password/forgot', payload: { email } });
    await drainJobs(t.app);
    const token = linkToken(smtp.inbox.find((m) => m.to.includes(email) && /reset-password#token=/.test(unfolded(m.raw)))!.raw);
    clock.advance(61 * 60_000);
    const res = await inject({ method: 'POST', url: '/api/password/reset', payload: { token, newPassword: 'too late passphrase' } });
    expect(res.statusCode).toBe(400);
  });

  it('answers 200 for an unknown address and sends nothing', async () => {
    const before = smtp.inbox.length;
    const res = await inject({ method: 'POST', url: '/api/password/forgot', payload: { email: uniqueEmail('nobody') } });
    expect(res.statusCode).toBe(200);
    await drainJobs(t.app);
    expect(smtp.inbox.length).toBe(before);
    expect((await inject({ method: 'POST', url: '/api/password/reset', payload: { token: 'x'.repeat(43), newPassword: 'whatever passphrase' } })).statusCode).toBe(400);
    expect((await inject({ method: 'POST', url: '/api/password/forgot', payload: { email: 'not an email' } })).statusCode).toBe(400);
  });

  it('invites a colleague by mail naming the organization and who invited; listed as invited until the link sets their password', async () => {
    const manager = await signUp(t.app, { orgName: 'Harbour Lettings' });
    await confirmAddress(manager.user!.email!);
    const email = uniqueEmail('invitee');
    const created = await inject({ method: 'POST', url: '/api/users', headers: manager.headers, payload: { name: 'Ines Okafor', email } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ mustChangePassword: false, active: true, invitedAt: created.json().createdAt });
    await drainJobs(t.app);
    const mail = smtp.inbox.find((m) => m.to.includes(email) && /reset-password#token=/.test(unfolded(m.raw)))!;
    // Quoted-printable wraps long lines with a soft break, and a long header is folded.
    const text = mail.raw.replace(/=\r?\n/g, '').replace(/\r?\n[ \t]+/g, ' ');
    expect(text).toMatch(new RegExp(`Subject: ${manager.user!.name} invited you to Harbour Lettings on Compliance Portal`));
    expect(text).toContain(`${manager.user!.name} invited you to join Harbour Lettings on Compliance Portal.`);
    const listed = async () => ((await inject({ method: 'GET', url: '/api/users', headers: manager.headers })).json() as { email: string; invitedAt: string | null }[]).find((u) => u.email === email)!;
    expect((await listed()).invitedAt).toBe(created.json().createdAt);

    const set = await inject({ method: 'POST', url: '/api/password/reset', payload: { token: linkToken(mail.raw), newPassword: 'invited passphrase' } });
    expect(set.statusCode).toBe(204);
    expect((await listed()).invitedAt).toBeNull();
    const login = await inject({ method: 'POST', url: '/api/login', payload: { username: email, password: 'invited passphrase' } });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ organizationId: manager.organizationId, invitedAt: null });
  });

  it('lists a colleague given a temporary password as invited until their first sign-in; those who signed up never', async () => {
    const manager = await signUp(t.app, { orgName: 'Quay Estates' });
    const email = uniqueEmail('temporary');
    const created = await inject({ method: 'POST', url: '/api/users', headers: manager.headers, payload: { name: 'Tom Temp', email, temporaryPassword: 'temporary passphrase' } });
    expect(created.json()).toMatchObject({ mustChangePassword: true, invitedAt: expect.any(String) });
    const users = async () => (await inject({ method: 'GET', url: '/api/users', headers: manager.headers })).json() as { email: string; invitedAt: string | null }[];
    expect((await users()).map((u) => [u.email, u.invitedAt !== null])).toEqual([
      [manager.user!.email, false],
      [email, true],
    ]);
    const login = await inject({ method: 'POST', url: '/api/login', payload: { username: email, password: 'temporary passphrase' } });
    expect(login.statusCode).toBe(200);
    expect(login.json().invitedAt).toBeNull();
    expect((await users()).every((u) => u.invitedAt === null)).toBe(true);
  });

  it('never writes a password, key secret, cookie or reset token to the logs', async () => {
    const email = uniqueEmail('logged');
    const s = await signUp(t.app, { email });
    const key = (await inject({ method: 'POST', url: '/api/api-keys', headers: s.headers, payload: { name: 'log probe' } })).json().secret as string;
    await inject({ method: 'GET', url: '/api/organization', headers: { authorization: `Bearer ${key}` } });
    await inject({ method: 'POST', url: '/api/login', payload: { username: email, password: PASSWORD } });
    await inject({ method: 'POST', url: '/api/password/forgot', payload: { email } });
    await drainJobs(t.app);
    const token = linkToken(smtp.inbox.find((m) => m.to.includes(email) && /reset-password#token=/.test(unfolded(m.raw)))!.raw);
    expect(logs).toContain('mail sent');
    for (const secret of [PASSWORD, key, key.split('_').slice(2).join('_'), token, s.headers.cookie!.split('=')[1]!]) {
      expect(logs).not.toContain(secret);
    }
    // The mail job keeps who and what, not the link.
    const { rows } = await t.app.db.query<{ payload: object }>(`SELECT payload FROM jobs WHERE kind = 'mail.send'`);
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

describe('mail without an SMTP server', () => {
  it('writes each message as an .eml file to the outbox under DATA_DIR', async () => {
    const t = await buildTestApp();
    try {
      const email = uniqueEmail();
      await signUp(t.app, { email });
      await t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email } });
      await drainJobs(t.app);
      const dir = join(t.config.dataDir, 'outbox');
      // The confirmation of the address mailed at sign-up, and the reset link.
      const files = await readdir(dir);
      expect(files).toHaveLength(2);
      expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
      const raws = await Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')));
      expect(raws.every((raw) => raw.includes(`To: ${email}`))).toBe(true);
      expect(linkToken(raws.find((raw) => unfolded(raw).includes('reset-password#'))!)).toHaveLength(43);
      expect(linkToken(raws.find((raw) => unfolded(raw).includes('confirm-email#'))!, 'confirm-email')).toHaveLength(43);
    } finally {
      await t.close();
    }
  });
});
