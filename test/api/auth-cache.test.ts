import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '@portal/sync-server';
import type { Clock } from '../../sync-server/src/clock.js';
import { loadConfig, type AppConfig } from '../../sync-server/src/config.js';
import type { Db, Queryable } from '../../sync-server/src/db/db.js';
import { openPostgres } from '../../sync-server/src/db/postgres-driver.js';
import { purgeExpired } from '../../sync-server/src/retention/purge.js';
import {
  addColleague,
  apiKeySession,
  drainJobs,
  DRIVER,
  manualClock,
  openTestDatabase,
  PASSWORD,
  sessionCookie,
  signUp,
  tempDir,
  TEST_DATABASE_URL,
  uniqueEmail,
  until,
  type Session,
  type TestDatabase,
} from '../helper.js';
import { newestLink } from './outbox-mail.js';

/** Answered from the caller alone: only authentication can refuse it, never a missing row. */
const PROBE = '/api/access-matrix';
/** Statements that read or write a credential: what the cache exists to spare. */
const CREDENTIAL_SQL = /\b(sessions|api_keys)\b/;

/**
 * A `Db` that counts the credential statements an app sends, and whose `portal_auth` listener
 * the test can cut (as a dropped connection would) and restore.
 */
function instrumented(db: Db) {
  let credentialQueries = 0;
  let allQueries = 0;
  let deaf = false;
  const states: ((listening: boolean) => void)[] = [];
  const count = (sql: string) => {
    allQueries++;
    if (CREDENTIAL_SQL.test(sql)) credentialQueries++;
  };
  const wrap = (q: Queryable): Queryable => ({
    query: (sql, params) => {
      count(sql);
      return q.query(sql, params);
    },
    exec: (sql) => q.exec(sql),
  });
  const wrapped: Db = {
    ...wrap(db),
    get driver() {
      return db.driver;
    },
    get closed() {
      return db.closed;
    },
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    listen: (channel, onMessage, onState) => {
      if (channel !== 'portal_auth') return db.listen(channel, onMessage, onState);
      if (onState) states.push(onState);
      return db.listen(channel, (payload) => deaf || onMessage(payload), onState);
    },
    close: () => db.close(),
  };
  return {
    db: wrapped,
    credentialQueries: () => credentialQueries,
    allQueries: () => allQueries,
    drop() {
      deaf = true;
      for (const s of states) s(false);
    },
    restore() {
      deaf = false;
      for (const s of states) s(true);
    },
  };
}

type Instance = { app: App; clock: Clock & { advance(ms: number): void } } & ReturnType<typeof instrumented>;

