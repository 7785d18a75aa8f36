/**
 * What the server costs the machine it runs on (issue 39), for the embedded database and for
 * PostgreSQL, beside a bare Fastify process started with the same Node flags in the same run:
 * - time to healthy: from spawning `node sync-server/dist/main.js` to the first 200 of
 *   /api/healthz, on a fresh data directory (or a new PostgreSQL database) and on a restart;
 * - resident memory (RSS) after 10 s idle, after a 50-page run (scanned and text pages, so the
 *   reading pool and OCR have worked), and 60 s after that run, when its memory should be back;
 * - the reading process's peak RSS during the run: the analyzer's pools read in a child process
 *   (analyzer/pool/reading-process.ts) that ends 30 s after its last file, so its memory is the
 *   machine's cost during a run, not the server's after it.
 * Timings and memory are printed, never asserted (BENCH_STRICT=1 exits 1 when a goal is missed).
 *
 *   npm run bench:footprint                                   # PGlite, and PostgreSQL when reachable
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:footprint
 *   BENCH_IDLE_S=10 BENCH_SETTLE_S=60 …                        # the waits
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import pg from 'pg';
import { readPacket } from '../fixtures/packets.js';
import { REPO_DIR, SERVER_ENTRY, children, exited, freePort, procMemoryMb, signUp, stop } from './portal-process.js';

const POSTGRES_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 10);
const SETTLE_S = Number(process.env.BENCH_SETTLE_S ?? 60);
const STRICT = process.env.BENCH_STRICT === '1';
/**
 * The Node flags `npm start` uses (sync-server/package.json), given to the bare process too.
 * `--max-semi-space-size=2` (MB): V8's young generation otherwise grows to 16 MB a semi-space
 * through start-up's allocations and stays resident (idle RSS 254–266 → 222–237 MB on PGlite; the
 * request-path bench's rates unchanged, its peak RSS 411 → 298 MB). BENCH_NODE_FLAGS overrides.
 */
const NODE_FLAGS = process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? ['--enable-source-maps', '--max-semi-space-size=2'];
/**
 * The allocator settings `npm start` gives the server (sync-server/package.json): without them
 * glibc keeps what the reading pool's threads freed (PDF rendering, OCR) in per-thread arenas, and
 * a 50-page run left ~250 MB resident for good. BENCH_MALLOC_ENV=0 measures without them.
 */
const MALLOC_ENV: Record<string, string> =
  process.env.BENCH_MALLOC_ENV === '0' ? {} : { MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: '131072', MALLOC_MMAP_THRESHOLD_: '131072' };
/** Synthetic packets carried in the repository, scanned pages among them: their first 50 pages. */
const RUN_PACKETS = ['p01.pdf', 'p04.pdf', 'p06.pdf', 'p07.pdf', 'p10.pdf', 'p12.pdf', 'p14.pdf', 'p16.pdf'];
const RUN_PAGES = 50;

const GOALS = {
  pglite: { rssMb: 250, restartS: 2, freshS: 4 },
  postgres: { rssMb: 150, restartS: 2, freshS: 2 },
  settleMb: 50,
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Started {
  child: ChildProcess;
  base: string;
  seconds: number;
}

/** Spawns a server and times it to its first healthy answer, polling every 20 ms. */
async function startTimed(args: string[], env: Record<string, string>, healthPath: string): Promise<Started> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...NODE_FLAGS, ...args], {
    cwd: REPO_DIR,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...MALLOC_ENV, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}: ${stderr}`);
    if (performance.now() - started > 120_000) throw new Error(`${args.join(' ')} did not answer within 120 s: ${stderr}`);
    const ok = await fetch(`${base}${healthPath}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, base, seconds: (performance.now() - started) / 1000 };
    await sleep(20);
  }
}

const rssMb = (child: ChildProcess) => procMemoryMb(child.pid!, 'VmRSS') ?? NaN;

/** The server's child processes (its reading process, tesseract while it reads), from /proc. */
function childPids(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((t) => readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number));
  } catch {
    return [];
  }
}

