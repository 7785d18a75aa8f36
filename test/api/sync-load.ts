/**
 * Many people writing at once against several server instances on one PostgreSQL, while others
 * pull: the load of issue 28, shared by its test (sync-load.test.ts) and its bench
 * (test/bench/sync-load.bench.ts). Writers create expected-document lists through REST, spread
 * over the instances; plain pullers page `/sync/expected-doc-lists/pull` by checkpoint as a
 * polling client does; stock RxDB replications (pull handler plus the event stream) drop their
 * connection now and then and resume from their checkpoint. Everything is measured from the
 * client's side; what every puller and replication ends up holding is checked against what the
 * writers were answered: no gap, no duplicate.
 */
import http from 'node:http';
import { createRxDatabase, type RxCollection, type RxReplicationPullStreamItem } from 'rxdb';
import { replicateRxCollection } from 'rxdb/plugins/replication';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { Subject, type Observable } from 'rxjs';
import { addSyncCollections, readEventStream } from '@portal/shared/client';
import { mulberry32 } from '@portal/shared';

export interface LoadOptions {
  /** The instances' bases (`http://127.0.0.1:<port>`); writers and readers are spread over them. */
  bases: readonly string[];
  /** The cookie header of a signed-in manager of the organization. */
  cookie: string;
  writers: number;
  /** Creates per writer. */
  createsPerWriter: number;
  pullers: number;
  replications: number;
  /** How long after the last write every reader gets to catch up. */
  settleMs?: number;
  seed?: number;
}

export interface LoadResult {
  creates: number[];
  /** Creates answered other than 201, with their status and body. */
  failed: { status: number; body: string }[];
  pulls: number[];
  /** Pulls answered other than 200. */
  failedPulls: { status: number; body: string }[];
  /** Wall time of the write phase, for writes/s. */
  writeMs: number;
  /** Per reader: ids it lacks of those created, and ids it was handed twice. */
  readers: { name: string; missing: string[]; duplicates: string[] }[];
  /**
   * How long after its writer was answered a create reached a live event stream, in ms (negative:
   * before the answer), on the instance that wrote it and on another one.
   */
  delivery: { sameInstance: number[]; crossInstance: number[] };
}

interface Pulled {
  documents: { id: string; serverRev: number; _deleted: boolean }[];
  checkpoint: { rev: number; id: string } | null;
}

export const percentile = (values: readonly number[], p: number): number => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

const PULL_PAGE = 200;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Requests of the writers and plain pullers: node's own HTTP client on kept-alive connections.
 * The driver shares the machine with what it measures; `fetch` took about 1 ms of the driver's
 * CPU a request here, four times this, and that time was the servers' and the database's to use.
 * A status of 0 with the client's words is a connection the server dropped, not the end of the load.
 */
