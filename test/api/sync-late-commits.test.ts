import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '@portal/sync-server';
import { loadConfig } from '../../sync-server/src/config.js';
import type { Db } from '../../sync-server/src/db/db.js';
import { openPostgres } from '../../sync-server/src/db/postgres-driver.js';
import { openTestDatabase, signUp, tempDir, TEST_DATABASE_URL, type Session, type TestDatabase } from '../helper.js';

interface Pulled {
  documents: { id: string; serverRev: number; _deleted: boolean }[];
  checkpoint: { rev: number; id: string } | null;
}

/**
 * Many writers commit in an order of their own while clients pull by checkpoint as fast as they
 * can: a client that took a checkpoint must never later miss a row below it. Only PostgreSQL
 * has concurrent writers.
 */
describe.skipIf(!TEST_DATABASE_URL)('pulls under many concurrent writers (PostgreSQL)', () => {
  let t: TestDatabase;
  let dir: Awaited<ReturnType<typeof tempDir>>;
  const apps: App[] = [];
  const dbs: Db[] = [];
  let manager: Session;

  beforeAll(async () => {
    t = await openTestDatabase();
    dir = await tempDir();
    const config = { ...loadConfig({ LOG_LEVEL: 'silent', WORKERS: '0' }), dataDir: dir.path, rendererDir: dir.path };
    dbs.push(t.db, await openPostgres({ url: TEST_DATABASE_URL!, schema: t.schema!, maxConnections: 10 }));
    for (const db of dbs) apps.push(await buildApp(config, { db, logger: false, keepDatabaseOpen: true }));
    manager = await signUp(apps[0]!, { orgName: 'Busy Lending' });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await dbs[1]?.close();
    await t?.dispose();
    await dir?.remove();
  });

  const call = async (app: App, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await app.inject({ method, url: `/api${url}`, headers: manager.headers, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() as unknown };
  };

  /** `writers` loops creating bundles and lists through `instances` instances, while `pullers` clients pull by checkpoint; the ids each client missed. */
  const run = async (round: number, instances: App[], bundles: number, lists: number, writers: number, pullers: number) => {
    const { rows: startRows } = await t.db.query<{ last: number }>('SELECT last_value AS last FROM rev_seq');
    const start = Number(startRows[0]!.last);
    let done = false;
    let doneAt: number | undefined;
    let next = 0;
    const total = bundles + lists;
    // In waves: between two, no transaction is in flight, the moment a pull is most likely to
    // take a checkpoint past a transaction that starts right after it reads the horizon.
    const create = async (i: number) => {
      const app = instances[i % instances.length]!;
      const res =
        i % 3 === 0
          ? await call(app, 'POST', '/expected-doc-lists', { name: `List ${round}-${i}` })
          : await call(app, 'POST', '/document-bundles', { name: `Bundle ${round}-${i}`, members: ['passport'] });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    };
    const write = async () => {
      for (let i = 0; i < total; i += writers) {
        await Promise.all(Array.from({ length: Math.min(writers, total - i) }, (_, k) => create(i + k)));
        await new Promise((r) => setTimeout(r, i % 2));
      }
    };
    const pull = async (p: number) => {
      const seen = new Map<string, Set<string>>();
      const checkpoints = new Map<string, number>();
      for (const collection of ['document-bundles', 'expected-doc-lists']) {
        seen.set(collection, new Set());
        checkpoints.set(collection, start);
      }
      let n = 0;
      for (let finishing = false; ; ) {
        finishing = done;
        let empty = true;
        for (const collection of ['document-bundles', 'expected-doc-lists']) {
          const app = instances[(p + n++) % instances.length]!;
          const res = await call(app, 'GET', `/sync/${collection}/pull?rev=${checkpoints.get(collection)}&limit=50`);
          expect(res.status).toBe(200);
          const page = res.body as Pulled;
          for (const d of page.documents) seen.get(collection)!.add(d.id);
          if (page.documents.length > 0) empty = false;
          if (page.checkpoint) checkpoints.set(collection, page.checkpoint.rev);
        }
        // Once the writers are done, pull to the end, then stop.
        if (finishing && empty) return seen;
        if (finishing && Date.now() - (doneAt ??= Date.now()) > 5000) {
          const h = await t.db.query('SELECT sync_horizon() AS h, (SELECT last_value FROM rev_seq) AS l');
          const locks = await t.db.query(`SELECT l.pid, l.mode, l.granted, a.state, a.query, a.xact_start FROM pg_locks l LEFT JOIN pg_stat_activity a ON a.pid = l.pid WHERE l.locktype = 'advisory'`);
          console.log(JSON.stringify({ h: h.rows, cp: [...checkpoints], locks: locks.rows }, null, 1));
          throw new Error('stuck');
        }
      }
    };
    const pulling = Array.from({ length: pullers }, (_, p) => pull(p));
    await write();
    done = true;
    const seen = await Promise.all(pulling);

    const { rows: bundleRows } = await t.db.query<{ id: string }>('SELECT id FROM document_bundles WHERE org_id = $1 AND rev > $2', [manager.organizationId, start]);
    const { rows: listRows } = await t.db.query<{ id: string }>(
      `SELECT 'own:' || id || ':' || version AS id FROM library_versions WHERE org_id = $1 AND family_kind = 'expected-doc-list' AND rev > $2`,
      [manager.organizationId, start],
    );
    const { rows: allRevs } = await t.db.query<{ id: string; rev: number }>(`SELECT 'own:' || v.id || ':' || v.version AS id, GREATEST(v.rev, f.rev) AS rev, v.rev AS vrev, f.rev AS frev FROM library_versions v JOIN library_families f USING (org_id, family_kind, id) WHERE v.org_id = $1`, [manager.organizationId]);
    for (const s of seen) for (const r of listRows) if (!s.get('expected-doc-lists')!.has(r.id)) {
      const info = allRevs.find((x) => x.id === r.id)!;
      console.log('MISSED', JSON.stringify(info), JSON.stringify(((globalThis as any).__pulls as any[]).filter((p) => p.c === 'expected-doc-lists' && p.rev < info.rev && (p.last ?? 0) >= info.rev)));
    }
    return seen.map((s) => [
      ...bundleRows.filter((r) => !s.get('document-bundles')!.has(r.id)).map((r) => `bundle ${r.id}`),
      ...listRows.filter((r) => !s.get('expected-doc-lists')!.has(r.id)).map((r) => `list ${r.id}`),
    ]);
  };

  it('experiment', async () => {
    const [b, l, w, pl, inst, rounds] = (process.env.EXP ?? '1000,500,32,4,1,3').split(',').map(Number);
    const counts = [];
    const t0 = Date.now();
    for (let r = 0; r < rounds!; r++) counts.push((await run(10 + r, apps.slice(0, inst), b!, l!, w!, pl!)).flat().length);
    console.log('EXP', process.env.EXP, counts.join(' '), Date.now() - t0, 'ms');
  }, 300_000);
});
