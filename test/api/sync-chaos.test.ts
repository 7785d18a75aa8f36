import { createRxDatabase, type RxCollection, type RxDatabase, type RxReplicationPullStreamItem } from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { Subject, type Observable } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSyncCollections, readEventStream } from '@portal/shared/client';
import type { BundleDoc, ListVersionDoc } from '@portal/shared/sync';
import { buildApp, type App } from '@portal/sync-server';
import { loadConfig, type AppConfig } from '../../sync-server/src/config.js';
import type { Db } from '../../sync-server/src/db/db.js';
import { DRIVER, openTestDatabase, signUp, tempDir, until, type Session, type TestDatabase } from '../helper.js';
import { mulberry32 } from '@portal/shared';

const prng = mulberry32;

const SEED = Number(process.env.SYNC_CHAOS_SEED ?? 20_261_124);
const OPERATIONS = 1_000;
const WRITERS = 4;
const CLIENTS = 3;
const DOC_TYPES = ['passport', 'driving-licence', 'payslip', 'p60', 'bank-statement', 'utility-bill'];

interface Server {
  db: Db;
  app: App | undefined;
  port: number;
}

type Collections = { bundles: RxCollection<BundleDoc>; lists: RxCollection<ListVersionDoc> };
const REMOTE = { bundles: 'document-bundles', lists: 'expected-doc-lists' } as const;
type Local = keyof typeof REMOTE;

/** A replicated document as the server sends it. */
interface Wire {
  id: string;
  serverRev: number;
  _deleted: boolean;
}
interface Pulled {
  documents: Wire[];
  checkpoint: { rev: number; id: string } | null;
}
interface Trace {
  c: string;
  k: 'connect' | 'event' | 'pull' | 'push';
  docs: string[];
  at: number;
  [more: string]: unknown;
}
const show = (d: Wire) => `${d.id}@${d.serverRev}${d._deleted ? ' deleted' : ''}`;

interface Client {
  name: string;
  rx: RxDatabase;
  collections: Collections;
  server: number;
  live: { replication: RxReplicationState<Wire, { rev: number; id: string }>; events: Subject<unknown>; stream: AbortController }[];
}

/**
 * Stock RxDB clients (memory storage, `replicateRxCollection` with a pull handler, a push handler
 * and `stream$` fed by each collection's event stream, written as RxDB's documentation writes
 * them) replicate from two server instances on one database while several writers make a
 * thousand random changes through REST, clients drop their streams or restart their replication
 * (sometimes on the other instance), push offline edits the server refuses, and one instance
 * restarts. At the end every client holds exactly the server's state — nothing missing, nothing
 * deleted back — within a second of the last reconnect.
 */
