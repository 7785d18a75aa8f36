/**
 * The reviewer's desktop: a 10,000-row case set replicated to a fresh RxDB client (memory storage,
 * the app's `replicateWithServer` over one `/sync/stream`, the four case collections side by side)
 * against a raw HTTP pull of the same rows (each collection paged by checkpoint until empty, JSON
 * parsed, nothing stored, the four side by side, the same batch size), measured in the same run.
 * Then decision propagation: two desktops of one organization, each live on one `/sync/stream`;
 * A inserts a pending approve into `decision-requests`, timed until B's local `case-documents`
 * shows the approval (30 samples, p50/p95).
 *
 * The set is one real case (a 40-page packet through POST /workflows/{id}/runs, its run left to
 * land) whose rows (case, runs, listed documents, ledger) are copied with SQL under new case ids
 * until the four collections hold about BENCH_ROWS rows: shaped like real rows, made in seconds.
 * PGlite by default; PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a fresh
 * schema, dropped afterwards). Timings are printed, never asserted.
 *
 *   npm run bench:sync
 *   BENCH_ROWS=2000 npm run bench:sync      # a smoke run
 *   BENCH_STRICT=1 npm run bench:sync       # exit 1 when a goal is missed
 *   BENCH_NO_ANALYZE=1 npm run bench:sync   # no ANALYZE after the bulk copy (stale planner statistics)
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createRxDatabase, type RxCollection } from 'rxdb';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { addSyncCollections, openSyncStream, replicateWithServer, rxCollections } from '@portal/shared/client';
import { caseDocumentId } from '@portal/shared/sync';
import { buildApp } from '@portal/sync-server';
import { loadConfig } from '../../sync-server/src/config.js';
import type { Db } from '../../sync-server/src/db/db.js';
import { openPglite } from '../../sync-server/src/db/pglite-driver.js';
import { openPostgres } from '../../sync-server/src/db/postgres-driver.js';
import { makePdf } from '../../sync-server/test/analyzer/fixtures/pages.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const PAGES = 40;
const SAMPLES = 30;
/** The app's default pull batch (replicateWithServer); the raw pull uses the same. */
const BATCH = 200;
const GOAL_RATIO = 0.5;
const GOAL_P50_MS = 100;
const STRICT = process.env.BENCH_STRICT === '1';
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
const CASE_COLLECTIONS = ['applications', 'case-documents', 'decisions', 'ledger'] as const;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: POSTGRES_URL });
  await c.connect();
  await c.query(sql);
  await c.end();
}

