/**
 * The request path under load (issue #20): the compiled server (sync-server/dist/main.js, what
 * `npm start` runs) as a process of its own on 127.0.0.1, signed in as a new user, against a bare
 * Fastify serving the same bytes as constants, measured in the same run. PGlite always (a fresh
 * data directory); PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a fresh
 * schema, dropped afterwards).
 *
 *   npm run bench                      # builds the server, then about two minutes
 *   BENCH_SECONDS=1 npm run bench      # a smoke run
 *   BENCH_STRICT=1 npm run bench       # exit 1 when a goal is missed
 */
import autocannon, { type Result } from 'autocannon';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { children, procMemoryMb, REPO_DIR, SERVER_ENTRY, signUp, startPortal, stop, type Portal } from './portal-process.js';

const BARE_SERVER = fileURLToPath(new URL('./bare-server.mjs', import.meta.url));
const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = Math.min(1, SECONDS / 2);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
const STRICT = process.env.BENCH_STRICT === '1';

type Driver = 'pglite' | 'postgres';
interface Goal {
  /** Least req/s as a share of the bare route's. */
  ratio: number;
  /** Most p99 latency, ms. */
  p99: number;
}
/** The issue's goals, per database. */
const GOALS: Record<'me' | 'listing' | 'notModified', Record<Driver, Goal>> = {
  me: { postgres: { ratio: 0.35, p99: 15 }, pglite: { ratio: 0.2, p99: 30 } },
  listing: { postgres: { ratio: 0.2, p99: 15 }, pglite: { ratio: 0.1, p99: 30 } },
  notModified: { postgres: { ratio: 0.35, p99: 15 }, pglite: { ratio: 0.2, p99: 30 } },
};

interface RouteSpec {
  url: string;
  signedIn: boolean;
  goal?: keyof typeof GOALS;
  /** The 304 row's goal, when a matching If-None-Match is benched too. */
  conditionalGoal?: keyof typeof GOALS;
}
const ROUTES: RouteSpec[] = [
  { url: '/api/healthz', signedIn: false },
  { url: '/api/me', signedIn: true, goal: 'me', conditionalGoal: 'notModified' },
  { url: '/api/expected-doc-lists', signedIn: true, goal: 'listing', conditionalGoal: 'notModified' },
  { url: '/api/document-types', signedIn: true, goal: 'listing', conditionalGoal: 'notModified' },
];

interface Row {
  route: string;
  db: Driver | 'bare';
  reqPerSec: number;
  p50: number;
  p99: number;
  ratio?: number;
  goal?: Goal;
  verdict: string;
}

const cleanups: (() => Promise<void>)[] = [];

interface Sample {
  status: number;
  contentType: string;
  body: string;
  etag: string | null;
}

async function sample(base: string, route: RouteSpec, cookie: string): Promise<Sample> {
  const res = await fetch(`${base}${route.url}`, { headers: route.signedIn ? { cookie } : {} });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`GET ${route.url} answered ${res.status}: ${body}`);
  return { status: res.status, contentType: res.headers.get('content-type') ?? 'application/json', body, etag: res.headers.get('etag') };
}

async function load(url: string, headers: Record<string, string>): Promise<Result> {
  return autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers, warmup: { connections: CONNECTIONS, duration: WARMUP_SECONDS } });
}

function measured(result: Result, expectedStatus: number): { reqPerSec: number; p50: number; p99: number; problem?: string } {
  const unexpected = Object.entries(result.statusCodeStats)
    .filter(([code]) => Number(code) !== expectedStatus)
    .map(([code, { count }]) => `${count}×${code}`);
  const failures = result.errors + result.timeouts;
  const problems = [...unexpected, ...(failures ? [`${failures} errors`] : [])];
  return {
    reqPerSec: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ...(problems.length ? { problem: problems.join(', ') } : {}),
  };
}

/** The bare route serving each route's bytes: the yardstick every row is a share of. */
async function measureBaseline(workDir: string, samples: Map<string, Sample>): Promise<{ rows: Row[]; reqPerSec: Map<string, number> }> {
  const routesFile = join(workDir, 'bare-routes.json');
  await writeFile(
    routesFile,
    JSON.stringify([...samples].map(([url, s]) => ({ url, status: s.status, contentType: s.contentType, body: s.body }))),
  );
  const child = spawn(process.execPath, [BARE_SERVER, routesFile], { cwd: REPO_DIR, stdio: ['ignore', 'pipe', 'inherit'] });
  children.add(child);
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim()));
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  const rows: Row[] = [];
  const reqPerSec = new Map<string, number>();
  try {
    for (const [url, s] of samples) {
      const m = measured(await load(`http://127.0.0.1:${port}${url}`, {}), s.status);
      reqPerSec.set(url, m.reqPerSec);
      rows.push({ route: `GET ${url} (${s.body.length} B)`, db: 'bare', reqPerSec: m.reqPerSec, p50: m.p50, p99: m.p99, verdict: m.problem ?? '' });
    }
  } finally {
    await stop(child);
  }
  return { rows, reqPerSec };
}

function verdict(reqPerSec: number, p99: number, baseline: number, goal: Goal | undefined, problem: string | undefined): string {
  if (problem) return `ERR ${problem}`;
  if (!goal) return '';
  return reqPerSec / baseline >= goal.ratio && p99 < goal.p99 ? 'pass' : 'FAIL';
}

