/**
 * Webhook deliveries (issue 14): 10,000 ledger rows (200 cases × 50 rows) enqueued by the outbox,
 * then sent by the server's dispatcher (one job worker: 16 lanes at a time) to a local receiver,
 * against bare loops of signed POSTs of the same bodies to the same receiver over kept-alive
 * connections: one loop (the baseline, goal ≥ 0.5×), and 16 loops side by side (the
 * dispatcher's parallelism, a stricter comparison), each timed before and after the dispatcher.
 * Nothing may be lost: the receiver must count every webhook-id, and the database must say every
 * delivery succeeded. A sample of deliveries is verified with the official `standardwebhooks` package.
 * Both sides are warmed up (1,000 other rows) before anything is timed, and only the sending is
 * timed: from the dispatcher's start to the receiver counting the last webhook-id.
 * PGlite by default; PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
 *
 *   npm run bench:webhooks
 *   BENCH_ROWS=2000 npm run bench:webhooks     # a smoke run
 *   BENCH_STRICT=1 npm run bench:webhooks      # exit 1 when something is lost or the goal (0.5×) is missed
 *   BENCH_PROFILE=/tmp/d.cpuprofile npm run bench:webhooks   # a CPU profile of the dispatch phase only
 *
 * PGlite runs its queries on the event loop the sends share, so there the dispatcher's own
 * database work (per 50 deliveries of a case: its share of a claim that also reads the first
 * batch, and one write that records them and frees the lane) costs throughput that PostgreSQL, a
 * process of its own, does not.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import inspector from 'node:inspector';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import type { LedgerActionName } from '@portal/shared';
import { buildApp, type App } from '@portal/sync-server';
import { loadConfig } from '../../sync-server/src/config.js';
import type { Db } from '../../sync-server/src/db/db.js';
import { openPglite } from '../../sync-server/src/db/pglite-driver.js';
import { openPostgres } from '../../sync-server/src/db/postgres-driver.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const PER_CASE = 50;
const LOOPS = 16;
const GOAL = 0.5;
const STRICT = process.env.BENCH_STRICT === '1';
const PROFILE = process.env.BENCH_PROFILE || undefined;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

/** A CPU profile of the dispatch phase alone (BENCH_PROFILE=file.cpuprofile), not of the setup. */
async function startProfile() {
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params ?? {}, (err, result) => (err ? reject(err) : resolve(result))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  return {
    async stop() {
      const { profile } = (await post('Profiler.stop')) as { profile: object };
      session.disconnect();
      await writeFile(PROFILE!, JSON.stringify(profile));
      return PROFILE!;
    },
  };
}

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: POSTGRES_URL });
  await c.connect();
  await c.query(sql);
  await c.end();
}

/** The receiver: counts distinct webhook-ids and keeps a sample to verify after timing. */
function startReceiver() {
  const ids = new Set<string>();
  const sample: { body: string; headers: Record<string, string> }[] = [];
  let requests = 0;
  let onCount: (() => void) | undefined;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests++;
      const id = String(req.headers['webhook-id']);
      ids.add(id);
      if (sample.length < 200 && requests % 37 === 1) sample.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers as Record<string, string> });
      res.writeHead(204).end();
      onCount?.();
    });
  });
  server.keepAliveTimeout = 5_000;
  return new Promise<{
    url: string;
    ids: Set<string>;
    sample: typeof sample;
    requests: () => number;
    reset(): void;
    whenCount(n: number): Promise<void>;
    close(): Promise<void>;
  }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
        ids,
        sample,
        requests: () => requests,
        reset() {
          ids.clear();
          sample.length = 0;
          requests = 0;
        },
        whenCount: (n) =>
          new Promise<void>((done) => {
            onCount = () => {
              if (ids.size >= n) {
                onCount = undefined;
                done();
              }
            };
            onCount();
          }),
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}

/** The baseline: `loops` loops, each POSTing its share of the bodies one after another, signed like the server signs. */
async function bareLoops(url: string, secret: string, bodies: { id: string; body: string }[], loops: number): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: loops });
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const post = (m: { id: string; body: string }) =>
    new Promise<void>((resolve, reject) => {
      const ts = Math.floor(Date.now() / 1000);
      const sig = createHmac('sha256', key).update(`${m.id}.${ts}.${m.body}`).digest('base64');
      const req = http.request(
        url,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'webhook-id': m.id, 'webhook-timestamp': String(ts), 'webhook-signature': `v1,${sig}`, 'content-length': Buffer.byteLength(m.body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 204 ? resolve() : reject(new Error(`answered ${res.statusCode}`))));
        },
      );
      req.on('error', reject);
      req.end(m.body);
    });
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: loops }, async () => {
      while (next < bodies.length) await post(bodies[next++]!);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return bodies.length / seconds;
}