/** One page per document: payslips and bank statements of distinct months, alternating. */
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

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const dir = await mkdtemp(join(tmpdir(), 'portal-bench-sync-'));
const schema = `bench_${randomBytes(5).toString('hex')}`;
if (POSTGRES_URL) await admin(`CREATE SCHEMA ${schema}`);
const db: Db = POSTGRES_URL ? await openPostgres({ url: POSTGRES_URL, schema, maxConnections: 10 }) : await openPglite({});
const app = await buildApp(
  { ...loadConfig({ WORKERS: '1', JOB_POLL_MS: '50', LOG_LEVEL: 'silent', RESPONSE_VALIDATION: 'off' }), dataDir: dir, rendererDir: join(dir, 'none') },
  { db, logger: false },
);
const opened: { close(): Promise<unknown> }[] = [];
try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const driver = POSTGRES_URL ? 'PostgreSQL' : 'PGlite';

  // A manager who runs the case, and two reviewers whose desktops replicate it.
  const signup = await fetch(`${base}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ orgName: 'Bench Lettings', email: `bench-${randomBytes(4).toString('hex')}@example.com`, password: 'correct horse battery' }),
  });
  if (signup.status !== 201) throw new Error(`signup answered ${signup.status}: ${await signup.text()}`);
  const manager = cookieOf(signup);
  const orgId = ((await signup.json()) as { organizationId: string }).organizationId;
  const reviewer = async (n: number) => {
    const email = `reviewer-${n}-${randomBytes(4).toString('hex')}@example.com`;
    const made = await fetch(`${base}/api/users`, {
      method: 'POST',
      headers: { cookie: manager, origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Reviewer ${n}`, email, role: 'Originator', temporaryPassword: 'correct horse battery' }),
    });
    if (made.status !== 201) throw new Error(`adding a user answered ${made.status}: ${await made.text()}`);
    const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: email, password: 'correct horse battery' }) });
    if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
    return cookieOf(login);
  };
  const [cookieA, cookieB] = [await reviewer(1), await reviewer(2)];
  const as = (cookie: string): typeof fetch => (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie } });

  // The real case.
  let started = Date.now();
  const body = new FormData();
  body.set('applicant', 'Sarah Whitcombe');
  body.set('expectedDocList', 'tenancy-application');
  body.append('files', new Blob([await packet(PAGES)], { type: 'application/pdf' }), 'packet.pdf');
  const run = await fetch(`${base}/api/workflows/standard-intake/runs`, { method: 'POST', headers: { cookie: manager, origin: base }, body });
  if (run.status !== 201) throw new Error(`the run call answered ${run.status}: ${await run.text()}`);
  const caseId = ((await run.json()) as { id: string }).id;
  for (;;) {
    const state = ((await (await fetch(`${base}/api/applications/${caseId}`, { headers: { cookie: manager } })).json()) as { run: { state: string; lastRunError?: string } }).run;
    if (state.state === 'report') break;
    if (state.state === 'gated') throw new Error(`the run went back to the gate: ${state.lastRunError}`);
    if (Date.now() - started > 300_000) throw new Error('the run did not land within 5 minutes');
    await new Promise((r) => setTimeout(r, 200));
  }
  const listed = (await (await fetch(`${base}/api/applications/${caseId}/documents`, { headers: { cookie: manager } })).json()) as { address: string }[];
  // Decided documents in the copies too, so the decisions collection is not empty.
  for (const [i, kind] of [
    [0, 'approve'],
    [1, 'settle'],
  ] as const) {
    const r = await fetch(`${base}/api/applications/${caseId}/documents/${encodeURIComponent(listed[i]!.address)}/${kind}`, { method: 'POST', headers: { cookie: manager, origin: base } });
    if (r.status !== 200) throw new Error(`${kind} answered ${r.status}: ${await r.text()}`);
  }
  const runSeconds = (Date.now() - started) / 1000;

  // Copies of its rows under new case ids, in one statement per table.
  started = Date.now();
  const count = async (sql: string) => Number((await db.query<{ n: number }>(sql, [caseId])).rows[0]!.n);
  const perCase =
    1 +
    (await count('SELECT count(*) AS n FROM case_documents WHERE application_id = $1')) +
    (await count('SELECT count(*) AS n FROM ledger WHERE application_id = $1')) +
    (await count('SELECT count(*) AS n FROM document_decisions WHERE application_id = $1'));
  const copies = Math.max(0, Math.ceil(ROWS / perCase) - 1);
  const columns = async (table: string) =>
    (await db.query<{ c: string }>('SELECT column_name AS c FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position', [table])).rows
      .map((r) => r.c)
      .filter((c) => c !== 'rev');
  const copy = async (table: string, caseColumn: string, extra: Record<string, string> = {}) => {
    const cols = await columns(table);
    const select = cols.map((c) => (c === caseColumn ? `t.${c} || '-c' || g` : (extra[c] ?? `t.${c}`)));
    await db.query(`INSERT INTO ${table} (${cols.join(', ')}) SELECT ${select.join(', ')} FROM ${table} t, generate_series(1, $2::int) g WHERE t.${caseColumn} = $1`, [caseId, copies]);
  };
  await copy('applications', 'id');
  await copy('runs', 'application_id');
  await copy('case_documents', 'application_id');
  await copy('ledger', 'application_id');
  // A decision's id is its own; its rows elsewhere (proposals, files) stay with the original case.
  await copy('application_documents', 'application_id');
  await copy('document_decisions', 'application_id', { id: `t.id || '-c' || g` });
  // Rows grown one by one leave the planner statistics to go by; rows copied in bulk leave none
  // until autovacuum comes round (PGlite runs none), and the case collections' plans then scan every
  // case of the organization per change. BENCH_NO_ANALYZE=1 measures that state.
  if (process.env.BENCH_NO_ANALYZE !== '1') await db.query('ANALYZE');
  const seedSeconds = (Date.now() - started) / 1000;

  // (a) The raw pull: every collection paged by checkpoint until empty, side by side.
  const rawPull = async () => {
    let rows = 0;
    await Promise.all(
      CASE_COLLECTIONS.map(async (c) => {
        let checkpoint: { rev: number; id: string } | null = null;
        for (;;) {
          const q = new URLSearchParams({ limit: String(BATCH), ...(checkpoint ? { rev: String(checkpoint.rev), id: checkpoint.id } : {}) });
          const res = await fetch(`${base}/api/sync/${c}/pull?${q}`, { headers: { cookie: cookieA } });
          if (!res.ok) throw new Error(`pull of ${c} answered ${res.status}`);
          const page = (await res.json()) as { documents: unknown[]; checkpoint: { rev: number; id: string } | null };
          if (page.documents.length === 0) break;
          rows += page.documents.length;
          checkpoint = page.checkpoint;
        }
      }),
    );
    return rows;
  };

  /** A fresh desktop: memory storage, the four collections on one stream, as the app replicates them. */
  const desktop = async (cookie: string, names: readonly (keyof typeof rxCollections)[]) => {
    const rx = await createRxDatabase({ name: `bench-${randomUUID()}`, storage: getRxStorageMemory() });
    const local = await addSyncCollections(rx, [...names]);
    const transport = { serverUrl: base, fetch: as(cookie) };
    const live = names.filter((n) => n !== 'decision-requests');
    const stream = openSyncStream(transport, live, { retryMs: 200 });
    const failures: string[] = [];
    const replications = names.map((c) => {
      const collection = local[rxCollections[c].local] as unknown as RxCollection<{ id: string }>;
      const r = replicateWithServer(collection, c, transport, { retryMs: 200, batchSize: BATCH, ...(c === 'decision-requests' ? {} : { stream: stream.events<{ id: string }>(c) }) });
      r.error$.subscribe((e) => failures.push(`${c}: ${e.message}`));
      return r;
    });
    const handle = {
      local,
      failures,
      replications,
      async close() {
        stream.close();
        await Promise.all(replications.map((r) => r.cancel()));
        await rx.close();
      },
    };
    opened.push(handle);
    return handle;
  };

  // Warm-up of both sides, then each measured twice, alternating; the better of each kept.
  await rawPull();
  const warm = await desktop(cookieA, CASE_COLLECTIONS);
  await Promise.all(warm.replications.map((r) => r.awaitInitialReplication()));
  await warm.close();
  const raw: number[] = [];
  const rxdb: number[] = [];
  let rows = 0;
  let synced = 0;
  for (let i = 0; i < 2; i++) {
    let t0 = performance.now();
    rows = await rawPull();
    raw.push((performance.now() - t0) / 1000);
    t0 = performance.now();
    const fresh = await desktop(cookieA, CASE_COLLECTIONS);
    await Promise.all(fresh.replications.map((r) => r.awaitInitialReplication()));
    rxdb.push((performance.now() - t0) / 1000);
    synced = 0;
    for (const c of CASE_COLLECTIONS) synced += await (fresh.local[rxCollections[c].local] as unknown as RxCollection).count().exec();
    if (fresh.failures.length > 0) throw new Error(`replication failed: ${fresh.failures.join('; ')}`);
    await fresh.close();
  }
  if (synced !== rows) throw new Error(`the desktop holds ${synced} documents, the raw pull read ${rows}`);
  const rawS = Math.min(...raw);
  const rxS = Math.min(...rxdb);
  const ratio = rawS / rxS;

  // (c) Decision propagation between two live desktops.
  const a = await desktop(cookieA, ['decision-requests']);
  const b = await desktop(cookieB, CASE_COLLECTIONS);
  await Promise.all([...a.replications, ...b.replications].map((r) => r.awaitInitialReplication()));
  // Let both streams open (their first event) before timing.
  await new Promise((r) => setTimeout(r, 500));
  const requests = a.local[rxCollections['decision-requests'].local] as unknown as RxCollection<Record<string, unknown> & { id: string }>;
  const bDocs = b.local[rxCollections['case-documents'].local] as unknown as RxCollection<{ id: string; approval?: { outcome: string } }>;
  const samples: number[] = [];
  const pushes: number[] = [];
  const targets = listed.slice(2, 2 + SAMPLES);
  if (targets.length < SAMPLES) throw new Error(`the case lists ${listed.length} documents, fewer than ${SAMPLES + 2}`);
  for (const target of targets) {
    const id = caseDocumentId(caseId, target.address);
    const seen = new Promise<number>((resolve, reject) => {
      const timeout = setTimeout(() => reject(new Error(`the approval of ${target.address} did not reach B within 10 s`)), 10_000);
      const sub = bDocs.findOne(id).$.subscribe((doc) => {
        if (doc?.approval?.outcome === 'approved') {
          clearTimeout(timeout);
          sub.unsubscribe();
          resolve(performance.now());
        }
      });
    });
    const requestId = randomUUID();
    // When A adopts the outcome its push was answered with: the share of the push and the apply.
    const answered = new Promise<number>((resolve) => {
      const sub = requests.findOne(requestId).$.subscribe((doc) => {
        if (doc && doc.get('state') !== 'pending') {
          sub.unsubscribe();
          resolve(performance.now());
        }
      });
    });
    const t0 = performance.now();
    await requests.insert({ id: requestId, applicationId: caseId, kind: 'approve', address: target.address, madeAt: new Date().toISOString(), state: 'pending', serverRev: 0 });
    samples.push((await seen) - t0);
    pushes.push((await answered) - t0);
  }
  const applied = (await requests.find().exec()).filter((x) => x.get('state') === 'applied').length;
  if (a.failures.length + b.failures.length > 0) throw new Error(`replication failed: ${[...a.failures, ...b.failures].join('; ')}`);
  samples.sort((x, y) => x - y);
  pushes.sort((x, y) => x - y);
  const p50 = percentile(samples, 50);
  const p95 = percentile(samples, 95);

  console.log(`sync-cases bench on ${driver}: ${copies + 1} cases (1 run of ${PAGES} pages in ${runSeconds.toFixed(1)} s, ${copies} copies by SQL in ${seedSeconds.toFixed(1)} s${process.env.BENCH_NO_ANALYZE === '1' ? ', not analyzed' : ', analyzed'}), ${rows} rows in ${CASE_COLLECTIONS.join(', ')}`);
  console.log(`  (a) raw HTTP pull, batches of ${BATCH}, nothing stored: ${rawS.toFixed(2)} s, ${Math.round(rows / rawS)} rows/s (runs: ${raw.map((s) => s.toFixed(2)).join(', ')})`);
  console.log(`  (b) fresh RxDB desktop (memory), initial sync:     ${rxS.toFixed(2)} s, ${Math.round(rows / rxS)} rows/s (runs: ${rxdb.map((s) => s.toFixed(2)).join(', ')})`);
  console.log(`  ratio (b) against (a): ${ratio.toFixed(2)}× (goal ≥ ${GOAL_RATIO}×)`);
  console.log(`  (c) approve on desktop A → approval in desktop B's case-documents, ${samples.length} samples: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${samples.at(-1)!.toFixed(1)} ms (goal p50 < ${GOAL_P50_MS} ms); ${applied} requests applied`);
  console.log(`      of which A's push answered (outcome adopted by A): p50 ${percentile(pushes, 50).toFixed(1)} ms, p95 ${percentile(pushes, 95).toFixed(1)} ms`);
  if (STRICT && (ratio < GOAL_RATIO || p50 >= GOAL_P50_MS)) process.exitCode = 1;
} finally {
  for (const h of opened.reverse()) await h.close().catch(() => {});
  await app.close();
  await rm(dir, { recursive: true, force: true });
  if (POSTGRES_URL) await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
}