async function benchDatabase(
  db: Driver,
  portal: Portal,
  cookie: string,
  baseline: Map<string, number>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const route of ROUTES) {
    const headers: Record<string, string> = route.signedIn ? { cookie } : {};
    const bare = baseline.get(route.url)!;
    const goal = route.goal ? GOALS[route.goal][db] : undefined;
    const m = measured(await load(`${portal.base}${route.url}`, headers), 200);
    rows.push({ route: `GET ${route.url}`, db, ...m, ratio: m.reqPerSec / bare, ...(goal ? { goal } : {}), verdict: verdict(m.reqPerSec, m.p99, bare, goal, m.problem) });

    if (!route.conditionalGoal) continue;
    // This database's own ETag: it may differ from the sample's the baseline serves.
    const { etag } = await sample(portal.base, route, cookie);
    const conditionalGoal = GOALS[route.conditionalGoal][db];
    const c = measured(await load(`${portal.base}${route.url}`, { ...headers, 'if-none-match': etag ?? '"bench-no-etag"' }), etag ? 304 : 200);
    rows.push({
      route: `GET ${route.url} If-None-Match`,
      db,
      ...c,
      ratio: c.reqPerSec / bare,
      goal: conditionalGoal,
      verdict: etag ? verdict(c.reqPerSec, c.p99, bare, conditionalGoal, c.problem) : 'no ETag',
    });
  }
  return rows;
}

function table(rows: Row[]): string {
  const head = ['route', 'db', 'req/s', 'p50 ms', 'p99 ms', '× bare', 'goal', 'result'];
  const body = rows.map((r) => [
    r.route,
    r.db,
    Math.round(r.reqPerSec).toLocaleString('en-US'),
    String(r.p50),
    String(r.p99),
    r.ratio === undefined ? '' : r.ratio.toFixed(3),
    r.goal ? `≥ ${r.goal.ratio}×, p99 < ${r.goal.p99}` : '',
    r.verdict,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i >= 2 && i <= 5 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`;
  return [line(head), `|${widths.map((w, i) => (i >= 2 && i <= 5 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`, ...body.map(line)].join('\n');
}

async function createSchema(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await admin.end();
  }
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: withSchema.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await c.end();
      }
    },
  };
}

async function run(): Promise<void> {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(`${SERVER_ENTRY} is missing: build it with \`npm run build --workspace @portal/sync-server\` (npm run bench does)`);
  }
  const drivers: Driver[] = POSTGRES_URL ? ['pglite', 'postgres'] : ['pglite'];
  const rowsPerDb = ROUTES.length + ROUTES.filter((r) => r.conditionalGoal).length;
  const estimate = (ROUTES.length + rowsPerDb * drivers.length) * (SECONDS + WARMUP_SECONDS + 0.2) + 10 * drivers.length;
  process.stdout.write(
    `Request path, ${CONNECTIONS} connections, ${SECONDS} s a row (+${WARMUP_SECONDS} s warm-up), ${drivers.join(' and ')}: about ${Math.ceil(estimate)} s\n`,
  );
  const started = Date.now();
  const rows: Row[] = [];
  const rss: string[] = [];
  let baseline: Map<string, number> | undefined;
  for (const db of drivers) {
    const workDir = await mkdtemp(join(tmpdir(), `portal-bench-${db}-`));
    cleanups.push(() => rm(workDir, { recursive: true, force: true }));
    const schema = db === 'postgres' ? await createSchema(POSTGRES_URL!) : undefined;
    if (schema) cleanups.push(schema.drop);
    const portal = await startPortal(workDir, schema?.url);
    try {
      const cookie = await signUp(portal.base);
      const samples = new Map<string, Sample>();
      for (const route of ROUTES) samples.set(route.url, await sample(portal.base, route, cookie));
      if (!baseline) {
        const measuredBaseline = await measureBaseline(workDir, samples);
        rows.push(...measuredBaseline.rows);
        baseline = measuredBaseline.reqPerSec;
      }
      rows.push(...(await benchDatabase(db, portal, cookie, baseline)));
      const peak = procMemoryMb(portal.child.pid!);
      const logBytes = statSync(portal.logFile).size;
      rss.push(`${db}: peak RSS ${peak === undefined ? '?' : `${peak.toFixed(0)} MB`}, request log ${(logBytes / 1024 / 1024).toFixed(1)} MB`);
    } finally {
      const code = await stop(portal.child);
      if (code !== 0) rss.push(`${db}: the server exited with ${code} on SIGTERM`);
    }
  }
  process.stdout.write(`\n${table(rows)}\n\n${rss.join('\n')}\n`);
  const judged = rows.filter((r) => r.goal && r.verdict !== 'no ETag');
  const missed = judged.filter((r) => r.verdict !== 'pass');
  process.stdout.write(
    `${judged.length - missed.length} of ${judged.length} goals met${rows.some((r) => r.verdict === 'no ETag') ? ' (rows marked "no ETag" are not judged)' : ''}; ` +
      `If-None-Match rows are a share of the bare route serving the 200 body. ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
  );
  if (STRICT && missed.length) process.exitCode = 1;
}

async function cleanUp(): Promise<void> {
  for (const child of children) child.kill('SIGKILL');
  for (const c of cleanups.reverse()) await c().catch((err: unknown) => process.stderr.write(`cleanup: ${String(err)}\n`));
}

process.once('SIGINT', () => {
  void cleanUp().then(() => process.exit(130));
});
try {
  await run();
} catch (err) {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
