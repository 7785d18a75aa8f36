import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import { createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb';
import type { RxReplicationState } from 'rxdb/plugins/replication';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentDecision, DocumentEntry } from '@portal/shared';
import { addSyncCollections, openSyncStream, replicateWithServer, rxCollections, type NetworkSignal } from '@portal/shared/client';
import { buildApp, type App } from '@portal/sync-server';
import { loadConfig } from '../../sync-server/src/config.js';
import type { Db } from '../../sync-server/src/db/db.js';
import { makePdf } from '../../sync-server/test/analyzer/fixtures/pages.js';
import { addColleague, DRIVER, openTestDatabase, signUp, tempDir, type Session, type TestApp, type TestDatabase } from '../helper.js';
import { documentsDriver } from './documents-helpers.js';

const DECISIONS = 1_000;
const CASES = 3;
const PAGES = 40;
const KINDS = ['approve', 'settle', 'junk'] as const;
const COLLECTIONS = ['case-documents', 'decisions', 'decision-requests'] as const;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** The convergence budget after the final reconnect. */
const CONVERGE_MS = 1_000;
/** While requests are pending and every desktop is online, one is answered at least this often. */
const STALL_MS = 10_000;

/**
 * Polls `pending` until it is 0 (undefined) or until it has not gone down for `stallMs` (the
 * count it stalled at).
 */
async function drainedOrStalled(pending: () => Promise<number>, stallMs: number): Promise<number | undefined> {
  let last = Infinity;
  let progressAt = Date.now();
  for (;;) {
    const now = await pending();
    if (now === 0) return undefined;
    if (now < last) {
      last = now;
      progressAt = Date.now();
    } else if (Date.now() - progressAt > stallMs) return now;
    await new Promise((r) => setTimeout(r, 20));
  }
}

type Json = Record<string, unknown> & { id: string };
type Checkpoint = { rev: number; id: string } | null;
type Request = Json & { applicationId: string; kind: string; state: string; result?: { decisionId?: string }; serverRev: number; _deleted?: boolean };

/** Seeded, so a failure can be run again as it happened (CHAOS_SEED=<n>). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One page per document: payslips and bank statements of distinct months, which the run lists one by one. */
function packet(applicant: string, pages: number): Promise<Uint8Array> {
  return makePdf(
    Array.from({ length: pages }, (_, i) => {
      const month = `${MONTHS[i % 12]} ${2000 + Math.floor(i / 12)}`;
      const net = (2000 + i * 7.31).toFixed(2);
      const lines =
        i % 2 === 0
          ? ['Hartwell Logistics Ltd', 'PAYSLIP', `Employee: ${applicant}`, `Employee no. ${4417 + i}`, `Pay period: ${month}`, `Payment date: 28 ${month}`, `Net pay ${net}`, 'Tax code 1257L']
          : ['Northbank plc', 'Current account statement', `Account holder: ${applicant}`, `Account number ${41829330 + i}`, `Statement period 1 ${month} to 28 ${month}`, `Closing balance ${net}`];
      return { kind: 'text' as const, lines: lines.map((text, n) => ({ text, x: 60, y: 60 + n * 18 })) };
    }),
  );
}

/** What replication and RxDB add to a document. */
const bare = (d: Json): Json => Object.fromEntries(Object.entries(d).filter(([k]) => k !== 'serverRev' && !k.startsWith('_'))) as Json;

/**
 * A network a test can pull the plug on: offline, every request in flight (the event stream's
 * included) is aborted and every new one fails as a dropped connection would.
 */
