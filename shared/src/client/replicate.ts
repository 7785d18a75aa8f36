import type { RxCollection } from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { Subject, type Observable } from 'rxjs';
import { API_BASE_PATH } from '../product.js';
import { SYNC_RESYNC, type SyncCheckpoint } from '../contract/sync.js';
import { readEventStream } from './event-stream.js';
import { browserNetwork, RetryPace, type NetworkSignal } from './retry-backoff.js';

export interface SyncTransport {
  /** The server origin, for example `http://localhost:8080`. */
  serverUrl: string;
  fetch: typeof fetch;
  /** Extra headers for every call, such as the desktop's bearer credential. */
  headers?: () => Record<string, string>;
}

export type StreamEvent<D> = typeof SYNC_RESYNC | { documents: D[]; checkpoint: SyncCheckpoint };

/** How failed requests are retried: the first retry after `retryMs` (2 s), doubling up to `retryCapMs` (30 × `retryMs`: 60 s). */
export interface RetryOptions {
  retryMs?: number;
  retryCapMs?: number;
  /** Where word of the network comes from: the browser's by default (none in Node: always online). */
  network?: NetworkSignal;
  /** The pace to keep (one made from the options above by default): its owner can `reset()` it when the server is heard again. */
  pace?: RetryPace;
}

/** The pace of one stream of requests from `RetryOptions`, stopping with `signal`. */
export function retryPaceOf(options: RetryOptions, signal?: AbortSignal): RetryPace {
  if (options.pace) return options.pace;
  const baseMs = options.retryMs ?? 2_000;
  return new RetryPace({ baseMs, capMs: options.retryCapMs ?? baseMs * 30, network: options.network ?? browserNetwork(), ...(signal ? { signal } : {}) });
}

/**
 * One event stream for several collections (`/sync/stream`): a browser has few connections per
 * server, and a stream holds one for good. `events(name)` feeds `replicateWithServer`'s
 * `stream` option; RESYNC goes to every collection. Reconnects back off (RetryOptions).
 */
export function openSyncStream(transport: SyncTransport, names: readonly string[], options: RetryOptions = {}) {
  const subjects = new Map(names.map((n) => [n, new Subject<StreamEvent<unknown>>()]));
  const stop = new AbortController();
  const pace = retryPaceOf(options, stop.signal);
  const everyone = (e: StreamEvent<unknown>) => {
    for (const s of subjects.values()) s.next(e);
  };
  void readEventStream({
    url: `${transport.serverUrl}${API_BASE_PATH}/sync/stream?${new URLSearchParams({ collections: names.join(',') })}`,
    fetch: transport.fetch,
    ...(transport.headers ? { headers: transport.headers } : {}),
    signal: stop.signal,
    pace,
    onData: (data) => {
      if (data === SYNC_RESYNC) return everyone(SYNC_RESYNC);
      const { collection, ...event } = data as { collection: string; documents: unknown[]; checkpoint: SyncCheckpoint };
      subjects.get(collection)?.next(event);
    },
    // Whatever happened while disconnected is fetched by a pull from each checkpoint.
    onOpen: () => everyone(SYNC_RESYNC),
  });
  return {
    pace,
    events: <D>(name: string) => subjects.get(name)!.asObservable() as Observable<StreamEvent<D>>,
    close: () => {
      stop.abort();
      for (const s of subjects.values()) s.complete();
    },
  };
}

/**
 * Replicates one collection with the server's `/sync/<name>` operations: pull by checkpoint,
 * live changes from the event stream (RESYNC on every reconnect), and push, which the server
 * answers with the master state of each document it refuses (every one of a read-only
 * collection; one it does not know comes back deleted, so the client drops it). The one
 * collection the client writes, `decision-requests`, answers every pushed document with its
 * outcome (applied, conflict, refused), which RxDB's conflict handler adopts.
 *
 * Failed requests are retried at the collection's pace (RetryOptions): backing off exponentially
 * with jitter while the server cannot be reached, not at all while the network is down, and at
 * once when it comes back. RxDB's own fixed retry wait is kept short: the pace does the waiting.
 */
/**
 * RxDB retries a failed push with the rows it first took, however long the network is down: a
 * document removed meanwhile (a decision taken back on the device before it was ever sent) would
 * still go as it was. Each row is sent as the device has it now: removed, it goes deleted, which
 * the server answers as gone when it never stored it.
 */
