/**
 * PostgreSQL under many writers (issue 28): two server instances on one database, W writers
 * creating expected-document lists through REST (spread over both), 8 plain pullers and 3 RxDB
 * replications with flaky connections, for W = 1, 4, 16 and 24; each round in an organization of
 * its own, after an uncounted warm-up round. Two references measured in the
 * same run:
 * - the baseline, a bare `INSERT … RETURNING` loop on one connection into a table of the
 *   same database (the goal is ≥ 0.3× of it at 24 writers). It is warmed up first and is the
 *   median of three runs: cold, the same loop measures anywhere from 1,300 to 7,500/s here (the
 *   client's JIT, the backend's caches), which made any ratio to it a coin toss;
 * - the HTTP floor: two bare Fastify processes inserting the same row per POST
 *   (bare-insert-server.mjs), W writers, no readers: what any Node HTTP service in front of this
 *   database gets on this machine, before authentication, the contract, the library and the readers.
 * Prints writes/s, create and pull latencies, the ratios, where each create's CPU went (database,
 * servers, load driver), and whether any reader missed or repeated a row. Timings are printed,
 * never asserted (BENCH_STRICT=1 exits 1 when a goal is missed).
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:sync-load
 *   BENCH_CREATES=600 npm run bench:sync-load     # creates per round (default 1,200)
 *   BENCH_WRITERS=24 npm run bench:sync-load      # one round
 *   BENCH_PULLERS=0 BENCH_REPLICATIONS=0 …        # writers alone
 *   BENCH_POOL_MAX=4 …                            # each instance's DATABASE_POOL_MAX
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readdir, readFile } from 'node:fs/promises';
import pg from 'pg';
import { PASSWORD, TEST_DATABASE_URL, tempDir, uniqueEmail } from '../helper.js';
import { killAll, ownDatabase, startServer } from '../api/server-process.js';
import { lightClient, percentile, runSyncLoad } from '../api/sync-load.js';

const CREATES = Number(process.env.BENCH_CREATES ?? 1_200);
const ROUNDS = (process.env.BENCH_WRITERS ?? '1,4,16,24').split(',').map(Number);
const STRICT = process.env.BENCH_STRICT === '1';
const GOAL_RATIO = 0.3;
const PULLERS = Number(process.env.BENCH_PULLERS ?? 8);
const REPLICATIONS = Number(process.env.BENCH_REPLICATIONS ?? 3);
/** DATABASE_POOL_MAX of each instance; the server's default when unset. */
const POOL_MAX = process.env.BENCH_POOL_MAX;

const BARE_INSERT_SERVER = fileURLToPath(new URL('./bare-insert-server.mjs', import.meta.url));
const BARE_TABLE = 'CREATE TABLE IF NOT EXISTS bench_bare (id bigserial PRIMARY KEY, name text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())';

/** `rows` inserts on one connection, as fast as it can: rows/s. */
async function bareLoop(url: string, rows: number): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(BARE_TABLE);
    const started = performance.now();
    for (let i = 0; i < rows; i++) await c.query('INSERT INTO bench_bare (name) VALUES ($1) RETURNING id, created_at', [`bare #${i}`]);
    return rows / ((performance.now() - started) / 1000);
  } finally {
    await c.end();
  }
}

/** The baseline, warmed up: the median of three loops after one uncounted. */
async function baseline(url: string): Promise<{ median: number; runs: number[] }> {
  await bareLoop(url, CREATES);
  const runs = [await bareLoop(url, CREATES), await bareLoop(url, CREATES), await bareLoop(url, CREATES)];
  return { median: [...runs].sort((a, b) => a - b)[1]!, runs };
}

/** Two bare insert servers (the HTTP floor); `stop` ends them. */
async function startFloor(url: string): Promise<{ bases: string[]; pids: number[]; stop(): Promise<void> }> {
  const children: ChildProcess[] = [];
  const bases = await Promise.all(
    [0, 1].map(
      () =>
        new Promise<string>((resolve, reject) => {
          const child = spawn(process.execPath, [BARE_INSERT_SERVER, url], { stdio: ['ignore', 'pipe', 'inherit'] });
          children.push(child);
          child.once('exit', (code) => reject(new Error(`the bare insert server exited (${code})`)));
          child.stdout!.once('data', (d: Buffer) => resolve(`http://127.0.0.1:${String(d).trim()}`));
        }),
    ),
  );
  return { bases, pids: children.map((c) => c.pid!), stop: () => killAll(children) };
}