/** The bare baseline: Fastify answering /api/healthz, nothing else. */
const BARE = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/api/healthz', async () => ({ status: 'ok' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
`;

async function onePacket(): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  for (const name of RUN_PACKETS) {
    const src = await PDFDocument.load(await readPacket(name));
    const take = src.getPageIndices().slice(0, RUN_PAGES - out.getPageCount());
    for (const page of await out.copyPages(src, take)) out.addPage(page);
  }
  return out.save();
}

/** A 50-page case through the API, waited for until its run lands; returns the pages and seconds. */
async function runPacket(base: string, cookie: string, bytes: Uint8Array): Promise<number> {
  const started = performance.now();
  const body = new FormData();
  body.set('applicant', 'Sarah Whitcombe');
  body.set('expectedDocList', 'tenancy-application');
  body.append('files', new Blob([bytes], { type: 'application/pdf' }), 'packet.pdf');
  const res = await fetch(`${base}/api/workflows/standard-intake/runs`, { method: 'POST', headers: { cookie, origin: base }, body });
  if (res.status !== 201) throw new Error(`the run call answered ${res.status}: ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  for (;;) {
    const app = (await (await fetch(`${base}/api/applications/${id}`, { headers: { cookie } })).json()) as { run: { state: string; lastRunError?: string } };
    if (app.run.state === 'report' || app.run.state === 'gated') break;
    if (performance.now() - started > 900_000) throw new Error('the run did not land within 15 minutes');
    await sleep(500);
  }
  return (performance.now() - started) / 1000;
}

interface Row {
  name: string;
  freshS: number;
  restartS?: number;
  idleMb: number;
  runS?: number;
  peakRunMb?: number;
  /** The reading process's peak RSS during the run (it is a child of the server, ended when idle). */
  readerPeakMb?: number | undefined;
  afterRunMb?: number;
  /** Child processes still running when the settled RSS was read (the reading process should have ended). */
  readerLeft?: number;
  settledMb?: number;
}

async function measureBare(dir: string): Promise<Row> {
  const file = join(REPO_DIR, 'test/bench', `.footprint-bare-${process.pid}.mjs`);
  const { writeFile } = await import('node:fs/promises');
  await writeFile(file, BARE);
  try {
    const s = await startTimed([file], { DATA_DIR: dir }, '/api/healthz');
    await sleep(IDLE_S * 1000);
    const row = { name: 'bare Fastify', freshS: s.seconds, idleMb: rssMb(s.child) };
    await stop(s.child);
    return row;
  } finally {
    await rm(file, { force: true });
  }
}