export function lightClient(cookie: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  return {
    request(url: string, method: 'GET' | 'POST' = 'GET', body?: string): Promise<{ status: number; text: string }> {
      return new Promise((resolve) => {
        const headers: Record<string, string | number> = { cookie };
        if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        const req = http.request(url, { method, agent, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', (err) => resolve({ status: 0, text: err.message }));
        });
        req.on('error', (err) => resolve({ status: 0, text: err.message }));
        req.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}

export async function runSyncLoad(options: LoadOptions): Promise<LoadResult> {
  const { bases, cookie } = options;
  const random = mulberry32(options.seed ?? 2_026_112_6);
  const client = lightClient(cookie);
  const authed: typeof fetch = (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie } });
  const created = new Set<string>();
  const result: LoadResult = { creates: [], failed: [], pulls: [], failedPulls: [], writeMs: 0, readers: [], delivery: { sameInstance: [], crossInstance: [] } };
  /** When each create was answered, and by which instance. */
  const answered = new Map<string, { at: number; instance: number }>();
  let writing = true;
  const tag = `${Date.now().toString(36)}`;

  const writer = async (w: number) => {
    const base = bases[w % bases.length]!;
    for (let i = 0; i < options.createsPerWriter; i++) {
      const started = performance.now();
      const { status, text } = await client.request(`${base}/api/expected-doc-lists`, 'POST', JSON.stringify({ name: `Load ${tag} w${w} #${i}` }));
      result.creates.push(performance.now() - started);
      if (status !== 201) {
        result.failed.push({ status, body: text.slice(0, 300) });
        continue;
      }
      const list = JSON.parse(text) as { id: string; version: number };
      created.add(`own:${list.id}:${list.version}`);
      answered.set(`own:${list.id}:${list.version}`, { at: performance.now(), instance: w % bases.length });
    }
  };

  /** What one reader was handed, to find gaps and duplicates at the end. */
  const handed = () => ({ seen: new Set<string>(), duplicates: [] as string[] });

  const puller = async (p: number, into: ReturnType<typeof handed>) => {
    const base = bases[p % bases.length]!;
    let checkpoint: Pulled['checkpoint'] = null;
    let quietSince: number | undefined;
    for (;;) {
      const q = new URLSearchParams({ limit: String(PULL_PAGE), ...(checkpoint ? { rev: String(checkpoint.rev), id: checkpoint.id } : {}) });
      const started = performance.now();
      const res = await client.request(`${base}/api/sync/expected-doc-lists/pull?${q}`);
      const { text } = res;
      result.pulls.push(performance.now() - started);
      if (res.status !== 200) {
        result.failedPulls.push({ status: res.status, body: text.slice(0, 300) });
        await sleep(50);
        continue;
      }
      const body = JSON.parse(text) as Pulled;
      for (const d of body.documents) {
        if (into.seen.has(d.id)) into.duplicates.push(`${d.id}@${d.serverRev}`);
        into.seen.add(d.id);
      }
      checkpoint = body.checkpoint ?? checkpoint;
      if (body.documents.length > 0) quietSince = undefined;
      else if (!writing) {
        quietSince ??= Date.now();
        if (Date.now() - quietSince > 300) return;
      }
      // A page shorter than asked for says the client is up to date: a polling client waits a
      // little before it looks again, rather than asking at once for the next few rows.
      if (body.documents.length < PULL_PAGE) await sleep(20 + random() * 30);
    }
  };

  const replication = async (r: number, into: ReturnType<typeof handed>) => {
    const rx = await createRxDatabase({ name: `load-${process.pid}-${Date.now()}-${r}`, storage: getRxStorageMemory() });
    const { lists } = await addSyncCollections(rx, ['expected-doc-lists']);
    const collection = lists as unknown as RxCollection<{ id: string }>;
    let server = r % bases.length;
    const live = () => {
      const base = `${bases[server]}/api/sync/expected-doc-lists`;
      const events = new Subject<unknown>();
      const stream = new AbortController();
      void readEventStream({ url: `${base}/stream`, fetch: authed, signal: stream.signal, retryMs: 100, onData: (d) => events.next(d) });
      const state = replicateRxCollection<{ id: string }, { rev: number; id: string }>({
        collection,
        replicationIdentifier: `load-${r}`,
        live: true,
        retryTime: 100,
        waitForLeadership: false,
        pull: {
          batchSize: 200,
          async handler(checkpoint, batchSize) {
            const q = new URLSearchParams({ limit: String(batchSize), ...(checkpoint ? { rev: String(checkpoint.rev), id: checkpoint.id } : {}) });
            const started = performance.now();
            const res = await authed(`${base}/pull?${q}`);
            result.pulls.push(performance.now() - started);
            if (!res.ok) {
              result.failedPulls.push({ status: res.status, body: (await res.text()).slice(0, 300) });
              throw new Error(`pull answered ${res.status}`);
            }
            const body = (await res.json()) as Pulled;
            for (const d of body.documents) {
              if (into.seen.has(d.id)) into.duplicates.push(`${d.id}@${d.serverRev}`);
              into.seen.add(d.id);
            }
            return { documents: body.documents, checkpoint: body.checkpoint ?? checkpoint };
          },
          stream$: events.asObservable() as Observable<RxReplicationPullStreamItem<{ id: string }, { rev: number; id: string }>>,
        },
      });
      state.error$.subscribe(() => {});
      return { state, events, stream };
    };
    let current = live();
    // A flaky connection: every second or so the replication is dropped and started again,
    // sometimes on another instance, resuming from its stored checkpoint.
    while (writing) {
      await sleep(500 + random() * 1_000);
      current.stream.abort();
      await current.state.cancel();
      current.events.complete();
      if (random() < 0.5) server = (server + 1) % bases.length;
      current = live();
    }
    await current.state.awaitInSync();
    await sleep(options.settleMs ?? 1_000);
    await current.state.awaitInSync();
    current.stream.abort();
    await current.state.cancel();
    const held = new Set((await collection.find().exec()).map((d) => d.id));
    await rx.close();
    return held;
  };

  const pullers = Array.from({ length: options.pullers }, (_, p) => {
    const into = handed();
    return { name: `puller ${p}`, into, done: puller(p, into) };
  });
  const replications = Array.from({ length: options.replications }, (_, r) => {
    const into = handed();
    return { name: `replication ${r}`, into, done: replication(r, into) };
  });

  // One live event stream per instance, as a device's sync is: when each document first reached it.
  const watchers = bases.map((base) => {
    const seen = new Map<string, number>();
    const stop = new AbortController();
    void readEventStream({
      url: `${base}/api/sync/expected-doc-lists/stream`,
      fetch: authed,
      signal: stop.signal,
      retryMs: 100,
      onData: (d) => {
        const docs = (d as { documents?: { id: string }[] }).documents ?? [];
        const now = performance.now();
        for (const doc of docs) if (!seen.has(doc.id)) seen.set(doc.id, now);
      },
    });
    return { seen, stop };
  });

  const started = performance.now();
  await Promise.all(Array.from({ length: options.writers }, (_, w) => writer(w)));
  result.writeMs = performance.now() - started;
  writing = false;

  for (const p of pullers) {
    await p.done;
    result.readers.push({ name: p.name, missing: [...created].filter((id) => !p.into.seen.has(id)), duplicates: p.into.duplicates });
  }
  for (const r of replications) {
    const held = await r.done;
    // A replication hands a document again after a reconnect from an older stored checkpoint;
    // what counts for it is what its collection holds.
    result.readers.push({ name: r.name, missing: [...created].filter((id) => !held.has(id)), duplicates: [] });
  }
  watchers.forEach((w) => w.stop.abort());
  for (const [id, a] of answered)
    watchers.forEach((w, i) => {
      const at = w.seen.get(id);
      if (at !== undefined) (i === a.instance ? result.delivery.sameInstance : result.delivery.crossInstance).push(at - a.at);
    });
  client.close();
  return result;
}