describe(`sync chaos: stock RxDB clients, two instances, a restart, on ${DRIVER}`, () => {
  let t: TestDatabase;
  let dir: Awaited<ReturnType<typeof tempDir>>;
  let config: AppConfig;
  let manager: Session;
  const servers: Server[] = [];
  /** What each client was sent and pushed, to explain a failure. */
  const trace: Trace[] = [];
  let generation = 0;
  const clients: Client[] = [];
  const random = prng(SEED);
  const pick = <T>(items: readonly T[], rnd: () => number = random): T => items[Math.floor(rnd() * items.length)]!;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  const start = async (s: Server) => {
    const app = await buildApp(config, { db: s.db, logger: false, keepDatabaseOpen: true });
    await app.listen({ port: s.port, host: '127.0.0.1' });
    s.port = (app.server.address() as { port: number }).port;
    s.app = app;
  };
  const up = () => servers.filter((s) => s.app !== undefined);

  /** The manager's REST call through an instance that is up; a 503 of one closing is tried again on another. */
  const rest = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, rnd: () => number = random) => {
    for (;;) {
      const app = pick(up(), rnd).app!;
      const res = await app.inject({ method, url: `/api${url}`, headers: manager.headers, ...(payload ? { payload } : {}) }).catch(() => undefined);
      if (res && res.statusCode !== 503) return { status: res.statusCode, body: res.body ? (res.json() as any) : undefined };
      await sleep(10);
    }
  };

  const authed: typeof fetch = (input, init) =>
    fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie: manager.headers.cookie! } });

  const openStream = (client: Client, local: Local, events: Subject<unknown>) => {
    const stream = new AbortController();
    void readEventStream({
      url: `http://127.0.0.1:${servers[client.server]!.port}/api/sync/${REMOTE[local]}/stream`,
      fetch: authed,
      signal: stream.signal,
      retryMs: 100,
      // The server's first event on every connection is RESYNC.
      onData: (data) => {
        const event = data as Pulled | 'RESYNC';
        trace.push({ c: client.name, k: 'event', local, docs: event === 'RESYNC' ? ['RESYNC'] : event.documents.map(show), to: event === 'RESYNC' ? undefined : event.checkpoint?.rev, at: Date.now() });
        events.next(data);
      },
    });
    return stream;
  };

  const connect = (client: Client) => {
    const gen = ++generation;
    trace.push({ c: client.name, k: 'connect', gen, server: client.server, docs: [], at: Date.now() });
    client.live = (Object.keys(REMOTE) as Local[]).map((local) => {
      const base = () => `http://127.0.0.1:${servers[client.server]!.port}/api/sync/${REMOTE[local]}`;
      const events = new Subject<unknown>();
      const replication = replicateRxCollection<Wire, { rev: number; id: string }>({
        collection: client.collections[local] as unknown as RxCollection<Wire>,
        replicationIdentifier: `chaos-${client.name}-${local}`,
        live: true,
        retryTime: 100,
        waitForLeadership: false,
        pull: {
          batchSize: 100,
          async handler(checkpoint, batchSize) {
            const q = new URLSearchParams({ limit: String(batchSize), ...(checkpoint ? { rev: String(checkpoint.rev), id: checkpoint.id } : {}) });
            const res = await authed(`${base()}/pull?${q}`);
            if (!res.ok) throw new Error(`pull answered ${res.status}`);
            const body = (await res.json()) as Pulled;
            trace.push({ c: client.name, k: 'pull', gen, from: checkpoint?.rev, to: body.checkpoint?.rev, docs: body.documents.map(show), at: Date.now() });
            return { documents: body.documents, checkpoint: body.checkpoint ?? checkpoint };
          },
          stream$: events.asObservable() as Observable<RxReplicationPullStreamItem<Wire, { rev: number; id: string }>>,
        },
        push: {
          batchSize: 20,
          async handler(rows) {
            const res = await authed(`${base()}/push`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(rows) });
            if (!res.ok) throw new Error(`push answered ${res.status}`);
            // RxDB's protocol: the master states of the documents that conflicted.
            const conflicts = (await res.json()) as Wire[];
            trace.push({ c: client.name, k: 'push', gen, docs: [...rows.map((r) => show(r.newDocumentState)), ...conflicts.map((d) => `answer ${show(d)}`)], at: Date.now() });
            return conflicts;
          },
        },
      });
      // Errors while an instance restarts are expected; the replication retries.
      replication.error$.subscribe(() => {});
      return { replication, events, stream: openStream(client, local, events) };
    });
  };

  const disconnect = async (client: Client) => {
    for (const l of client.live) l.stream.abort();
    await Promise.all(client.live.map((l) => l.replication.cancel()));
    for (const l of client.live) l.events.complete();
    client.live = [];
  };

  beforeAll(async () => {
    t = await openTestDatabase();
    dir = await tempDir();
    config = { ...loadConfig({ LOG_LEVEL: 'silent', WORKERS: '0' }), dataDir: dir.path, rendererDir: dir.path };
    servers.push({ db: t.db, app: undefined, port: 0 }, { db: await t.connect(), app: undefined, port: 0 });
    for (const s of servers) await start(s);
    manager = await signUp(servers[0]!.app!, { orgName: 'Chaos Lending' });
    for (let i = 0; i < 5; i++) expect((await rest('POST', '/document-bundles', { name: `Frozen ${i}`, members: ['passport'] })).status).toBe(201);
    for (let i = 0; i < CLIENTS; i++) {
      const rx = await createRxDatabase({ name: `chaos-${process.pid}-${Date.now()}-${i}`, storage: getRxStorageMemory() });
      const { bundles, lists } = await addSyncCollections(rx, ['document-bundles', 'expected-doc-lists']);
      const client: Client = { name: `c${i}`, rx, collections: { bundles, lists }, server: i % servers.length, live: [] };
      connect(client);
      clients.push(client);
    }
    await Promise.all(clients.flatMap((c) => c.live.map((l) => l.replication.awaitInitialReplication())));
  }, 60_000);

  afterAll(async () => {
    for (const c of clients) {
      await disconnect(c).catch(() => {});
      await c.rx.close();
    }
    for (const s of servers) await s.app?.close();
    await t?.dispose();
    await dir?.remove();
  });

  /** What the server says the manager sees, in the fields a client must agree on. */
  const serverState = async () => {
    const bundles = await rest('GET', '/document-bundles');
    const lists = await rest('GET', '/expected-doc-lists');
    expect(bundles.status).toBe(200);
    expect(lists.status).toBe(200);
    return {
      bundles: Object.fromEntries((bundles.body as BundleDoc[]).map((b) => [b.id, `${b.name}|${b.members.join(',')}|${b.updatedAt}`])),
      lists: Object.fromEntries(
        (lists.body as { id: string; version: number; source: string; name: string; status: string; updatedAt: string }[]).map((l) => [
          `${l.source}:${l.id}:${l.version}`,
          `${l.name}|${l.status}|${l.updatedAt}`,
        ]),
      ),
    };
  };
  const canonical = (state: { bundles: Record<string, string>; lists: Record<string, string> }) =>
    JSON.stringify([Object.entries(state.bundles).sort(), Object.entries(state.lists).sort()]);
  const clientState = async (c: Client) => ({
    bundles: Object.fromEntries((await c.collections.bundles.find().exec()).map((b) => [b.id, `${b.name}|${b.members.join(',')}|${b.updatedAt}`])),
    lists: Object.fromEntries((await c.collections.lists.find().exec()).map((d) => [d.id, `${d.list.name}|${d.list.status}|${d.list.updatedAt}`])),
  });

  it('ends with every client holding exactly the server state, within a second of the last reconnect', async () => {
    const bundles = new Set<string>();
    const deleted = new Set<string>();
    const lists: { id: string; version: number }[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    let writing = true;

    // One random operation, its choices from its own seeded generator.
    const operate = async (i: number) => {
      const rnd = prng(SEED * 31 + i);
      const roll = rnd();
      const members = DOC_TYPES.filter(() => rnd() < 0.4);
      if (members.length === 0) members.push(pick(DOC_TYPES, rnd));
      const anyBundle = () => (bundles.size > 0 ? pick([...bundles], rnd) : undefined);
      const anyList = () => (lists.length > 0 ? pick(lists, rnd) : undefined);
      const lines = (n: number) => Array.from({ length: n }, () => ({ docType: pick(DOC_TYPES, rnd) }));
      let res: { status: number; body: any };
      if (roll < 0.3 || bundles.size === 0) {
        res = await rest('POST', '/document-bundles', { name: `Bundle ${i}`, members }, rnd);
        if (res.status === 201) bundles.add(res.body.id);
      } else if (roll < 0.5) {
        res = await rest('PUT', `/document-bundles/${anyBundle()}`, { name: `Bundle ${i} (renamed)`, members }, rnd);
      } else if (roll < 0.62) {
        const id = anyBundle()!;
        res = await rest('DELETE', `/document-bundles/${id}`, undefined, rnd);
        if (res.status === 204) {
          bundles.delete(id);
          deleted.add(id);
        }
      } else if (roll < 0.77 || lists.length === 0) {
        res = await rest('POST', '/expected-doc-lists', { name: `Chaos list ${i}` }, rnd);
        if (res.status === 201) lists.push({ id: res.body.id, version: res.body.version });
      } else if (roll < 0.9) {
        const l = anyList()!;
        res = await rest('PUT', `/expected-doc-lists/${l.id}/${l.version}`, { sections: [{ name: `Section ${i}`, lines: lines(1 + Math.floor(rnd() * 3)) }] }, rnd);
      } else if (roll < 0.95) {
        const l = anyList()!;
        res = await rest('POST', `/expected-doc-lists/${l.id}/${l.version}/activate`, undefined, rnd);
      } else {
        const l = anyList()!;
        res = await rest('POST', `/expected-doc-lists/${l.id}/${l.version}/new-version`, undefined, rnd);
        if (res.status === 201) lists.push({ id: res.body.id, version: res.body.version });
      }
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      // Races between writers are allowed to lose (a bundle deleted meanwhile, a list no longer a draft), never to fail.
      expect([200, 201, 204, 400, 404, 409], JSON.stringify(res.body)).toContain(res.status);
    };
    const writer = async () => {
      for (let i = next++; i < OPERATIONS; i = next++) {
        await operate(i);
        // Paced a little, so the chaos below has time to happen between the writes.
        await sleep(Math.floor(prng(SEED + i)() * 12));
      }
    };

    // Meanwhile: clients drop streams, restart replication (maybe on the other instance), push
    // offline edits; one instance restarts once.
    const events: string[] = [];
    let restarted = false;
    const chaos = async () => {
      while (writing) {
        await sleep(20 + Math.floor(random() * 80));
        if (!writing) break;
        const roll = random();
        const client = pick(clients);
        if (!restarted && next > OPERATIONS * 0.4) {
          restarted = true;
          const s = servers[1]!;
          const app = s.app!;
          s.app = undefined;
          await app.close();
          events.push('restart instance 1');
          await sleep(200 + Math.floor(random() * 300));
          await start(s);
        } else if (roll < 0.4) {
          await disconnect(client);
          await sleep(Math.floor(random() * 300));
          client.server = Math.floor(random() * servers.length);
          connect(client);
          events.push(`reconnect ${client.name} to ${client.server}`);
        } else if (roll < 0.8 && client.live.length > 0) {
          const l = pick(client.live);
          const local = (Object.keys(REMOTE) as Local[])[client.live.indexOf(l)]!;
          l.stream.abort();
          await sleep(Math.floor(random() * 200));
          l.stream = openStream(client, local, l.events);
          events.push(`drop ${client.name} ${local} stream`);
        } else {
          // An offline edit the server refuses, or a bundle it never had: both come back as the
          // server's state. Edits go to bundles no writer changes: RxDB does not apply a master
          // state that arrives while a local edit is being pushed, and keeps the push's answer
          // instead, which may be older (read-only collections are never edited locally by the app).
          const docs = (await client.collections.bundles.find().exec()).filter((d) => d.name.startsWith('Frozen'));
          if (random() < 0.5 && docs.length > 0) {
            const doc = pick(docs);
            await doc.incrementalPatch({ name: 'Edited offline' });
            events.push(`offline edit of ${doc.id} by ${client.name}`);
            continue;
          } else {
            const now = new Date().toISOString();
            await client.collections.bundles.insert({ id: `offline-${events.length}`, name: 'Made offline', members: ['passport'], createdAt: now, updatedAt: now, serverRev: 0 });
          }
          events.push(`offline edit by ${client.name}`);
        }
      }
    };

    const started = Date.now();
    const chaotic = chaos();
    await Promise.all(Array.from({ length: WRITERS }, writer)).finally(() => (writing = false));
    await chaotic;
    expect(restarted).toBe(true);
    const wrote = Date.now();

    // The last reconnect: every client restarts its replication once more.
    for (const c of clients) {
      await disconnect(c);
      connect(c);
    }
    const reconnected = Date.now();
    const expected = await serverState();
    let converged = 0;
    await until(
      async () => {
        for (const c of clients) {
          const state = await clientState(c);
          if (canonical(state) !== canonical(expected)) return false;
        }
        converged = Date.now();
        return true;
      },
      'every client holds the server state',
      10_000,
    ).catch(async (err) => {
      // Say what differs, not just that something does.
      for (const c of clients) {
        const state = await clientState(c);
        for (const k of ['bundles', 'lists'] as const) {
          const missing = Object.keys(expected[k]).filter((id) => !(id in state[k]));
          const extra = Object.keys(state[k]).filter((id) => !(id in expected[k]));
          const stale = Object.keys(expected[k]).filter((id) => id in state[k] && state[k][id] !== expected[k][id]);
          console.error(c.name, k, { missing, extra, stale: stale.map((id) => [id, state[k][id], expected[k][id]]) });
          for (const id of [...missing, ...extra, ...stale]) {
            const lines = trace.filter((e) => e.c === c.name && (e.k === 'connect' || e.docs.some((d) => d.includes(`${id}@`) || d === 'RESYNC')));
            console.error(`what ${c.name} saw of ${id}:\n${lines.map((e) => JSON.stringify({ ...e, docs: e.docs.filter((d) => d.includes(`${id}@`) || d === 'RESYNC') })).join('\n')}`);
          }
        }
      }
      throw err;
    });

    console.info(
      `sync chaos on ${DRIVER}, seed ${SEED}: ${OPERATIONS} operations ${JSON.stringify(Object.fromEntries(statuses))} in ${wrote - started} ms, ` +
        `${events.length} chaos events, ${Object.keys(expected.bundles).length} bundles and ${Object.keys(expected.lists).length} list versions, converged ${converged - reconnected} ms after the last reconnect`,
    );
    expect(converged - reconnected).toBeLessThan(1_000);
    expect(events.filter((e) => e.startsWith('reconnect')).length).toBeGreaterThan(0);
    expect(events.filter((e) => e.startsWith('drop')).length).toBeGreaterThan(0);
    // No delete comes back, on any client.
    for (const c of clients) {
      const ids = new Set((await c.collections.bundles.find().exec()).map((d) => d.id));
      expect([...deleted].filter((id) => ids.has(id))).toEqual([]);
    }
    expect(deleted.size).toBeGreaterThan(50);
  }, 120_000);
});