async function asStoredNow<D extends { id: string }>(collection: RxCollection<D>, rows: { newDocumentState: { id: string; _deleted?: boolean } }[]) {
  return Promise.all(
    rows.map(async (row) => {
      if (row.newDocumentState._deleted === true) return row;
      const current = await collection.findOne(row.newDocumentState.id).exec();
      return current === null ? { ...row, newDocumentState: { ...row.newDocumentState, _deleted: true } } : row;
    }),
  );
}

/** Documents per push request. */
export const PUSH_BATCH = 20;

export function replicateWithServer<D extends { id: string }>(
  collection: RxCollection<D>,
  name: string,
  transport: SyncTransport,
  options: RetryOptions & {
    live?: boolean;
    batchSize?: number;
    /** Live events from a shared `openSyncStream`; without it the collection opens its own stream. */
    stream?: Observable<StreamEvent<D>>;
  } = {},
): RxReplicationState<D, SyncCheckpoint> {
  const base = `${transport.serverUrl}${API_BASE_PATH}/sync/${name}`;
  const headers = () => ({ ...(transport.headers?.() ?? {}) });
  const stream$ = new Subject<StreamEvent<D>>();
  const stop = new AbortController();
  const live = options.live ?? true;
  const pace = retryPaceOf(options, stop.signal);

  /** One attempt at the pace: waits its turn, and tells the pace how it went. */
  const attempt = async <T>(work: () => Promise<T>): Promise<T> => {
    await pace.ready();
    try {
      const result = await work();
      pace.success();
      return result;
    } catch (e) {
      pace.failure();
      throw e;
    }
  };
  const call = async (url: string, init: RequestInit = {}) => {
    const res = await transport.fetch(url, { ...init, credentials: 'include', headers: { ...headers(), ...(init.headers ?? {}) } });
    return res;
  };

  const replication = replicateRxCollection<D, SyncCheckpoint>({
    collection,
    replicationIdentifier: `portal:${name}:${transport.serverUrl}`,
    live,
    retryTime: Math.min(options.retryMs ?? 2_000, 100),
    waitForLeadership: false,
    pull: {
      batchSize: options.batchSize ?? 200,
      handler: (checkpoint, batchSize) =>
        attempt(async () => {
          const q = new URLSearchParams({ limit: String(batchSize) });
          if (checkpoint) {
            q.set('rev', String(checkpoint.rev));
            q.set('id', checkpoint.id);
          }
          const res = await call(`${base}/pull?${q}`);
          if (!res.ok) throw new Error(`pull of ${name} answered ${res.status}`);
          const body = (await res.json()) as { documents: D[]; checkpoint: SyncCheckpoint | null };
          return { documents: body.documents as never, checkpoint: body.checkpoint ?? checkpoint ?? { rev: 0, id: '' } };
        }),
      stream$: (options.stream ?? stream$.asObservable()) as never,
    },
    push: {
      // Small batches: each pushed decision is applied (one transaction each) before the answer
      // comes back, so a desktop returning with hundreds made offline sees them answered a few
      // at a time, and a dropped connection costs one small batch again, not a hundred.
      batchSize: PUSH_BATCH,
      handler: (rows) =>
        attempt(async () => {
          const res = await call(`${base}/push`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(await asStoredNow(collection, rows)),
          });
          if (!res.ok) throw new Error(`push of ${name} answered ${res.status}`);
          // RxDB's protocol: the master states of the documents that conflicted.
          return (await res.json()) as never;
        }),
    },
  });

  if (live && !options.stream) {
    void readEventStream({
      url: `${base}/stream`,
      fetch: transport.fetch,
      headers,
      signal: stop.signal,
      // A pace of its own: the stream's failures are not the pulls'.
      pace: retryPaceOf({ ...(options.retryMs !== undefined ? { retryMs: options.retryMs } : {}), ...(options.retryCapMs !== undefined ? { retryCapMs: options.retryCapMs } : {}), ...(options.network ? { network: options.network } : {}) }, stop.signal),
      onData: (data) => stream$.next(data as StreamEvent<D>),
      // Whatever happened while disconnected is fetched by a pull from the checkpoint.
      onOpen: () => stream$.next(SYNC_RESYNC),
    });
  }
  const cancel = replication.cancel.bind(replication);
  replication.cancel = async () => {
    stop.abort();
    stream$.complete();
    return cancel();
  };
  return replication;
}