describe(`credential cache on two instances of one ${DRIVER} database`, () => {
  let t: TestDatabase;
  let dir: Awaited<ReturnType<typeof tempDir>>;
  let config: AppConfig;
  let a: Instance;
  let b: Instance;

  const build = async (db: Db): Promise<Instance> => {
    const clock = manualClock(start);
    const i = instrumented(db);
    const app = await buildApp(config, { db: i.db, logger: false, keepDatabaseOpen: true, clock });
    return { ...i, app, clock };
  };
  const start = Date.now();

  beforeAll(async () => {
    t = await openTestDatabase();
    dir = await tempDir();
    const base = loadConfig({ LOG_LEVEL: 'silent', WORKERS: '0' });
    const many = { max: 100_000, windowMs: 3_600_000 };
    config = { ...base, dataDir: dir.path, rendererDir: dir.path, throttles: { ...base.throttles, signup: many, guest: many, guestRate: many } };
    a = await build(t.db);
    b = await build(await t.connect());
  });

  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    await t?.dispose();
    await dir?.remove();
  });

  const get = (i: Instance, url: string, headers: Record<string, string>) => i.app.inject({ method: 'GET', url, headers });
  /** The credential statements one request sends. */
  const queriesOf = async (i: Instance, o: InjectOptions) => {
    const before = i.credentialQueries();
    const res = await i.app.inject(o);
    return { res, queries: i.credentialQueries() - before };
  };

  /** Uses a credential on both instances until each answers it from its cache. */
  async function warm(headers: Record<string, string>, url = PROBE, status = 200) {
    for (const i of [a, b]) {
      expect((await get(i, url, headers)).statusCode).toBe(status);
      const again = await queriesOf(i, { method: 'GET', url, headers });
      expect(again.res.statusCode).toBe(status);
      expect(again.queries, 'served from the cache').toBe(0);
    }
  }

  /** Access has ended on `revoker` at once, and on the other instance within a second. */
  async function endedEverywhere(revoker: Instance, headers: Record<string, string>, url = PROBE, status = 401) {
    const other = revoker === a ? b : a;
    expect((await get(revoker, url, headers)).statusCode, 'on the revoking instance, at once').toBe(status);
    await until(async () => (await get(other, url, headers)).statusCode === status, 'refused on the other instance', 1_000);
  }

  it('answers a known credential without a database round trip', async () => {
    const manager = await signUp(a.app);
    const first = await queriesOf(a, { method: 'GET', url: '/api/me', headers: manager.headers });
    expect(first.res.statusCode).toBe(200);
    expect(first.queries).toBeGreaterThan(0);
    const second = await queriesOf(a, { method: 'GET', url: '/api/me', headers: manager.headers });
    expect(second.res.statusCode).toBe(200);
    expect(second.res.json().id).toBe(manager.user!.id);
    expect(second.queries).toBe(0);

    const key = await apiKeySession(a.app, manager);
    expect((await get(a, '/api/organization', key.headers)).statusCode).toBe(200);
    const keyed = await queriesOf(a, { method: 'GET', url: '/api/organization', headers: key.headers });
    expect(keyed.res.json().id).toBe(manager.organizationId);
    expect(keyed.queries).toBe(0);
  });

  it('still checks the secret of a cached credential', async () => {
    const email = uniqueEmail();
    const manager = await signUp(a.app, { email });
    const { token } = (await a.app.inject({ method: 'POST', url: '/api/device-sessions', payload: { username: email, password: PASSWORD } })).json();
    const device = { authorization: `Bearer ${token}` };
    const key = await apiKeySession(a.app, manager);
    await warm(device);
    await warm(key.headers);

    const [sessionId] = (token as string).split('.');
    const keyToken = key.headers.authorization!.slice('Bearer '.length);
    const forged = [
      { authorization: `Bearer ${sessionId}.${'A'.repeat(43)}` },
      { authorization: `Bearer ${sessionId}.${(token as string).split('.')[1]!.slice(0, -1)}` },
      { authorization: `Bearer ${keyToken.slice(0, keyToken.lastIndexOf('_') + 1)}${'B'.repeat(43)}` },
    ];
    for (const headers of forged) {
      const res = await queriesOf(a, { method: 'GET', url: PROBE, headers });
      expect(res.res.statusCode).toBe(401);
      expect(res.res.json()).toEqual({ error: 'The bearer credential is unknown, revoked or expired' });
      expect(res.queries, 'refused from the cache').toBe(0);
    }
    expect((await get(a, PROBE, device)).statusCode).toBe(200);
    expect((await get(a, PROBE, key.headers)).statusCode).toBe(200);
  });

  it('logout ends a session on both instances', async () => {
    const manager = await signUp(a.app);
    await warm(manager.headers);
    expect((await a.app.inject({ method: 'POST', url: '/api/logout', headers: manager.headers })).statusCode).toBe(204);
    await endedEverywhere(a, manager.headers);

    // A device session ended through the other instance.
    const email = uniqueEmail();
    await signUp(a.app, { email });
    const { token } = (await b.app.inject({ method: 'POST', url: '/api/device-sessions', payload: { username: email, password: PASSWORD } })).json();
    const device = { authorization: `Bearer ${token}` };
    await warm(device);
    expect((await b.app.inject({ method: 'POST', url: '/api/logout', headers: device })).statusCode).toBe(204);
    await endedEverywhere(b, device);
  });

  it('a password change ends every other session on both instances', async () => {
    const email = uniqueEmail();
    const first = await signUp(a.app, { email });
    const login = await b.app.inject({ method: 'POST', url: '/api/login', payload: { username: email, password: PASSWORD } });
    const second = { cookie: sessionCookie(login) };
    await warm(first.headers);
    await warm(second);
    const changed = await a.app.inject({
      method: 'POST',
      url: '/api/password',
      headers: first.headers,
      payload: { currentPassword: PASSWORD, newPassword: 'a brand new passphrase' },
    });
    expect(changed.statusCode).toBe(204);
    await endedEverywhere(a, second);
    await endedEverywhere(a, first.headers);
    expect((await get(b, PROBE, { cookie: sessionCookie(changed) })).statusCode).toBe(200);
  });

  it('a password reset ends every session on both instances', async () => {
    const email = uniqueEmail();
    const user = await signUp(a.app, { email });
    await warm(user.headers);
    expect((await b.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email } })).statusCode).toBe(200);
    // The address is looked up and mailed after the answer, by a job.
    await drainJobs(b.app);
    const token = await newestLink({ config }, email, 'reset-password');
    const reset = await b.app.inject({ method: 'POST', url: '/api/password/reset', payload: { token, newPassword: 'reset passphrase here' } });
    expect(reset.statusCode).toBe(204);
    await endedEverywhere(b, user.headers);
  });

  describe('a Manager editing a colleague', () => {
    let manager: Session;
    beforeAll(async () => {
      manager = await signUp(a.app);
    });

    it('deactivation ends the colleague’s sessions on both instances', async () => {
      const colleague = await addColleague(a.app, manager);
      await warm(colleague.headers);
      const res = await a.app.inject({ method: 'PATCH', url: `/api/users/${colleague.user!.id}`, headers: manager.headers, payload: { active: false } });
      expect(res.statusCode).toBe(200);
      await endedEverywhere(a, colleague.headers);
    });

    it('a demotion takes a Manager-only right away at once on both instances', async () => {
      const colleague = await addColleague(a.app, manager, 'Manager');
      await warm(colleague.headers);
      for (const i of [a, b]) expect((await get(i, '/api/api-keys', colleague.headers)).statusCode).toBe(200);
      const res = await b.app.inject({ method: 'PATCH', url: `/api/users/${colleague.user!.id}`, headers: manager.headers, payload: { role: 'Originator' } });
      expect(res.statusCode).toBe(200);
      await endedEverywhere(b, colleague.headers, '/api/api-keys', 403);
      for (const i of [a, b]) {
        const matrix = await get(i, '/api/access-matrix', colleague.headers);
        expect(matrix.json()).toMatchObject({ you: 'Originator', callerKind: 'user' });
      }
      // Still signed in: a role change is not a sign-out.
      expect((await get(a, PROBE, colleague.headers)).statusCode).toBe(200);
    });

    it('any other edit (a rename) makes both instances read the colleague again', async () => {
      const colleague = await addColleague(a.app, manager);
      await warm(colleague.headers);
      const renamed = await a.app.inject({ method: 'PATCH', url: `/api/users/${colleague.user!.id}`, headers: manager.headers, payload: { name: 'Renamed Colleague' } });
      expect(renamed.statusCode).toBe(200);
      // The cached caller carries the name decisions are recorded under: it must not outlive a rename.
      expect((await queriesOf(a, { method: 'GET', url: PROBE, headers: colleague.headers })).queries).toBeGreaterThan(0);
      await until(async () => (await queriesOf(b, { method: 'GET', url: PROBE, headers: colleague.headers })).queries > 0, 'read again on b', 1_000);
      // GET /me answers from the cached session: both instances show the new name.
      for (const i of [a, b]) expect((await i.app.inject({ method: 'GET', url: '/api/me', headers: colleague.headers })).json().name).toBe('Renamed Colleague');
    });

    it('answers GET /me from the cached session, without a query', async () => {
      const colleague = await addColleague(a.app, manager);
      await warm(colleague.headers);
      const before = a.allQueries();
      const me = await a.app.inject({ method: 'GET', url: '/api/me', headers: colleague.headers });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ id: colleague.user!.id, email: colleague.user!.email, role: 'Originator', active: true });
      expect(a.allQueries() - before).toBe(0);
    });
  });

  it('revoking an API key ends it on both instances', async () => {
    const manager = await signUp(a.app);
    const key = await apiKeySession(a.app, manager);
    await warm(key.headers);
    expect((await a.app.inject({ method: 'DELETE', url: `/api/api-keys/${key.keyId}`, headers: manager.headers })).statusCode).toBe(204);
    await endedEverywhere(a, key.headers);
  });

  it('a guest key expires on the app clock, answered from the cache', async () => {
    const guest = (await a.app.inject({ method: 'POST', url: '/api/guest' })).json();
    const headers = { authorization: `Bearer ${guest.key}` };
    await warm(headers);
    for (const i of [a, b]) i.clock.advance(config.guestHours * 3_600_000);
    for (const i of [a, b]) {
      const res = await queriesOf(i, { method: 'GET', url: PROBE, headers });
      expect(res.res.statusCode).toBe(401);
      expect(res.queries, 'an expired entry is refused without asking the database').toBe(0);
      // Dropped: the next request asks the database, which refuses it too.
      const again = await queriesOf(i, { method: 'GET', url: PROBE, headers });
      expect(again.res.statusCode).toBe(401);
      expect(again.queries).toBeGreaterThan(0);
    }
  });

  // The instance that purges has a clock ahead of the other's: there the credential has not
  // expired yet, so only the purge's notification can end it.
  it('purging a guest sandbox ends its key on the other instance too', async () => {
    const guest = (await a.app.inject({ method: 'POST', url: '/api/guest' })).json();
    const headers = { authorization: `Bearer ${guest.key}` };
    await warm(headers);
    const later = (config.guestHours + 1) * 3_600_000;
    a.clock.advance(later);
    expect((await get(a, PROBE, headers)).statusCode).toBe(401);
    expect((await get(b, PROBE, headers)).statusCode, 'not yet expired by the clock of b').toBe(200);
    expect((await purgeExpired(a.app)).organizations).toBeGreaterThanOrEqual(1);
    await endedEverywhere(a, headers);
    b.clock.advance(later);
  });

  it('purging an instant account ends its session on the other instance too', async () => {
    const signup = await a.app.inject({ method: 'POST', url: '/api/signup' });
    const headers = { cookie: sessionCookie(signup) };
    await warm(headers);
    const later = (config.instantAccountDays + 1) * 86_400_000;
    a.clock.advance(later);
    expect((await get(a, PROBE, headers)).statusCode).toBe(401);
    expect((await get(b, PROBE, headers)).statusCode, 'not yet expired by the clock of b').toBe(200);
    expect((await purgeExpired(a.app)).organizations).toBeGreaterThanOrEqual(1);
    await endedEverywhere(a, headers);
    b.clock.advance(later);
  });

  it('caches nothing while its listener is down, and empties the cache when it drops', async () => {
    const manager = await signUp(a.app);
    await warm(manager.headers);
    b.drop();
    for (let n = 0; n < 2; n++) {
      const res = await queriesOf(b, { method: 'GET', url: PROBE, headers: manager.headers });
      expect(res.res.statusCode).toBe(200);
      expect(res.queries, 'asked the database').toBeGreaterThan(0);
    }
    // b would not hear of this logout; it refuses the session anyway.
    expect((await a.app.inject({ method: 'POST', url: '/api/logout', headers: manager.headers })).statusCode).toBe(204);
    expect((await get(b, PROBE, manager.headers)).statusCode).toBe(401);
    b.restore();
    const other = await signUp(a.app);
    await warm(other.headers);
  });
});