function flakyNetwork(cookie: string) {
  let online = true;
  let inflight = new Set<AbortController>();
  // The device's own word on its network, as a browser's online/offline events give it: coming
  // back online, the replications retry at once instead of at their backed-off pace.
  const listeners = new Set<(online: boolean) => void>();
  const signal: NetworkSignal = {
    online: () => online,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const fetcher: typeof fetch = async (input, init) => {
    if (!online) throw new TypeError('fetch failed: offline');
    const ac = new AbortController();
    inflight.add(ac);
    const headers = new Headers(init?.headers);
    headers.set('cookie', cookie);
    return fetch(input, { ...init, headers, signal: init?.signal ? AbortSignal.any([init.signal, ac.signal]) : ac.signal });
  };
  return {
    fetch: fetcher,
    signal,
    get online() {
      return online;
    },
    setOnline(value: boolean) {
      online = value;
      if (!value) {
        for (const ac of inflight) ac.abort(new TypeError('connection lost'));
        inflight = new Set();
      }
      for (const listener of listeners) listener(value);
    },
  };
}

/** A reviewer's desktop: an RxDB database (memory) replicating the case collections and its decision requests on one stream. */
async function desktop(name: string, cookie: string, serverUrl: string) {
  const rx: RxDatabase = await createRxDatabase({ name: `chaos-${name}-${randomUUID()}`, storage: getRxStorageMemory() });
  const local = await addSyncCollections(rx, [...COLLECTIONS]);
  const net = flakyNetwork(cookie);
  const failures: string[] = [];
  let running: { stream: ReturnType<typeof openSyncStream>; replications: RxReplicationState<Json, unknown>[] } | undefined;
  const collection = <D,>(c: (typeof COLLECTIONS)[number]) => local[rxCollections[c].local as keyof typeof local] as unknown as RxCollection<D>;
  const start = () => {
    const transport = { serverUrl, fetch: net.fetch };
    const stream = openSyncStream(transport, COLLECTIONS, { retryMs: 100, network: net.signal });
    const replications = COLLECTIONS.map((c) => {
      const r = replicateWithServer(collection<Json>(c), c, transport, { stream: stream.events<Json>(c), retryMs: 100, network: net.signal });
      // Failed calls while offline or while the server restarts are expected; RxDB retries them.
      r.error$.subscribe((e) => failures.push(`${c}: ${e.message}`));
      return r as unknown as RxReplicationState<Json, unknown>;
    });
    running = { stream, replications };
  };
  const stop = async () => {
    if (!running) return;
    const { stream, replications } = running;
    running = undefined;
    stream.close();
    await Promise.all(replications.map((r) => r.cancel()));
  };
  start();
  return {
    name,
    net,
    failures,
    requests: collection<Request>('decision-requests'),
    documents: collection<Json & { applicationId: string; position: number; address: string }>('case-documents'),
    decisions: collection<Json & { applicationId: string }>('decisions'),
    /** Every request this desktop made, by id. */
    made: new Map<string, { applicationId: string; kind: string }>(),
    get replicating() {
      return running !== undefined;
    },
    start,
    stop,
    async initial() {
      await Promise.all(running!.replications.map((r) => r.awaitInitialReplication()));
    },
    /** Pushes what is pending now and pulls what the stream announced: RxDB's resync. */
    resync() {
      for (const r of running?.replications ?? []) r.reSync();
    },
    async close() {
      await stop();
      await rx.close();
    },
  };
}
type Desktop = Awaited<ReturnType<typeof desktop>>;

/**
 * Three reviewers of one organization deciding on the same cases from their desktops, offline
 * and online at random, while the server restarts once: no decision request is lost or applied
 * twice, and every desktop ends up with what the REST API shows.
 */
describe(`decision requests under chaos on ${DRIVER}`, () => {
  let db: TestDatabase;
  let dir: Awaited<ReturnType<typeof tempDir>>;
  let app: App;
  let port = 0;
  let manager: Session;
  const reviewers: Session[] = [];
  const desktops: Desktop[] = [];
  const caseIds: string[] = [];
  const extraDbs: Db[] = [];
  const d = documentsDriver(() => ({ app }) as TestApp);
  const seed = Number(process.env.CHAOS_SEED ?? Date.now() % 1_000_000);
  const rand = random(seed);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

  const config = () => ({
    ...loadConfig({ LOG_LEVEL: 'silent', WORKERS: '0', JOB_POLL_MS: '50', SHUTDOWN_GRACE_MS: '2000', RESPONSE_VALIDATION: 'strict' }),
    dataDir: dir.path,
    rendererDir: `${dir.path}/no-renderer`,
  });
  const serve = async (on: Db) => {
    app = await buildApp(config(), { db: on, logger: false, keepDatabaseOpen: true });
    await app.listen({ port, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  };

  const rest = async <T,>(url: string): Promise<T> => {
    const res = await d.inject(manager, 'GET', `/api${url}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  /** Every request of one reviewer as the server holds it (paged by checkpoint). */
  const serverRequests = async (s: Session) => {
    const out = new Map<string, Request>();
    let checkpoint: Checkpoint = null;
    for (;;) {
      const q = new URLSearchParams({ limit: '1000', ...(checkpoint ? { rev: String(checkpoint.rev), id: checkpoint.id } : {}) });
      const res = await d.inject(s, 'GET', `/api/sync/decision-requests/pull?${q}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as { documents: Request[]; checkpoint: Checkpoint };
      if (page.documents.length === 0) return out;
      for (const r of page.documents) out.set(r.id, r);
      checkpoint = page.checkpoint;
    }
  };

  /** What the REST API shows of the cases, as the desktops hold it (sorted by id). */
  const restView = async () => {
    const documents: Json[] = [];
    const decisions: Json[] = [];
    for (const id of caseIds) {
      (await rest<DocumentEntry[]>(`/applications/${id}/documents`)).forEach((e, position) => documents.push({ ...e, id: `${id}|${e.address}`, applicationId: id, position }));
      for (const x of await rest<DocumentDecision[]>(`/applications/${id}/decisions`)) decisions.push({ ...x, applicationId: id });
    }
    const byId = (a: Json, b: Json) => a.id.localeCompare(b.id);
    return { documents: documents.sort(byId), decisions: decisions.sort(byId) };
  };
  const localView = async (k: Desktop) => ({
    documents: (await k.documents.find({ sort: [{ id: 'asc' }] }).exec()).map((x) => bare(x.toJSON() as Json)),
    decisions: (await k.decisions.find({ sort: [{ id: 'asc' }] }).exec()).map((x) => bare(x.toJSON() as Json)),
  });
  const pending = async (k: Desktop) => k.requests.count({ selector: { state: 'pending' } }).exec();

  /** Makes a decision on `k`: a random kind on a document of a random case, as its desktop lists it now (possibly stale). */
  const decide = async (k: Desktop) => {
    const applicationId = pick(caseIds);
    const listed = await k.documents.find({ selector: { applicationId } }).exec();
    if (listed.length === 0) return false;
    const id = randomUUID();
    const kind = pick(KINDS);
    k.made.set(id, { applicationId, kind });
    await k.requests.insert({ id, applicationId, kind, address: pick(listed).address, madeAt: new Date().toISOString(), state: 'pending', serverRev: 0 } as Request);
    return true;
  };

  beforeAll(async () => {
    dir = await tempDir('portal-chaos-');
    db = await openTestDatabase();
    await serve(db.db);
    manager = await signUp(app, { orgName: 'Harbour Lettings' });
    for (let i = 0; i < 3; i++) reviewers.push(await addColleague(app, manager, 'Originator'));
    for (const applicant of ['Sarah Whitcombe', 'Niamh Holloway', 'Tom Ashby'].slice(0, CASES)) {
      const made = await d.run(manager, 'standard-intake', d.newCase(applicant, [{ name: 'packet.pdf', content: await packet(applicant, PAGES) }]));
      caseIds.push(made.id);
    }
    const serverUrl = `http://127.0.0.1:${port}`;
    for (const [i, s] of reviewers.entries()) desktops.push(await desktop(`reviewer-${i}`, s.headers.cookie!, serverUrl));
    await Promise.all(desktops.map((k) => k.initial()));
  }, 120_000);

  afterAll(async () => {
    for (const k of desktops) await k.close().catch(() => {});
    await app?.close();
    for (const x of extraDbs) await x.close().catch(() => {});
    await db?.dispose();
    await dir?.remove();
  });

  it(`loses none of ${DECISIONS} colliding decisions made offline and online across a server restart, and every desktop converges`, async () => {
    const started = Date.now();
    const listedAtStart = (await restView()).documents.length;
    expect(listedAtStart).toBeGreaterThanOrEqual(CASES * 30);

    let made = 0;
    let restarted = false;
    let disconnects = 0;
    let undos = 0;
    while (made < DECISIONS) {
      const k = pick(desktops);
      if (await decide(k)) made++;
      // A burst now and then: several reviewers deciding in the same instant.
      if (made % 10 === 0) await new Promise((r) => setTimeout(r, 5 + rand() * 20));
      if (made % 40 === 0) {
        // The manager undoes a decision on the web: its document is open to decide again, so races go on.
        const applicationId = pick(caseIds);
        const live = (await rest<DocumentDecision[]>(`/applications/${applicationId}/decisions`)).filter((x) => !x.undone);
        if (live.length > 0) {
          const res = await d.inject(manager, 'POST', `/api/applications/${applicationId}/decisions/${pick(live).id}/undo`, {});
          // A later decision may rest on it; the server refuses those undos.
          expect([200, 409], res.body).toContain(res.statusCode);
          if (res.statusCode === 200) undos++;
        }
      }
      if (rand() < 0.03) {
        // A dropped connection or a desktop closing its replication, and coming back later.
        const victim = pick(desktops);
        disconnects++;
        if (rand() < 0.5) victim.net.setOnline(!victim.net.online);
        else if (victim.replicating) await victim.stop();
        else victim.start();
      }
      if (!restarted && made >= DECISIONS / 2) {
        restarted = true;
        // The server stops (draining what is in flight) and comes back on the same database and port.
        await app.close();
        await new Promise((r) => setTimeout(r, 300));
        const again = DRIVER === 'postgres' ? await db.connect() : db.db;
        if (again !== db.db) extraDbs.push(again);
        await serve(again);
      }
    }
    const decidingMs = Date.now() - started;

    // Everyone back online: every request is answered on every desktop.
    const drained = Date.now();
    for (const k of desktops) {
      k.net.setOnline(true);
      if (!k.replicating) k.start();
    }
    // Liveness as progress, not wall time (a busy CI machine drains slower, but never stops):
    // once everyone is back, some pending request is answered within every STALL_MS, to none left.
    const stalledAt = await drainedOrStalled(async () => (await Promise.all(desktops.map(pending))).reduce((a, b) => a + b, 0), STALL_MS);
    expect(stalledAt, `no request answered for ${STALL_MS} ms while requests were pending (seed ${seed})`).toBeUndefined();
    const drainMs = Date.now() - drained;

    // None lost: each request on the server, answered, as the desktop holds it.
    const states = { applied: 0, conflict: 0, refused: 0 };
    const applied = new Map<string, { applicationId: string; kind: string; requestId: string }>();
    for (const [i, k] of desktops.entries()) {
      const onServer = await serverRequests(reviewers[i]!);
      expect(onServer.size, k.name).toBe(k.made.size);
      for (const [id, want] of k.made) {
        const got = onServer.get(id);
        expect(got, `${k.name}'s request ${id}`).toBeDefined();
        expect(got).toMatchObject({ applicationId: want.applicationId, kind: want.kind, _deleted: false });
        expect(['applied', 'conflict', 'refused'], `${id}: ${JSON.stringify(got)}`).toContain(got!.state);
        states[got!.state as keyof typeof states]++;
        if (got!.state === 'applied') {
          const decisionId = got!.result?.decisionId;
          expect(decisionId, id).toEqual(expect.any(String));
          expect(applied.has(decisionId!), `decision ${decisionId} answered to two requests`).toBe(false);
          applied.set(decisionId!, { applicationId: want.applicationId, kind: want.kind, requestId: id });
        }
      }
      const local = (await k.requests.find().exec()).map((x) => x.toJSON() as Request);
      expect(new Map(local.map((r) => [r.id, bare(r)])), k.name).toEqual(new Map([...onServer.values()].map((r) => [r.id, bare(r)])));
    }
    expect(states.applied + states.conflict + states.refused).toBe(DECISIONS);
    // The colliding ones lost their races; the first on each document won.
    expect(states.applied).toBeGreaterThan(CASES * 10 + undos / 2);
    expect(states.conflict).toBeGreaterThan(0);

    // Every applied request made one decision and one ledger row, and nothing else was decided.
    const actions: Record<string, string> = { approve: 'document.approved', settle: 'document.settled', junk: 'document.junked' };
    let ledgerRows = 0;
    let undone = 0;
    for (const id of caseIds) {
      const decisions = await rest<DocumentDecision[]>(`/applications/${id}/decisions`);
      const ids = decisions.map((x) => x.id);
      expect(new Set(ids).size, 'a decision listed twice').toBe(ids.length);
      expect(ids.sort()).toEqual([...applied].filter(([, a]) => a.applicationId === id).map(([x]) => x).sort());
      for (const x of decisions) expect(x.kind, x.id).toBe(applied.get(x.id)!.kind);
      const events = await d.events(manager, id);
      for (const x of decisions.filter((x) => x.undone)) expect(events.filter((e) => e.action === 'decision.undone' && e.target === `decision:${x.id}`), `undo of ${x.id}`).toHaveLength(1);
      undone += decisions.filter((x) => x.undone).length;
      for (const [decisionId, a] of applied) {
        if (a.applicationId !== id) continue;
        // Rows that follow from a decision (the completeness it moved) name it too; the decision's own is one.
        const rows = events.filter((e) => e.detail?.decisionId === decisionId && Object.values(actions).includes(e.action));
        expect(rows.map((e) => e.action), `ledger of ${decisionId}`).toEqual([actions[a.kind]]);
        ledgerRows++;
      }
    }
    expect(ledgerRows).toBe(applied.size);
    expect(undone).toBe(undos);

    // The final reconnect: each desktop decides a few more offline, then all come back at once.
    const converge: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      for (const k of desktops) k.net.setOnline(false);
      for (const k of desktops) for (let i = 0; i < 3; i++) await decide(k);
      const reconnected = Date.now();
      for (const k of desktops) k.net.setOnline(true);
      // A dropped stream reconnects after its retry; a desktop coming online also retries at once.
      for (const k of desktops) k.resync();
      let equal = false;
      while (Date.now() - reconnected < 5_000) {
        const answered = (await Promise.all(desktops.map(pending))).every((n) => n === 0);
        if (answered) {
          const want = await restView();
          const views = await Promise.all(desktops.map(localView));
          if (views.every((v) => isDeepStrictEqual(v, want))) {
            equal = true;
            break;
          }
        }
        await new Promise((r) => setTimeout(r, 10));
      }
      const ms = Date.now() - reconnected;
      converge.push(ms);
      if (!equal) {
        const want = await restView();
        for (const k of desktops) expect(await localView(k), `${k.name} never converged`).toEqual(want);
      }
      if (ms <= CONVERGE_MS) break;
    }
    const totalMs = Date.now() - started;
    console.log(
      `chaos (seed ${seed}, ${DRIVER}): ${DECISIONS} decisions on ${listedAtStart} documents of ${CASES} cases by 3 desktops in ${decidingMs} ms, ` +
        `${disconnects} disconnects, ${undos} undone on the web, 1 server restart; drained in ${drainMs} ms; applied ${states.applied}, conflict ${states.conflict}, refused ${states.refused}; ` +
        `converged after the final reconnect in ${converge.join(' / ')} ms; ${totalMs} ms in all`,
    );
    expect(Math.min(...converge), `convergence after the final reconnect (seed ${seed})`).toBeLessThanOrEqual(CONVERGE_MS);
  }, 300_000);
});
