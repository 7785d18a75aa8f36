import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, tempDir, TEST_DATABASE_URL, uniqueEmail } from '../helper.js';
import { killAll, ownDatabase, startServer, type ServerProcess } from './server-process.js';
import { percentile, runSyncLoad } from './sync-load.js';

/**
 * Two dozen people saving at once (issue 28): two server instances (processes) on one PostgreSQL,
 * 24 writers creating lists through REST (12 on each), 8 checkpoint pullers and 3 RxDB
 * replications whose connections drop. No write fails, and every reader ends with every list,
 * none handed twice. Latencies are printed here and measured against a bare loop by
 * `npm run bench:sync-load`; a test asserts what must hold on any machine, not how fast.
 */
describe.runIf(TEST_DATABASE_URL)('sync under many writers: two instances on one PostgreSQL', () => {
  const servers: ServerProcess[] = [];
  const dirs: Awaited<ReturnType<typeof tempDir>>[] = [];
  let drop: (() => Promise<void>) | undefined;
  let cookie: string;

  beforeAll(async () => {
    const own = (await ownDatabase('syncload'))!;
    drop = own.drop;
    for (let i = 0; i < 2; i++) {
      const dir = await tempDir('portal-load-');
      dirs.push(dir);
      // A small pool, so the writers outnumber its connections as they did in the probe.
      servers.push(await startServer({ DATABASE_URL: own.url, DATA_DIR: dir.path, WORKERS: '0', LOG_LEVEL: 'warn', DATABASE_POOL_MAX: '10' }));
    }
    const signup = await fetch(`${servers[0]!.base}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orgName: 'Load Lettings', email: uniqueEmail('load'), password: PASSWORD }),
    });
    expect(signup.status).toBe(201);
    cookie = signup.headers.getSetCookie().find((h) => h.startsWith('portal_session='))!.split(';')[0]!;
  }, 120_000);
  afterAll(async () => {
    await killAll(servers.map((s) => s.child));
    await drop?.().catch(() => {});
    for (const d of dirs) await d.remove();
  });

  it('24 writers, 8 pullers and 3 flaky RxDB replications: no failed write, no gap, no duplicate', async () => {
    const r = await runSyncLoad({ bases: servers.map((s) => s.base!), cookie, writers: 24, createsPerWriter: 30, pullers: 8, replications: 3 });
    console.log(
      `sync load: ${r.creates.length} creates in ${r.writeMs.toFixed(0)} ms (${(r.creates.length / (r.writeMs / 1000)).toFixed(0)}/s), create p50/p99 ${percentile(r.creates, 50).toFixed(0)}/${percentile(r.creates, 99).toFixed(0)} ms, ${r.pulls.length} pulls p50/p99 ${percentile(r.pulls, 50).toFixed(0)}/${percentile(r.pulls, 99).toFixed(0)} ms`,
    );
    expect(r.failed).toEqual([]);
    expect(r.failedPulls).toEqual([]);
    expect(r.creates).toHaveLength(24 * 30);
    for (const reader of r.readers) expect({ reader: reader.name, missing: reader.missing, duplicates: reader.duplicates }).toEqual({ reader: reader.name, missing: [], duplicates: [] });
  }, 180_000);
});
