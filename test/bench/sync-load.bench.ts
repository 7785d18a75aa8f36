/**
 * PostgreSQL under many writers (issue 28): two server instances on one database, W writers
 * creating expected-document lists through REST (spread over both), 8 plain pullers and 3 RxDB
 * replications with flaky connections, for W = 1, 4, 16 and 24. Baselines, in the same run: a bare
 * `INSERT … RETURNING` loop on one connection into a table of the same database (the issue's
 * baseline: the goal is ≥ 0.3× of it), and the same loop on W connections (what the database
 * itself takes at that concurrency, for scale). Prints writes/s, create and pull latencies, the
 * ratios, and whether any reader missed or repeated a row. Timings are printed, never asserted
 * (BENCH_STRICT=1 exits 1 when a goal is missed).
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:sync-load
 *   BENCH_CREATES=600 npm run bench:sync-load     # creates per round (default 1,200)
 *   BENCH_WRITERS=24 npm run bench:sync-load      # one round
 */
import pg from 'pg';
import { PASSWORD, TEST_DATABASE_URL, tempDir, uniqueEmail } from '../helper.js';
import { killAll, ownDatabase, startServer } from '../api/server-process.js';
import { percentile, runSyncLoad } from '../api/sync-load.js';

const CREATES = Number(process.env.BENCH_CREATES ?? 1_200);
const ROUNDS = (process.env.BENCH_WRITERS ?? '1,4,16,24').split(',').map(Number);
const STRICT = process.env.BENCH_STRICT === '1';
const GOAL_RATIO = 0.3;
const PULLERS = Number(process.env.BENCH_PULLERS ?? 8);
const REPLICATIONS = Number(process.env.BENCH_REPLICATIONS ?? 3);

/** W connections inserting CREATES rows between them, as fast as they can: rows/s. */
async function bareLoop(url: string, writers: number): Promise<number> {
  const clients = await Promise.all(
    Array.from({ length: writers }, async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    }),
  );
  await clients[0]!.query('CREATE TABLE IF NOT EXISTS bench_bare (id bigserial PRIMARY KEY, name text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())');
  const started = performance.now();
  await Promise.all(
    clients.map(async (c, w) => {
      for (let i = 0; i < Math.ceil(CREATES / writers); i++) await c.query('INSERT INTO bench_bare (name) VALUES ($1) RETURNING id, created_at', [`bare w${w} #${i}`]);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(clients.map((c) => c.end()));
  return (Math.ceil(CREATES / writers) * writers) / seconds;
}

async function main() {
  if (!TEST_DATABASE_URL) {
    console.error('Set TEST_DATABASE_URL (or BENCH_DATABASE_URL): this bench measures PostgreSQL.');
    process.exit(2);
  }
  const own = (await ownDatabase('syncload'))!;
  const dirs = [await tempDir('portal-load-a-'), await tempDir('portal-load-b-')];
  const servers = [];
  let missed = false;
  try {
    for (const dir of dirs) servers.push(await startServer({ DATABASE_URL: own.url, DATA_DIR: dir.path, WORKERS: '0', LOG_LEVEL: 'warn' }));
    const bases = servers.map((s) => s.base!);
    const signup = await fetch(`${bases[0]}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orgName: 'Load Lettings', email: uniqueEmail('load'), password: PASSWORD }),
    });
    if (signup.status !== 201) throw new Error(`signup answered ${signup.status}: ${await signup.text()}`);
    const cookie = signup.headers.getSetCookie().find((h) => h.startsWith('portal_session='))!.split(';')[0]!;

    const single = await bareLoop(own.url, 1);
    console.log(`two instances, one PostgreSQL; ${CREATES} creates per round, ${PULLERS} pullers, ${REPLICATIONS} RxDB replications`);
    console.log(`bare INSERT … RETURNING loop, one connection: ${single.toFixed(0)}/s\n`);
    console.log('writers | creates/s | ratio to 1 loop | bare W loops/s | ratio to W | create p50 / p99 ms | pull p50 / p99 ms | failed | gaps | dup');
    console.log('--------|-----------|-----------------|----------------|------------|---------------------|-------------------|--------|------|----');
    let previous = 0;
    for (const writers of ROUNDS) {
      const bare = await bareLoop(own.url, writers);
      const r = await runSyncLoad({ bases, cookie, writers, createsPerWriter: Math.ceil(CREATES / writers), pullers: PULLERS, replications: REPLICATIONS });
      const perSecond = r.creates.length / (r.writeMs / 1000);
      const gaps = r.readers.reduce((n, x) => n + x.missing.length, 0);
      const dups = r.readers.reduce((n, x) => n + x.duplicates.length, 0);
      const ratio = perSecond / single;
      const cp99 = percentile(r.creates, 99);
      const pp99 = percentile(r.pulls, 99);
      // Falling: more than a tenth below the round before (rounds swing a few percent by themselves).
      const fell = perSecond < previous * 0.9;
      previous = perSecond;
      if (fell || gaps || dups || r.failed.length || (writers === 24 && (ratio < GOAL_RATIO || cp99 >= 300 || pp99 >= 500))) missed = true;
      console.log(
        `${String(writers).padStart(7)} | ${perSecond.toFixed(0).padStart(9)} | ${ratio.toFixed(2).padStart(15)} | ${bare.toFixed(0).padStart(14)} | ${(perSecond / bare).toFixed(2).padStart(10)} | ${percentile(r.creates, 50).toFixed(0).padStart(8)} / ${cp99.toFixed(0).padStart(8)} | ${percentile(r.pulls, 50).toFixed(0).padStart(7)} / ${pp99.toFixed(0).padStart(7)} | ${String(r.failed.length + r.failedPulls.length).padStart(6)} | ${String(gaps).padStart(4)} | ${dups}${fell ? '  (fell)' : ''}`,
      );
      if (r.failed.length) console.log('  failed creates, first:', r.failed[0]);
      if (r.failedPulls.length) console.log('  failed pulls, first:', r.failedPulls[0]);
    }
    console.log(`\ngoals: at 24 writers ≥ ${GOAL_RATIO}× the one-connection loop, create p99 < 300 ms, pull p99 < 500 ms; creates/s never falls as writers are added; 0 failed, 0 gaps, 0 duplicates`);
  } finally {
    await killAll(servers.map((s) => s.child));
    await own.drop().catch(() => {});
    for (const d of dirs) await d.remove();
  }
  if (STRICT && missed) process.exit(1);
}

let finished = false;
// A promise that never settles with nothing left to run would otherwise end the bench silently.
process.on('beforeExit', () => {
  if (!finished) {
    console.error('the bench stopped early: a load round waited on something that never came');
    process.exit(1);
  }
});
await main();
finished = true;