describe.runIf(TEST_DATABASE_URL)('credential cache when the PostgreSQL listener connection is killed', () => {
  it('empties the cache and caches again once it listens again', async () => {
    const t = await openTestDatabase();
    const dir = await tempDir();
    const name = `auth_cache_${process.pid}_${Date.now()}`;
    const url = new URL(TEST_DATABASE_URL!);
    url.searchParams.set('application_name', name);
    const db = await openPostgres({ url: url.toString(), schema: t.schema!, maxConnections: 3 });
    const i = instrumented(db);
    const app = await buildApp({ ...loadConfig({ LOG_LEVEL: 'silent', WORKERS: '0' }), dataDir: dir.path, rendererDir: dir.path }, { db: i.db, logger: false });
    try {
      const manager = await signUp(app);
      const me = async () => {
        const before = i.credentialQueries();
        expect((await app.inject({ method: 'GET', url: PROBE, headers: manager.headers })).statusCode).toBe(200);
        return i.credentialQueries() - before;
      };
      await me();
      expect(await me()).toBe(0);
      const killed = await t.db.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND query ILIKE 'LISTEN "portal_auth"'`, [name]);
      expect(killed.rows).toHaveLength(1);
      await until(async () => (await me()) > 0, 'the cache was emptied when the listener dropped');
      await until(async () => (await me()) === 0, 'caching again once the listener is back');
    } finally {
      await app.close();
      await t.dispose();
      await dir.remove();
    }
  });
});