const receiver = await startReceiver();
const dir = await mkdtemp(join(tmpdir(), 'portal-webhooks-bench-'));
const schema = `bench_${randomBytes(5).toString('hex')}`;
if (POSTGRES_URL) await admin(`CREATE SCHEMA ${schema}`);
const db: Db = POSTGRES_URL ? await openPostgres({ url: POSTGRES_URL, schema, maxConnections: 10 }) : await openPglite({});
let api: App | undefined;
// WORKERS=0: the dispatcher is started by hand below (one worker's 16 lanes), after the outbox is filled.
const app = await buildApp(
  { ...loadConfig({ WORKERS: '0', LOG_LEVEL: 'silent', RESPONSE_VALIDATION: 'off', WEBHOOK_ALLOW_PRIVATE: 'true' }), dataDir: dir, rendererDir: join(dir, 'none') },
  { db, logger: false, routes: async (scope) => void (api = scope as unknown as App) },
);
const t = { app, api: api! };
try {
  const signup = await app.inject({ method: 'POST', url: '/api/signup', payload: { orgName: 'Bench Hooks Ltd', email: 'hooks-bench@example.test', password: 'correct horse battery' } });
  const cookie = signup.cookies.find((c) => c.name === 'portal_session');
  if (signup.statusCode !== 201 || !cookie) throw new Error(`signup failed: ${signup.statusCode} ${signup.body}`);
  const s = { headers: { cookie: `portal_session=${cookie.value}` }, organizationId: signup.json().organizationId as string };
  const actions: LedgerActionName[] = ['application.created', 'file.received', 'run.started', 'run.stage', 'document.proposed', 'run.reported'];
  const appendCases = async (prefix: string, rows: number) => {
    const started = performance.now();
    for (let c = 0; c * PER_CASE < rows; c++) {
      const applicationId = `app_${prefix}${c}`;
      await t.app.db.transaction(async (tx) => {
        for (let i = 0; i < Math.min(PER_CASE, rows - c * PER_CASE); i++) {
          await t.api.ledger.append(tx, {
            orgId: s.organizationId,
            applicationId,
            actor: 'system',
            action: actions[i % actions.length]!,
            target: `document:${applicationId}/${i}`,
            detail: { docType: 'payslip', confidence: 0.93, pages: [i + 1], expectedDocId: 'payslips' },
          });
        }
      });
    }
    return (performance.now() - started) / 1000;
  };
  // The ledger alone first (no endpoint yet: the listener finds none), for the outbox's cost.
  const BARE_ROWS = Math.min(ROWS, 2_000);
  const ledgerOnlySeconds = await appendCases('plain', BARE_ROWS);
  const created = await t.app.inject({ method: 'POST', url: '/api/webhooks', headers: s.headers, payload: { url: receiver.url } });
  if (created.statusCode !== 201) throw new Error(`creating the endpoint failed: ${created.statusCode} ${created.body}`);
  const secret = created.json().secret as string;

  // Warm-up, untimed: a few cases through the dispatcher and the same bodies through both bare
  // loops, so neither side is timed while its code is still being compiled (the dispatcher ran
  // first on a cold HTTP stack before, and the loops after it on a warm one).
  const WARM_ROWS = Math.min(ROWS, 1_000);
  await appendCases('warm', WARM_ROWS);
  const { rows: warmRows } = await t.app.db.query<{ message_id: string; body: string }>(`SELECT message_id, body FROM webhook_deliveries WHERE status = 'pending' ORDER BY id`);
  t.api.webhooks.dispatcher.start();
  await receiver.whenCount(WARM_ROWS);
  await t.api.webhooks.dispatcher.stop(5_000);
  const warmBodies = warmRows.map((r) => ({ id: r.message_id, body: r.body }));
  await bareLoops(receiver.url, secret, warmBodies, 1);
  await bareLoops(receiver.url, secret, warmBodies, LOOPS);
  receiver.reset();

  // The outbox: ledger rows appended as the areas append them, each with its delivery.
  const appendSeconds = await appendCases('bench', ROWS);
  const cases = Math.ceil(ROWS / PER_CASE);
  const { rows: queued } = await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'pending'`);
  if (queued[0]!.n !== ROWS) throw new Error(`the outbox holds ${queued[0]!.n} deliveries, not ${ROWS}`);
  const { rows: bodyRows } = await t.app.db.query<{ message_id: string; body: string }>(`SELECT message_id, body FROM webhook_deliveries WHERE status = 'pending' ORDER BY id`);
  const bodies = bodyRows.map((r) => ({ id: r.message_id, body: r.body }));

  // The baselines are timed just before the dispatcher and again just after, and their mean is
  // the comparison, so a change in the machine's load during the run weighs on both sides alike.
  const bareBefore = { single: await bareLoops(receiver.url, secret, bodies, 1), parallel: await bareLoops(receiver.url, secret, bodies, LOOPS) };
  receiver.reset();

  // The dispatcher, as a server with WORKERS=1 runs it.
  const profiler = PROFILE ? await startProfile() : undefined;
  const started = performance.now();
  t.api.webhooks.dispatcher.start();
  await receiver.whenCount(ROWS);
  const dispatchSeconds = (performance.now() - started) / 1000;
  if (profiler) console.log(`  profile of the dispatch phase: ${await profiler.stop()}`);
  await t.api.webhooks.dispatcher.stop(5_000);
  const { rows: states } = await t.app.db.query<{ status: string; n: number }>(
    `SELECT status, count(*)::int AS n FROM webhook_deliveries WHERE lane LIKE 'app\\_bench%' GROUP BY status`,
  );
  const succeeded = states.find((r) => r.status === 'succeeded')?.n ?? 0;
  const lost = ROWS - receiver.ids.size;
  const duplicates = receiver.requests() - receiver.ids.size;
  const wh = new Webhook(secret);
  for (const m of receiver.sample) wh.verify(m.body, m.headers);
  const verified = receiver.sample.length;
  const dispatcherRate = ROWS / dispatchSeconds;

  receiver.reset();
  const bareAfter = { single: await bareLoops(receiver.url, secret, bodies, 1), parallel: 0 };
  receiver.reset();
  bareAfter.parallel = await bareLoops(receiver.url, secret, bodies, LOOPS);
  const lostBare = ROWS - receiver.ids.size;
  const single = (bareBefore.single + bareAfter.single) / 2;
  const parallel = (bareBefore.parallel + bareAfter.parallel) / 2;
  const around = (k: 'single' | 'parallel') => `(before ${bareBefore[k].toFixed(0)}, after ${bareAfter[k].toFixed(0)})`;

  const f = (n: number) => n.toFixed(0).padStart(8);
  console.log(`\nWebhook deliveries, ${ROWS} ledger rows in ${cases} cases (${t.app.db.driver})\n`);
  console.log(`  ledger alone: ${f(BARE_ROWS / ledgerOnlySeconds).trim()} rows/s; with the outbox (a delivery each): ${f(ROWS / appendSeconds).trim()} rows/s`);
  console.log(`  dispatcher (16 lanes)           ${f(dispatcherRate)} deliveries/s   lost ${lost}, repeated ${duplicates}, succeeded in the database ${succeeded}/${ROWS}, ${verified} verified with standardwebhooks`);
  console.log(`  bare loop of signed POSTs ×1    ${f(single)} POSTs/s        ratio ${(dispatcherRate / single).toFixed(2)}×  (the issue's goal: ≥ ${GOAL}×) ${around('single')}`);
  console.log(`  bare loops of signed POSTs ×${LOOPS}  ${f(parallel)} POSTs/s        ratio ${(dispatcherRate / parallel).toFixed(2)}×  (stricter: as parallel as the dispatcher) ${around('parallel')}`);
  const ok = lost === 0 && succeeded === ROWS && lostBare === 0 && dispatcherRate / single >= GOAL;
  console.log(ok ? '\n  goal met\n' : '\n  GOAL MISSED\n');
  if (STRICT && !ok) process.exitCode = 1;
} finally {
  await app.close();
  await receiver.close();
  if (POSTGRES_URL) await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await rm(dir, { recursive: true, force: true });
}
