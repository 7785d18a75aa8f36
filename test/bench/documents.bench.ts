/**
 * GET /applications/{id}/documents of a 500-document case under load (issue 13): the compiled
 * server (sync-server/dist/main.js) as a process of its own, signed in, against a bare Fastify
 * serving the same bytes as constants, 32 connections, measured in the same run. The case is
 * made the way an integrator makes one: a 500-page packet through POST /workflows/{id}/runs, the
 * run left to land, a few of its documents decided. PGlite always; PostgreSQL too when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a fresh schema, dropped afterwards).
 *
 *   npm run bench:documents                 # builds the server, then about a minute
 *   BENCH_SECONDS=1 npm run bench:documents # a smoke run
 *   BENCH_STRICT=1 npm run bench:documents  # exit 1 when a goal is missed
 */
import autocannon, { type Result } from 'autocannon';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { makePdf } from '../../sync-server/test/analyzer/fixtures/pages.js';
import { children, REPO_DIR, SERVER_ENTRY, signUp, startPortal, stop } from './portal-process.js';

const BARE_SERVER = fileURLToPath(new URL('./bare-server.mjs', import.meta.url));
const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = Math.min(1, SECONDS / 2);
const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 500);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
const STRICT = process.env.BENCH_STRICT === '1';
/** The goal: at least half the bare route's throughput. */
const GOAL_RATIO = 0.5;

type Driver = 'pglite' | 'postgres';
const cleanups: (() => Promise<void>)[] = [];

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** One page per document: payslips of distinct months and amounts, and bank statements, alternating. */
function packet(pages: number): Promise<Uint8Array> {
  return makePdf(
    Array.from({ length: pages }, (_, i) => {
      const month = `${MONTHS[i % 12]} ${2000 + Math.floor(i / 12)}`;
      const net = (2000 + i * 7.31).toFixed(2);
      const lines =
        i % 2 === 0
          ? ['Hartwell Logistics Ltd', 'PAYSLIP', 'Employee: Sarah Whitcombe', `Employee no. ${4417 + i}`, `Pay period: ${month}`, `Payment date: 28 ${month}`, `Net pay ${net}`, 'Tax code 1257L']
          : ['Northbank plc', 'Current account statement', 'Account holder: Sarah Whitcombe', `Account number ${41829330 + i}`, `Statement period 1 ${month} to 28 ${month}`, `Closing balance ${net}`];
      return { kind: 'text' as const, lines: lines.map((text, n) => ({ text, x: 60, y: 60 + n * 18 })) };
    }),
  );
}

/** A case of about `DOCUMENTS` documents, made through the API; its id and how many it lists. */
async function makeCase(base: string, cookie: string): Promise<{ id: string; documents: number; seconds: number }> {
  const started = Date.now();
  const body = new FormData();
  body.set('applicant', 'Sarah Whitcombe');
  body.set('expectedDocList', 'tenancy-application');
  body.append('files', new Blob([await packet(DOCUMENTS)], { type: 'application/pdf' }), 'packet.pdf');
  const res = await fetch(`${base}/api/workflows/standard-intake/runs`, { method: 'POST', headers: { cookie, origin: base }, body });
  if (res.status !== 201) throw new Error(`the run call answered ${res.status}: ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  for (;;) {
    const app = (await (await fetch(`${base}/api/applications/${id}`, { headers: { cookie } })).json()) as { run: { state: string; lastRunError?: string } };
    if (app.run.state === 'report') break;
    if (app.run.state === 'gated') throw new Error(`the run went back to the gate: ${app.run.lastRunError}`);
    if (Date.now() - started > 600_000) throw new Error('the run did not land within 10 minutes');
    await new Promise((r) => setTimeout(r, 500));
  }
  const docs = (await (await fetch(`${base}/api/applications/${id}/documents`, { headers: { cookie } })).json()) as { address: string }[];
  // A few decisions, so the listing carries approvals and settled documents as a real one does.
  for (const [i, kind] of [
    [0, 'approve'],
    [1, 'settle'],
    [2, 'approve'],
  ] as const) {
    const r = await fetch(`${base}/api/applications/${id}/documents/${encodeURIComponent(docs[i]!.address)}/${kind}`, { method: 'POST', headers: { cookie, origin: base } });
    if (r.status !== 200) throw new Error(`${kind} answered ${r.status}: ${await r.text()}`);
  }
  return { id, documents: docs.length, seconds: (Date.now() - started) / 1000 };
}

function load(url: string, headers: Record<string, string>): Promise<Result> {
  return autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers, warmup: { connections: CONNECTIONS, duration: WARMUP_SECONDS } });
}

function measured(result: Result, expectedStatus: number) {
  const unexpected = Object.entries(result.statusCodeStats)
    .filter(([code]) => Number(code) !== expectedStatus)
    .map(([code, { count }]) => `${count}×${code}`);
  const failures = result.errors + result.timeouts;
  return {
    reqPerSec: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    problem: [...unexpected, ...(failures ? [`${failures} errors`] : [])].join(', '),
  };
}

/** The bare route serving `body`: the yardstick. */
async function bare(workDir: string, url: string, body: string) {
  const routesFile = join(workDir, 'bare-routes.json');
  await writeFile(routesFile, JSON.stringify([{ url, status: 200, contentType: 'application/json; charset=utf-8', body }]));
  const child = spawn(process.execPath, [BARE_SERVER, routesFile], { cwd: REPO_DIR, stdio: ['ignore', 'pipe', 'inherit'] });
  children.add(child);
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim()));
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  try {
    return measured(await load(`http://127.0.0.1:${port}${url}`, {}), 200);
  } finally {
    await stop(child);
  }
}

