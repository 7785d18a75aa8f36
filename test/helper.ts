import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { inject } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyPluginAsync, FastifyServerOptions } from 'fastify';
import { buildApp, type App } from '@portal/sync-server';
import { loadConfig, type AppConfig } from '../sync-server/src/config.js';
import type { Clock } from '../sync-server/src/clock.js';
import { syncBound } from '../sync-server/src/sync/horizon.js';
import type { Db } from '../sync-server/src/db/db.js';
import { openPglite } from '../sync-server/src/db/pglite-driver.js';
import { openPostgres } from '../sync-server/src/db/postgres-driver.js';

/** Set by CI to run the database-backed suites against PostgreSQL instead of PGlite. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const DRIVER = TEST_DATABASE_URL ? 'postgres' : 'pglite';

export async function tempDir(prefix = 'portal-test-'): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), prefix));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

let template: Promise<Blob | undefined> | undefined;
/** The fresh PGlite data directory global-setup dumped once, so suites skip initdb. */
function pgliteTemplate(): Promise<Blob | undefined> {
  template ??= (async () => {
    const path = inject('pgliteTemplate');
    return path ? new Blob([await readFile(path)]) : undefined;
  })();
  return template;
}

/**
 * A database of its own for one suite: a fresh in-memory PGlite, or a fresh schema in the
 * PostgreSQL of TEST_DATABASE_URL (dropped again by `dispose`). `connect` opens another
 * connection to the same database, for tests of several processes sharing it.
 */
export interface TestDatabase {
  db: Db;
  /** Another, independent handle on the same database (PostgreSQL: a second pool). */
  connect(): Promise<Db>;
  schema?: string;
  dispose(): Promise<void>;
}

export async function openTestDatabase(): Promise<TestDatabase> {
  if (!TEST_DATABASE_URL) {
    const db = await openPglite({ template: await pgliteTemplate() });
    return {
      db,
      async connect() {
        // PGlite is one connection: a second handle is the same database object, which is what
        // several workers of one embedded server share.
        return { ...db, driver: db.driver, get closed() { return db.closed; }, close: async () => {} } as Db;
      },
      dispose: once(() => db.close()),
    };
  }
  const url = TEST_DATABASE_URL;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `CREATE SCHEMA ${schema}`);
  const dropSchema = () => adminQuery(url, `DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  const extra: Db[] = [];
  const db = await undoOnFailure(() => openPostgres({ url, schema, maxConnections: 5 }), dropSchema);
  return {
    db,
    schema,
    async connect() {
      const other = await openPostgres({ url, schema, maxConnections: 5 });
      extra.push(other);
      return other;
    },
    dispose: once(async () => {
      await Promise.all([db, ...extra].map((d) => d.close()));
      await dropSchema();
    }),
  };
}

async function adminQuery(url: string, sql: string): Promise<void> {
  // Named like a portal server of no schema, so it never holds back the sync bound of the
  // servers of parallel test files (migration 029).
  const c = new pg.Client({ connectionString: url, application_name: 'portal:(admin)' });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/**
 * Runs `make`; when it throws, runs `undo` for what was made before it and rethrows the original
 * error. A failure of `undo` itself is dropped: the setup error is the one worth reading.
 */
async function undoOnFailure<T>(make: () => Promise<T>, undo: () => Promise<unknown>): Promise<T> {
  try {
    return await make();
  } catch (error) {
    await undo().catch(() => {});
    throw error;
  }
}

/** `fn` on the first call only; later calls share its promise, so closing twice is harmless. */
function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}

/**
 * Suites close what their `beforeAll` made with optional chaining, `afterAll(() => t?.close())`:
 * when setup threw, the variable was never assigned, and its error stays the only one reported
 * instead of being followed by "Cannot read properties of undefined (reading 'close')". The
 * builders below undo their own half-made parts before rethrowing, so nothing is left behind.
 */
export interface TestApp {
  app: App;
  /** The `/api` scope, where the areas decorate their services (`api.library`, `api.identity`, …). */
  api: App;
  config: AppConfig;
  close(): Promise<void>;
}

/** The whole server over a fresh database and data directory, ready for `inject`. */
export async function buildTestApp(
  options: { config?: Partial<AppConfig>; routes?: FastifyPluginAsync; clock?: Clock; logger?: FastifyServerOptions['logger'] } = {},
): Promise<TestApp> {
  const dir = await tempDir();
  const testDb = await undoOnFailure(openTestDatabase, dir.remove);
  const config: AppConfig = {
    ...loadConfig({ LOG_LEVEL: 'silent', WORKERS: '0', JOB_POLL_MS: '50', SHUTDOWN_GRACE_MS: '2000', RESPONSE_VALIDATION: 'strict' }),
    dataDir: dir.path,
    rendererDir: join(dir.path, 'no-renderer'),
    ...options.config,
  };
  let api: App | undefined;
  const app = await undoOnFailure(
    () =>
      buildApp(config, {
        db: testDb.db,
        logger: options.logger ?? false,
        routes: async (scope) => {
          api = scope as unknown as App;
          if (options.routes) await scope.register(options.routes);
        },
        ...(options.clock ? { clock: options.clock } : {}),
      }),
    () => Promise.allSettled([testDb.dispose(), dir.remove()]),
  );
  return {
    app,
    api: api!,
    config,
    close: once(async () => {
      await app.close();
      await testDb.dispose();
      await dir.remove();
    }),
  };
}

/**
 * The throttles as a server has them by default (test apps relax them), but with room for a
 * file's many sign-ups from its one address: for tests of the throttles and gates themselves.
 */
export function defaultThrottles(): AppConfig['throttles'] {
  return { ...loadConfig({}).throttles, signup: { max: 1000, windowMs: 3_600_000 } };
}

/** A clock a test moves by hand: `clock.advance(ms)`. */
export function manualClock(start = Date.now()): Clock & { advance(ms: number): void } {
  let now = start;
  const clock = (() => new Date(now)) as Clock & { advance(ms: number): void };
  clock.advance = (ms) => {
    now += ms;
  };
  return clock;
}

/** Polls `check` until it holds, failing with `what` after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`not within ${timeoutMs} ms: ${what}`);
}

/**
 * Waits until every row of `table` committed so far is below the sync bound, so a pull returns it.
 * On a PostgreSQL shared with test files running beside this one, their transactions in flight
 * hold the bound back for a moment, and the contract holds a row back until then (a client's next
 * pull has it); a test that pulls right after its own write waits for that, not for luck.
 */
export async function untilSyncedPast(db: Db, table: string): Promise<void> {
  const { rows } = await db.query<{ rev: string | null }>(`SELECT max(rev)::text AS rev FROM ${table}`);
  const newest = Number(rows[0]?.rev ?? 0);
  await until(async () => (await syncBound(db)) > newest, `the sync bound past ${table}'s newest row`, 10_000);
}

