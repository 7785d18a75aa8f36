import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '@portal/sync-server';
import { loadConfig } from '../../sync-server/src/config.js';
import type { Db } from '../../sync-server/src/db/db.js';
import { openPostgres } from '../../sync-server/src/db/postgres-driver.js';
import { openTestDatabase, signUp, tempDir, TEST_DATABASE_URL, until, type Session, type TestDatabase } from '../helper.js';
import { readEventStream } from '@portal/shared/client';

/**
 * The pool of PostgreSQL connections (issue 28): when every connection is taken the server
 * answers 503 with Retry-After instead of failing, and what lasts long (event streams, the
 * change listener) holds none of them, so short requests are never starved by open streams.
 */
describe.runIf(TEST_DATABASE_URL)('the PostgreSQL pool', () => {
  const POOL = 2;
  let t: TestDatabase;
  let db: Db;
  let app: App;
  let base: string;
  let dir: Awaited<ReturnType<typeof tempDir>>;
  let manager: Session;

  beforeAll(async () => {
    t = await openTestDatabase();
    dir = await tempDir();
    db = await openPostgres({ url: TEST_DATABASE_URL!, schema: t.schema, maxConnections: POOL, connectionWaitMs: 300 });
    const config = { ...loadConfig({ LOG_LEVEL: 'silent', WORKERS: '0' }), dataDir: dir.path, rendererDir: dir.path };
    app = await buildApp(config, { db, logger: false, keepDatabaseOpen: true });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api`;
    manager = await signUp(app, { orgName: 'Pool Lending' });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await t?.dispose();
    await dir?.remove();
  });

  it('answers 503 with Retry-After in the error shape when no connection comes free, and serves again once one does', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const holders = Array.from({ length: POOL }, () => db.transaction(() => held));
    // Both connections are taken once each holder has begun.
    await new Promise((r) => setTimeout(r, 50));
    const busy = await app.inject({ method: 'POST', url: '/api/expected-doc-lists', headers: manager.headers, payload: { name: 'While busy' } });
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('1');
    expect(busy.json().error).toMatch(/busy/);
    release();
    await Promise.all(holders);
    const after = await app.inject({ method: 'POST', url: '/api/expected-doc-lists', headers: manager.headers, payload: { name: 'While busy' } });
    expect(after.statusCode, after.body).toBe(201);
  });

  it('keeps no connection for open event streams: short requests go through beside many of them', async () => {
    const streams = new AbortController();
    const events: string[][] = [];
    try {
      for (let i = 0; i < POOL * 4; i++) {
        const into: string[] = [];
        events.push(into);
        const path = i % 2 ? '/sync/expected-doc-lists/stream' : '/sync/stream';
        void readEventStream({ url: `${base}${path}`, fetch, headers: () => manager.headers, signal: streams.signal, onData: (d) => into.push(JSON.stringify(d)) });
      }
      await until(() => events.every((e) => e.length > 0), 'every stream is open');
      const started = performance.now();
      for (let i = 0; i < 10; i++) {
        const res = await app.inject({ method: 'POST', url: '/api/expected-doc-lists', headers: manager.headers, payload: { name: `Beside streams ${i}` } });
        expect(res.statusCode, res.body).toBe(201);
      }
      // Not a timing goal: a starved pool would have answered 503 after its 300 ms wait instead.
      expect(performance.now() - started).toBeLessThan(10 * 300);
      // And every stream still tells its client.
      await until(() => events.every((e) => e.some((x) => x.includes('Beside streams 9'))), 'every stream carries the last list');
    } finally {
      streams.abort();
    }
  });

  it("runs a transaction's statements issued together one at a time, in order, with no warning from node-postgres", async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    try {
      const got = await db.transaction(async (tx) => {
        await tx.exec('CREATE TEMP TABLE turn_order (n int) ON COMMIT DROP');
        await Promise.all([1, 2, 3, 4].map((n) => tx.query('INSERT INTO turn_order VALUES ($1)', [n])));
        const [all, first] = await Promise.all([tx.query<{ n: number }>('SELECT n FROM turn_order ORDER BY n'), tx.query<{ n: number }>('SELECT min(n) AS n FROM turn_order')]);
        return { all: all.rows.map((r) => r.n), first: first.rows[0]!.n };
      });
      expect(got).toEqual({ all: [1, 2, 3, 4], first: 1 });
      // A failed statement fails its own promise; the ones after it still run (and the transaction rolls back).
      await expect(
        db.transaction(async (tx) => {
          const results = await Promise.allSettled([tx.query('SELECT 1/0'), tx.query('SELECT 1')]);
          expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await new Promise((r) => setImmediate(r));
      expect(warnings.filter((w) => /already executing a query/.test(w))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
