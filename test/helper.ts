import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { inject } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyPluginAsync } from 'fastify';
import { buildApp, type App } from '@portal/sync-server';
import type { AppConfig } from '../sync-server/src/config.js';
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
      dispose: () => db.close(),
    };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await admin.end();
  }
  const extra: Db[] = [];
  const db = await openPostgres({ url: TEST_DATABASE_URL, schema, maxConnections: 5 });
  return {
    db,
    schema,
    async connect() {
      const other = await openPostgres({ url: TEST_DATABASE_URL, schema, maxConnections: 5 });
      extra.push(other);
      return other;
    },
    async dispose() {
      await Promise.all([db, ...extra].map((d) => d.close()));
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      try {
        await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await c.end();
      }
    },
  };
}

export interface TestApp {
  app: App;
  config: AppConfig;
  close(): Promise<void>;
}

/** The whole server over a fresh database and data directory, ready for `inject`. */
export async function buildTestApp(
  options: { config?: Partial<AppConfig>; routes?: FastifyPluginAsync } = {},
): Promise<TestApp> {
  const dir = await tempDir();
  const testDb = await openTestDatabase();
  const config: AppConfig = {
    port: 0,
    host: '127.0.0.1',
    dataDir: dir.path,
    workers: 0,
    logLevel: 'silent',
    bodyLimitBytes: 1_048_576,
    jobLeaseMs: 30_000,
    jobPollMs: 50,
    shutdownGraceMs: 2_000,
    rendererDir: join(dir.path, 'no-renderer'),
    ...options.config,
  };
  const app = await buildApp(config, { db: testDb.db, logger: false, ...(options.routes ? { routes: options.routes } : {}) });
  return {
    app,
    config,
    async close() {
      await app.close();
      await testDb.dispose();
      await dir.remove();
    },
  };
}
