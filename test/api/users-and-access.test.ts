import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessMatrix, RIGHT_IDS, ROLE_RIGHTS } from '@portal/shared';
import { addColleague, apiKeySession, buildTestApp, DRIVER, PASSWORD, sessionCookie, signUp, uniqueEmail, type Session, type TestApp } from '../helper.js';

describe(`users, organization and rights on ${DRIVER}`, () => {
  let t: TestApp;
  let manager: Session;
  let originator: Session;
  let key: Session & { keyId: string };
  let other: Session;
  beforeAll(async () => {
    t = await buildTestApp();
    manager = await signUp(t.app, { orgName: 'Northwind Credit' });
    originator = await addColleague(t.app, manager, 'Originator');
    key = await apiKeySession(t.app, manager, 'Loan system');
    other = await signUp(t.app, { orgName: 'Elsewhere Ltd' });
  });
  afterAll(() => t?.close());
  const inject = (o: InjectOptions) => t.app.inject(o);

  it('lists the users of the caller’s organization only', async () => {
    const res = await inject({ method: 'GET', url: '/api/users', headers: originator.headers });
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((u: { id: string }) => u.id);
    expect(ids).toEqual([manager.user!.id, originator.user!.id]);
    expect(ids).not.toContain(other.user!.id);
  });

  it('lets only a Manager add a user; 409 for an email already in the organization', async () => {
    const payload = { name: 'Priya Shah', email: uniqueEmail(), role: 'Originator', temporaryPassword: PASSWORD };
    expect((await inject({ method: 'POST', url: '/api/users', headers: originator.headers, payload })).statusCode).toBe(403);
    expect((await inject({ method: 'POST', url: '/api/users', headers: key.headers, payload })).statusCode).toBe(403);
    const created = await inject({ method: 'POST', url: '/api/users', headers: manager.headers, payload });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Priya Shah', role: 'Originator', mustChangePassword: true, organizationId: manager.organizationId });
    const dup = await inject({ method: 'POST', url: '/api/users', headers: manager.headers, payload: { ...payload, email: payload.email.toUpperCase() } });
    expect(dup.statusCode).toBe(409);
    // An address with an account in another organization is answered like a new one
    // (test/api/invitations.test.ts shows what becomes of it).
    const dupOther = await inject({ method: 'POST', url: '/api/users', headers: other.headers, payload: { ...payload, email: manager.user!.email } });
    expect(dupOther.statusCode).toBe(201);
    const bad = await inject({ method: 'POST', url: '/api/users', headers: manager.headers, payload: { name: 'No Mail' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/body\.email/);
  });

  it('edits a user; 404 for a user of another organization; 403 for a non-Manager', async () => {
    const res = await inject({ method: 'PATCH', url: `/api/users/${originator.user!.id}`, headers: manager.headers, payload: { name: 'Oliver Reed' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Oliver Reed');
    expect((await inject({ method: 'PATCH', url: `/api/users/${other.user!.id}`, headers: manager.headers, payload: { name: 'x y' } })).statusCode).toBe(404);
    expect((await inject({ method: 'PATCH', url: '/api/users/usr_nobody', headers: manager.headers, payload: { name: 'x y' } })).statusCode).toBe(404);
    expect((await inject({ method: 'PATCH', url: `/api/users/${manager.user!.id}`, headers: originator.headers, payload: { name: 'x y' } })).statusCode).toBe(403);
    expect((await inject({ method: 'PATCH', url: `/api/users/${originator.user!.id}`, headers: manager.headers, payload: {} })).statusCode).toBe(400);
  });

  it('refuses to demote or deactivate yourself or the last active Manager (409)', async () => {
    const self = await inject({ method: 'PATCH', url: `/api/users/${manager.user!.id}`, headers: manager.headers, payload: { role: 'Originator' } });
    expect(self.statusCode).toBe(409);
    const selfOff = await inject({ method: 'PATCH', url: `/api/users/${manager.user!.id}`, headers: manager.headers, payload: { active: false } });
    expect(selfOff.statusCode).toBe(409);

    // A second Manager may demote the first, but then not be demoted by anyone.
    const second = await addColleague(t.app, manager, 'Manager');
    const demote = await inject({ method: 'PATCH', url: `/api/users/${manager.user!.id}`, headers: second.headers, payload: { role: 'Originator' } });
    expect(demote.statusCode).toBe(200);
    const restore = await inject({ method: 'PATCH', url: `/api/users/${manager.user!.id}`, headers: second.headers, payload: { role: 'Manager' } });
    expect(restore.statusCode).toBe(200);
  });

  it('ends a deactivated user’s sessions and refuses their sign-in', async () => {
    const colleague = await addColleague(t.app, manager, 'Originator');
    expect((await inject({ method: 'GET', url: '/api/me', headers: colleague.headers })).statusCode).toBe(200);
    const off = await inject({ method: 'PATCH', url: `/api/users/${colleague.user!.id}`, headers: manager.headers, payload: { active: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json().active).toBe(false);
    expect((await inject({ method: 'GET', url: '/api/me', headers: colleague.headers })).statusCode).toBe(401);
    const login = await inject({ method: 'POST', url: '/api/login', payload: { username: colleague.user!.email, password: PASSWORD } });
    expect(login.statusCode).toBe(401);
  });

  it('sets a temporary password that ends the user’s sessions', async () => {
    const colleague = await addColleague(t.app, manager, 'Originator');
    const res = await inject({ method: 'PATCH', url: `/api/users/${colleague.user!.id}`, headers: manager.headers, payload: { temporaryPassword: 'temporary passphrase' } });
    expect(res.json().mustChangePassword).toBe(true);
    expect((await inject({ method: 'GET', url: '/api/me', headers: colleague.headers })).statusCode).toBe(401);
    const login = await inject({ method: 'POST', url: '/api/login', payload: { username: colleague.user!.email, password: 'temporary passphrase' } });
    expect(login.statusCode).toBe(200);
    const changed = await inject({ method: 'POST', url: '/api/password', headers: { cookie: sessionCookie(login) }, payload: { currentPassword: 'temporary passphrase', newPassword: 'my own passphrase' } });
    expect(changed.statusCode).toBe(204);
    const me = await inject({ method: 'GET', url: '/api/me', headers: { cookie: sessionCookie(changed) } });
    expect(me.json().mustChangePassword).toBe(false);
  });

  it('renames the organization (Manager only); its id never changes', async () => {
    expect((await inject({ method: 'PATCH', url: '/api/organization', headers: originator.headers, payload: { name: 'Nope' } })).statusCode).toBe(403);
    expect((await inject({ method: 'PATCH', url: '/api/organization', headers: manager.headers, payload: { name: '' } })).statusCode).toBe(400);
    const res = await inject({ method: 'PATCH', url: '/api/organization', headers: manager.headers, payload: { name: 'Northwind Credit Union' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: manager.organizationId, name: 'Northwind Credit Union' });
    expect((await inject({ method: 'GET', url: '/api/organization', headers: key.headers })).json().id).toBe(manager.organizationId);
  });

  it('returns the access matrix exactly as enforced, with the caller’s role', async () => {
    for (const [s, you, kind] of [
      [manager, 'Manager', 'user'],
      [originator, 'Originator', 'user'],
      [key, 'Originator', 'apiKey'],
    ] as const) {
      const res = await inject({ method: 'GET', url: '/api/access-matrix', headers: s.headers });
      expect(res.statusCode).toBe(200);
      const m = AccessMatrix.parse(res.json());
      expect(m.you).toBe(you);
      expect(m.callerKind).toBe(kind);
      expect(m.rights.map((r) => r.id)).toEqual(RIGHT_IDS);
      expect(Object.fromEntries(m.roles.map((r) => [r.role, r.rights]))).toEqual(ROLE_RIGHTS);
    }
    expect((await inject({ method: 'GET', url: '/api/access-matrix' })).statusCode).toBe(401);
  });

  /**
   * Every right that has an operation today, called as Manager, Originator and API key: the
   * status must follow the matrix (2xx when the role has the right, 403 when not), and key and
   * webhook management refuse API keys whatever their role.
   */
  it('enforces the matrix for Manager, Originator and API key on every right', async () => {
    // Rights whose operations arrive with later work (webhooks, cases, runs, decisions, briefs)
    // join this table with them.
    const probes: Record<string, () => { method: 'GET' | 'POST' | 'PATCH' | 'PUT'; url: string; payload?: object }> = {
      'organization.read': () => ({ method: 'GET', url: '/api/organization' }),
      'organization.manage': () => ({ method: 'PATCH', url: '/api/organization', payload: { name: 'Northwind Credit Union' } }),
      'users.manage': () => ({ method: 'POST', url: '/api/users', payload: { name: 'Matrix Probe', email: uniqueEmail('matrix'), temporaryPassword: PASSWORD } }),
      'keys.manage': () => ({ method: 'GET', url: '/api/api-keys' }),
      'webhooks.manage': () => ({ method: 'GET', url: '/api/webhooks' }),
      'models.manage': () => ({ method: 'PUT', url: '/api/models/classify', payload: { option: 'local' } }),
      'library.read': () => ({ method: 'GET', url: '/api/expected-doc-lists' }),
      'library.edit': () => ({ method: 'POST', url: '/api/expected-doc-lists', payload: { name: `Matrix probe ${Math.random().toString(36).slice(2)}` } }),
      'insights.read': () => ({ method: 'GET', url: '/api/insights/analyzer' }),
    };
    for (const [right, probe] of Object.entries(probes)) {
      for (const [who, s, role, isKey] of [
        ['Manager', manager, 'Manager', false],
        ['Originator', originator, 'Originator', false],
        ['API key', key, 'Originator', true],
      ] as const) {
        const res = await inject({ ...probe(), headers: s.headers });
        const allowed = (ROLE_RIGHTS[role] as readonly string[]).includes(right) && !(isKey && (right === 'keys.manage' || right === 'webhooks.manage'));
        expect(res.statusCode < 300, `${who} on ${right}: ${res.statusCode} ${res.body}`).toBe(allowed);
        if (!allowed) expect(res.statusCode, `${who} on ${right}`).toBe(403);
      }
    }
  });
});

describe(`API keys on ${DRIVER}`, () => {
  let t: TestApp;
  let manager: Session;
  beforeAll(async () => {
    t = await buildTestApp();
    manager = await signUp(t.app);
  });
  afterAll(() => t?.close());
  const inject = (o: InjectOptions) => t.app.inject(o);

  it('creates a key whose secret is shown once, works as bearer, and is listed newest first without it', async () => {
    const first = await inject({ method: 'POST', url: '/api/api-keys', headers: manager.headers, payload: { name: 'Loan origination' } });
    expect(first.statusCode).toBe(201);
    const second = await inject({ method: 'POST', url: '/api/api-keys', headers: manager.headers, payload: { name: 'Reporting' } });
    const secret: string = first.json().secret;
    expect(secret).toMatch(/^cpk_/);
    const list = await inject({ method: 'GET', url: '/api/api-keys', headers: manager.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((k: { id: string }) => k.id)).toEqual([second.json().id, first.json().id]);
    expect(list.body).not.toContain(secret);
    expect(list.body).not.toContain(secret.slice(-20));
    expect(list.json()[0]).not.toHaveProperty('secret');

    const use = await inject({ method: 'GET', url: '/api/organization', headers: { authorization: `Bearer ${secret}` } });
    expect(use.statusCode).toBe(200);
    const listed = (await inject({ method: 'GET', url: '/api/api-keys', headers: manager.headers })).json();
    expect(listed.find((k: { id: string }) => k.id === first.json().id).lastUsedAt).not.toBeNull();
  });

  it('refuses a malformed, unknown or tampered bearer with 401', async () => {
    const key = (await inject({ method: 'POST', url: '/api/api-keys', headers: manager.headers, payload: { name: 'x' } })).json().secret as string;
    for (const authorization of ['Bearer', 'Basic abc', `Bearer ${key}x`, `Bearer ${key.slice(0, -1)}`, 'Bearer cpk_nope_nope']) {
      const res = await inject({ method: 'GET', url: '/api/organization', headers: { authorization } });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json()).toHaveProperty('error');
    }
  });

  it('revokes with 204, also twice; the key stops working and stays listed as revoked', async () => {
    const created = (await inject({ method: 'POST', url: '/api/api-keys', headers: manager.headers, payload: { name: 'Temporary' } })).json();
    expect((await inject({ method: 'DELETE', url: `/api/api-keys/${created.id}`, headers: manager.headers })).statusCode).toBe(204);
    expect((await inject({ method: 'DELETE', url: `/api/api-keys/${created.id}`, headers: manager.headers })).statusCode).toBe(204);
    expect((await inject({ method: 'GET', url: '/api/organization', headers: { authorization: `Bearer ${created.secret}` } })).statusCode).toBe(401);
    const row = (await inject({ method: 'GET', url: '/api/api-keys', headers: manager.headers })).json().find((k: { id: string }) => k.id === created.id);
    expect(row.revokedAt).not.toBeNull();
  });

  it('answers 404 for a key of another organization and 403 to Originators and API keys', async () => {
    const mine = (await inject({ method: 'POST', url: '/api/api-keys', headers: manager.headers, payload: { name: 'Mine' } })).json();
    const stranger = await signUp(t.app);
    expect((await inject({ method: 'DELETE', url: `/api/api-keys/${mine.id}`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await inject({ method: 'DELETE', url: '/api/api-keys/none', headers: manager.headers })).statusCode).toBe(404);
    const originator = await addColleague(t.app, manager);
    const bearer = { authorization: `Bearer ${mine.secret}` };
    for (const headers of [originator.headers, bearer]) {
      expect((await inject({ method: 'GET', url: '/api/api-keys', headers })).statusCode).toBe(403);
      expect((await inject({ method: 'POST', url: '/api/api-keys', headers, payload: { name: 'x' } })).statusCode).toBe(403);
      expect((await inject({ method: 'DELETE', url: `/api/api-keys/${mine.id}`, headers })).statusCode).toBe(403);
    }
    expect((await inject({ method: 'POST', url: '/api/api-keys', headers: manager.headers, payload: { name: '' } })).statusCode).toBe(400);
  });
});