async function createSchema(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`).finally(() => admin.end());
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: withSchema.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).finally(() => c.end());
    },
  };
}

async function run(): Promise<void> {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: npm run bench:documents builds it`);
  const drivers: Driver[] = POSTGRES_URL ? ['pglite', 'postgres'] : ['pglite'];
  const lines: string[] = [];
  let missed = 0;
  for (const db of drivers) {
    const workDir = await mkdtemp(join(tmpdir(), `portal-bench-docs-${db}-`));
    cleanups.push(() => rm(workDir, { recursive: true, force: true }));
    const schema = db === 'postgres' ? await createSchema(POSTGRES_URL!) : undefined;
    if (schema) cleanups.push(schema.drop);
    const portal = await startPortal(workDir, schema?.url, { LOG_LEVEL: 'warn' });
    try {
      const cookie = await signUp(portal.base);
      const made = await makeCase(portal.base, cookie);
      const url = `/api/applications/${made.id}/documents`;
      // The first GET after a change builds the body (one query, the compiled serializer); later ones replay it.
      const coldStart = performance.now();
      const res = await fetch(`${portal.base}${url}`, { headers: { cookie } });
      const body = await res.text();
      const coldMs = performance.now() - coldStart;
      const etag = res.headers.get('etag');
      process.stdout.write(
        `${db}: a case of ${made.documents} documents (${(body.length / 1024).toFixed(0)} KiB listing), made through the API in ${made.seconds.toFixed(0)} s; first GET after the last decision ${coldMs.toFixed(1)} ms\n`,
      );
      const baseline = await bare(workDir, url, body);
      const full = measured(await load(`${portal.base}${url}`, { cookie }), 200);
      const conditional = etag ? measured(await load(`${portal.base}${url}`, { cookie, 'if-none-match': etag }), 304) : undefined;
      const row = (what: string, m: ReturnType<typeof measured>, judged: boolean) => {
        const ratio = m.reqPerSec / baseline.reqPerSec;
        const verdict = m.problem ? `ERR ${m.problem}` : judged ? (ratio >= GOAL_RATIO ? 'pass' : 'FAIL') : '';
        if (judged && verdict !== 'pass') missed++;
        return `| ${what.padEnd(34)} | ${db.padEnd(8)} | ${Math.round(m.reqPerSec).toString().padStart(7)} | ${String(m.p50).padStart(6)} | ${String(m.p99).padStart(6)} | ${ratio.toFixed(3).padStart(6)} | ${verdict}`;
      };
      lines.push(
        row('bare Fastify, same bytes', baseline, false),
        row('GET …/documents', full, true),
        ...(conditional ? [row('GET …/documents If-None-Match', conditional, false)] : [`| GET …/documents If-None-Match      | ${db} | no ETag`]),
      );
    } finally {
      await stop(portal.child);
    }
  }
  process.stdout.write(
    `\n${CONNECTIONS} connections, ${SECONDS} s a row; goal: GET …/documents ≥ ${GOAL_RATIO}× the bare route\n` +
      `| route                              | db       |   req/s | p50 ms | p99 ms | × bare | result\n` +
      `|------------------------------------|----------|--------:|-------:|-------:|-------:|-------\n` +
      `${lines.join('\n')}\n`,
  );
  if (STRICT && missed) process.exitCode = 1;
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