/** Runs queued jobs (mail, purges) until none is due; test apps start no workers. */
export async function drainJobs(app: App, max = 50): Promise<void> {
  for (let i = 0; i < max && (await app.jobs.runOnce('test-drain')); i++);
}

export interface Session {
  /** Headers that authenticate as this caller: the session cookie, or a bearer key. */
  headers: Record<string, string>;
  user?: { id: string; organizationId: string; email: string | null; role: string; name: string };
  organizationId: string;
}

let counter = 0;
/** A unique address for each account a test makes. */
export const uniqueEmail = (tag = 'user') => `${tag}-${process.pid}-${Date.now()}-${++counter}@example.test`;

export const PASSWORD = 'correct horse battery';

/** The `name=value` of the session cookie a response set. */
export function sessionCookie(res: { cookies: { name: string; value: string }[] }): string {
  const c = res.cookies.find((k) => k.name === 'portal_session');
  if (!c) throw new Error('no session cookie was set');
  return `portal_session=${c.value}`;
}

/** Signs up a new organization; its Manager's session. */
export async function signUp(app: App, input: { orgName?: string; name?: string; email?: string; password?: string } = {}): Promise<Session> {
  const body = { orgName: 'Acme Lending', email: uniqueEmail('manager'), password: PASSWORD, ...input };
  const res = await app.inject({ method: 'POST', url: '/api/signup', payload: body });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const user = res.json();
  return { headers: { cookie: sessionCookie(res) }, user, organizationId: user.organizationId };
}

/** Adds a colleague with a temporary password and signs them in. */
export async function addColleague(app: App, manager: Session, role: 'Manager' | 'Originator' = 'Originator'): Promise<Session> {
  const email = uniqueEmail(role.toLowerCase());
  const created = await app.inject({
    method: 'POST',
    url: '/api/users',
    headers: manager.headers,
    payload: { name: `${role} Colleague`, email, role, temporaryPassword: PASSWORD },
  });
  if (created.statusCode !== 201) throw new Error(`adding a user failed: ${created.statusCode} ${created.body}`);
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: email, password: PASSWORD } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const user = login.json();
  return { headers: { cookie: sessionCookie(login) }, user, organizationId: user.organizationId };
}

/** Creates an API key as the Manager; a session that authenticates with it. */
export async function apiKeySession(app: App, manager: Session, name = 'Integration'): Promise<Session & { keyId: string }> {
  const res = await app.inject({ method: 'POST', url: '/api/api-keys', headers: manager.headers, payload: { name } });
  if (res.statusCode !== 201) throw new Error(`creating a key failed: ${res.statusCode} ${res.body}`);
  const key = res.json();
  return { headers: { authorization: `Bearer ${key.secret}` }, organizationId: manager.organizationId, keyId: key.id };
}