async function measurePortal(name: 'pglite' | 'postgres', packet: Uint8Array): Promise<Row> {
  const work = await mkdtemp(join(tmpdir(), `footprint-${name}-`));
  let database: { url: string; drop(): Promise<void> } | undefined;
  try {
    if (name === 'postgres') {
      // A database of its own, so "fresh" migrates from nothing, as a new installation does.
      const dbName = `footprint_${process.pid}`;
      const admin = new pg.Client({ connectionString: POSTGRES_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${dbName}`);
      await admin.end();
      const url = new URL(POSTGRES_URL);
      url.pathname = `/${dbName}`;
      database = {
        url: url.toString(),
        drop: async () => {
          const c = new pg.Client({ connectionString: POSTGRES_URL });
          await c.connect();
          await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
          await c.end();
        },
      };
    }
    const env = { DATA_DIR: join(work, 'data'), DATABASE_URL: database?.url ?? '' };
    const fresh = await startTimed([SERVER_ENTRY], env, '/api/healthz');
    await stop(fresh.child);
    const restart = await startTimed([SERVER_ENTRY], env, '/api/healthz');
    await sleep(IDLE_S * 1000);
    const idleMb = rssMb(restart.child);
    const cookie = await signUp(restart.base);
    // The reading process (the analyzer's pools, a child of the server while it reads) is memory
    // the machine pays too: its peak is read from /proc while the run lasts.
    let readerPeakMb = 0;
    const poll = setInterval(() => {
      for (const pid of childPids(restart.child.pid!)) readerPeakMb = Math.max(readerPeakMb, procMemoryMb(pid, 'VmHWM') ?? 0);
    }, 250);
    const runS = await runPacket(restart.base, cookie, packet).finally(() => clearInterval(poll));
    const peakRunMb = procMemoryMb(restart.child.pid!, 'VmHWM') ?? NaN;
    const afterRunMb = rssMb(restart.child);
    await sleep(SETTLE_S * 1000);
    const settledMb = rssMb(restart.child);
    await stop(restart.child);
    const readerLeft = childPids(restart.child.pid!).length;
    return { name, freshS: fresh.seconds, restartS: restart.seconds, idleMb, runS, peakRunMb, readerPeakMb: readerPeakMb || undefined, afterRunMb, settledMb, readerLeft };
  } finally {
    await database?.drop().catch(() => {});
    await rm(work, { recursive: true, force: true });
  }
}

async function postgresReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3_000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

async function main() {
  const packet = await onePacket();
  const pages = (await PDFDocument.load(packet)).getPageCount();
  const work = await mkdtemp(join(tmpdir(), 'footprint-bare-'));
  const rows: Row[] = [await measureBare(work)];
  await rm(work, { recursive: true, force: true });
  rows.push(await measurePortal('pglite', packet));
  if (await postgresReachable()) rows.push(await measurePortal('postgres', packet));
  else console.error(`PostgreSQL at ${new URL(POSTGRES_URL).host} does not answer: its row is left out`);

  const bare = rows[0]!;
  const f = (x: number | undefined, d = 0) => (x === undefined || Number.isNaN(x) ? '—' : x.toFixed(d));
  const header = ['process', 'fresh → healthy s', 'restart → healthy s', 'idle RSS MB', `${pages}-page run s`, 'peak RSS MB', 'reading process peak MB', 'RSS after run', `RSS ${SETTLE_S} s later`, 'vs bare (RSS, start)'];
  const table = rows.map((r) => [
    r.name,
    f(r.freshS, 2),
    f(r.restartS, 2),
    f(r.idleMb),
    f(r.runS, 1),
    f(r.peakRunMb),
    f(r.readerPeakMb),
    f(r.afterRunMb),
    f(r.settledMb),
    r === bare ? '1 ×' : `+${f(r.idleMb - bare.idleMb)} MB, ${f((r.restartS ?? r.freshS) / bare.freshS, 1)} ×`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of table) console.log(line(row));

  const missed: string[] = [];
  for (const r of rows.slice(1)) {
    const goal = GOALS[r.name as 'pglite' | 'postgres'];
    if (r.idleMb > goal.rssMb) missed.push(`${r.name}: idle RSS ${f(r.idleMb)} MB > ${goal.rssMb} MB`);
    if ((r.restartS ?? 0) > goal.restartS) missed.push(`${r.name}: restart ${f(r.restartS, 2)} s > ${goal.restartS} s`);
    if (r.freshS > goal.freshS) missed.push(`${r.name}: fresh start ${f(r.freshS, 2)} s > ${goal.freshS} s`);
    if (r.readerLeft) missed.push(`${r.name}: ${r.readerLeft} child process(es) still running ${SETTLE_S} s after the run`);
    if ((r.settledMb ?? 0) - r.idleMb > GOALS.settleMb) missed.push(`${r.name}: ${SETTLE_S} s after the run RSS is ${f((r.settledMb ?? 0) - r.idleMb)} MB above idle (> ${GOALS.settleMb})`);
  }
  console.log(missed.length ? `Goals missed:\n  ${missed.join('\n  ')}` : 'Every goal of issue 39 met (idle RSS, restart, fresh start, memory back after a run).');
  if (STRICT && missed.length) process.exitCode = 1;
}

/** BENCH_TRACE=1: RSS and threads of one PGlite server every 5 s through a run and after it. */
async function trace(packet: Uint8Array) {
  const work = await mkdtemp(join(tmpdir(), 'footprint-trace-'));
  const env = { DATA_DIR: join(work, 'data'), DATABASE_URL: '' };
  await stop((await startTimed([SERVER_ENTRY], env, '/api/healthz')).child);
  const s = await startTimed([SERVER_ENTRY], env, '/api/healthz');
  const threads = () => /^Threads:\s+(\d+)/m.exec(readFileSync(`/proc/${s.child.pid}/status`, 'utf8'))?.[1];
  const t0 = performance.now();
  const timer = setInterval(() => console.log(`${((performance.now() - t0) / 1000).toFixed(0).padStart(4)} s  RSS ${f0(rssMb(s.child))} MB  threads ${threads()}`), 5_000);
  const cookie = await signUp(s.base);
  console.log(`run took ${(await runPacket(s.base, cookie, packet)).toFixed(1)} s`);
  await sleep(SETTLE_S * 1000);
  clearInterval(timer);
  await stop(s.child);
  await rm(work, { recursive: true, force: true });
}
const f0 = (x: number) => x.toFixed(0);

const cleanup = () => {
  for (const c of children) c.kill('SIGKILL');
};
process.on('SIGINT', () => {
  cleanup();
  process.exit(130);
});
try {
  if (process.env.BENCH_TRACE === '1') await trace(await onePacket());
  else await main();
} finally {
  for (const c of children) {
    c.kill('SIGTERM');
    await exited(c);
  }
}