/** W writers posting CREATES rows between them to the floor's servers: rows/s. */
async function floorRound(bases: readonly string[], writers: number): Promise<number> {
  const client = lightClient('');
  const each = Math.ceil(CREATES / writers);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let i = 0; i < each; i++) {
        const { status, text } = await client.request(`${bases[w % bases.length]}/rows`, 'POST', JSON.stringify({ name: `floor w${w} #${i}` }));
        if (status !== 201) throw new Error(`the bare insert server answered ${status}: ${text}`);
      }
    }),
  );
  const perSecond = (each * writers) / ((performance.now() - started) / 1000);
  client.close();
  return perSecond;
}

/**
 * CPU seconds used so far by PostgreSQL (every process named postgres, with the children the
 * postmaster has reaped), by the server processes, and by this load driver: where a create's
 * cost goes, and how much of the two cores the driver itself takes from what it measures.
 * Linux's /proc; undefined elsewhere (or with PostgreSQL on another machine, a database of 0).
 */
async function cpuSeconds(serverPids: readonly number[]): Promise<{ database: number; servers: number; driver: number } | undefined> {
  const ticks = 100; // USER_HZ, 100 on every Linux this runs on
  const stat = async (pid: number | string) => {
    const text = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
    if (!text) return undefined;
    // comm may hold spaces: the fields after it start at the last ')'.
    const comm = text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'));
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // utime, stime, cutime, cstime are fields 14–17, 12–15 after comm and state.
    return { comm, seconds: (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / ticks };
  };
  const entries = await readdir('/proc').catch(() => undefined);
  if (!entries) return undefined;
  let database = 0;
  for (const e of entries) {
    if (!/^\d+$/.test(e)) continue;
    const s = await stat(e);
    if (s?.comm === 'postgres') database += s.seconds;
  }
  let servers = 0;
  for (const pid of serverPids) servers += (await stat(pid))?.seconds ?? 0;
  const own = process.cpuUsage();
  return { database, servers, driver: (own.user + own.system) / 1e6 };
}

/** A new organization with a manager signed in: the session cookie. */
async function signUp(base: string, round: number): Promise<string> {
  const signup = await fetch(`${base}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ orgName: `Load Lettings ${round}`, email: uniqueEmail('load'), password: PASSWORD }),
  });
  if (signup.status !== 201) throw new Error(`signup answered ${signup.status}: ${await signup.text()}`);
  return signup.headers.getSetCookie().find((h) => h.startsWith('portal_session='))!.split(';')[0]!;
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
    for (const dir of dirs) servers.push(
        await startServer({ DATABASE_URL: own.url, DATA_DIR: dir.path, WORKERS: '0', LOG_LEVEL: 'warn', ...(POOL_MAX ? { DATABASE_POOL_MAX: POOL_MAX } : {}) }, { compiled: true }),
      );
    const bases = servers.map((s) => s.base!);
    const base = await baseline(own.url);
    const floor = await startFloor(own.url);
    // Both warmed the same way, uncounted: a quarter round at 24 writers (the portal's with its
    // readers, in an organization of its own). Cold, the first round measured JIT compilation.
    await floorRound(floor.bases, 24);
    await runSyncLoad({ bases, cookie: await signUp(bases[0]!, 0), writers: 24, createsPerWriter: Math.ceil(CREATES / 4 / 24), pullers: PULLERS, replications: REPLICATIONS });
    console.log(`two instances of the compiled server (what npm start runs), one PostgreSQL; ${CREATES} creates per round, ${PULLERS} pullers, ${REPLICATIONS} RxDB replications`);
    console.log(`bare INSERT … RETURNING loop, one connection (warmed, median of ${base.runs.map((r) => r.toFixed(0)).join(' / ')}): ${base.median.toFixed(0)}/s`);
    console.log('HTTP floor: two bare Fastify processes inserting the same row per POST, same writers, no readers\n');
    console.log('writers | creates/s | × bare loop | floor/s | × floor | create p50 / p99 ms | pull p50 / p99 ms | live same / other instance p50 ms | failed | gaps | dup');
    console.log('--------|-----------|-------------|---------|---------|---------------------|-------------------|-----------------------------------|--------|------|----');
    let previous = 0;
    try {
      for (const writers of ROUNDS) {
        const floorBefore = await cpuSeconds(floor.pids);
        const floorRate = await floorRound(floor.bases, writers);
        const floorAfter = await cpuSeconds(floor.pids);
        const cpuBefore = await cpuSeconds(servers.map((x) => x.child.pid!));
        // Each round is a new organization: its readers sync from nothing, as the round's writers
        // start from nothing, rather than downloading every earlier round's rows again (at 24
        // writers that was four times the round's own rows, and made each round look slower
        // than the one before it for work no writer caused).
        const cookie = await signUp(bases[0]!, writers);
        const r = await runSyncLoad({ bases, cookie, writers, createsPerWriter: Math.ceil(CREATES / writers), pullers: PULLERS, replications: REPLICATIONS });
        const cpuAfter = await cpuSeconds(servers.map((x) => x.child.pid!));
        const perSecond = r.creates.length / (r.writeMs / 1000);
        const gaps = r.readers.reduce((n, x) => n + x.missing.length, 0);
        const dups = r.readers.reduce((n, x) => n + x.duplicates.length, 0);
        const ratio = perSecond / base.median;
        const cp99 = percentile(r.creates, 99);
        const pp99 = percentile(r.pulls, 99);
        // Falling: more than a tenth below the round before (rounds swing a few percent by themselves).
        const fell = perSecond < previous * 0.9;
        previous = perSecond;
        const sameP50 = percentile(r.delivery.sameInstance, 50);
        const crossP50 = percentile(r.delivery.crossInstance, 50);
        if (fell || gaps || dups || r.failed.length || (writers === 24 && (ratio < GOAL_RATIO || cp99 >= 300 || pp99 >= 300 || !(crossP50 < 50)))) missed = true;
        console.log(
          `${String(writers).padStart(7)} | ${perSecond.toFixed(0).padStart(9)} | ${ratio.toFixed(2).padStart(11)} | ${floorRate.toFixed(0).padStart(7)} | ${(perSecond / floorRate).toFixed(2).padStart(7)} | ${percentile(r.creates, 50).toFixed(0).padStart(8)} / ${cp99.toFixed(0).padStart(8)} | ${percentile(r.pulls, 50).toFixed(0).padStart(7)} / ${pp99.toFixed(0).padStart(7)} | ${sameP50.toFixed(0).padStart(15)} / ${crossP50.toFixed(0).padStart(15)} | ${String(r.failed.length + r.failedPulls.length).padStart(6)} | ${String(gaps).padStart(4)} | ${dups}${fell ? '  (fell)' : ''}`,
        );
        if (cpuBefore && cpuAfter && floorBefore && floorAfter) {
          // Over the whole round, catching up after the writes included: per create.
          const per = (before: typeof cpuBefore, after: typeof cpuAfter, k: keyof typeof cpuAfter, n: number) => (((after[k] - before[k]) * 1000) / n).toFixed(2);
          const n = Math.ceil(CREATES / writers) * writers;
          console.log(
            `        | CPU ms a create: database ${per(cpuBefore, cpuAfter, 'database', r.creates.length)} · servers ${per(cpuBefore, cpuAfter, 'servers', r.creates.length)} · load driver ${per(cpuBefore, cpuAfter, 'driver', r.creates.length)} · ${r.pulls.length} pulls` +
              ` (floor: ${per(floorBefore, floorAfter, 'database', n)} · ${per(floorBefore, floorAfter, 'servers', n)} · ${per(floorBefore, floorAfter, 'driver', n)})`,
          );
        }
        if (r.failed.length) console.log('  failed creates, first:', r.failed[0]);
        if (r.failedPulls.length) console.log('  failed pulls, first:', r.failedPulls[0]);
      }
    } finally {
      await floor.stop();
    }
    console.log(`\ngoals: at 24 writers ≥ ${GOAL_RATIO}× the one-connection loop, create p99 < 300 ms, pull p99 < 300 ms, a create on one instance live on the other in p50 < 50 ms; creates/s never falls as writers are added; 0 failed, 0 gaps, 0 duplicates`);
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
