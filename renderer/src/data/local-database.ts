import { createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb';
import type { RxReplicationState } from 'rxdb/plugins/replication';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { BehaviorSubject, map, type Observable } from 'rxjs';
import { addSyncCollections, browserNetwork, openSyncStream, replicateWithServer, retryPaceOf, rxCollections, type RetryPace, type SyncRxCollections } from '@portal/shared/client';
import type { SyncCollectionName } from '@portal/shared/sync';
import { fallbackHash } from './fallback-hash';

/** The local collections, by the local names `rxCollections` gives them (`lists`, `bundles`…). */
export type LocalCollections = SyncRxCollections;

export interface SyncProblem {
  collection: SyncCollectionName;
  message: string;
}

export interface LocalData {
  readonly name: string;
  readonly collections: LocalCollections;
  /** The last replication failure per collection; cleared when that collection syncs again. */
  readonly problems$: Observable<SyncProblem[]>;
  /** Pulls every collection now (after the connection came back), rather than at the next retry: the retries' back-off starts over. */
  resync(): void;
  /** Pulls these collections now: after this person changed them through the REST API. */
  refresh(...names: SyncCollectionName[]): void;
  close(): Promise<void>;
  /** Closes and deletes the local copy: signing out leaves no library data on a shared computer. */
  remove(): Promise<void>;
}

export interface LocalDataOptions {
  serverUrl: string;
  userId: string;
  /** `fetch` with the page's credentials mode (cookies on the web, none on the desktop). */
  fetch: typeof fetch;
}

/** One database per server and user, so two people on one computer never see each other's copy. */
export function localDatabaseName(serverUrl: string, userId: string): string {
  const clean = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return `portal_${clean(serverUrl)}_${clean(userId)}`;
}

/**
 * Opens the persistent local copy (IndexedDB through Dexie) and replicates every collection of
 * `rxCollections` with the server, with the shared `replicateWithServer`, all live over one event
 * stream (`openSyncStream`: browsers have few connections per server). Reads come from here, so
 * the library, workflows and templates stay readable offline. `forget` runs when the database is
 * removed.
 */
async function openLocalData({ serverUrl, userId, fetch }: LocalDataOptions, forget: () => void): Promise<LocalData> {
  const name = localDatabaseName(serverUrl, userId);
  const db: RxDatabase = await createRxDatabase({
    name,
    storage: getRxStorageDexie(),
    // RxDB's cross-tab coordination kept the replications from ever starting in Chromium, and a
    // tab does not hear another's writes without it: so one tab at a time opens this copy
    // (tab-lock.ts), and a second one says so and offers to take over.
    multiInstance: false,
    // A reload during development (or React's double effects) must not fail on "already open".
    closeDuplicates: true,
    // RxDB hashes with crypto.subtle, which browsers only offer on https and localhost; a server
    // reached over plain http on the local network still needs to work.
    ...(globalThis.crypto?.subtle === undefined ? { hashFunction: fallbackHash } : {}),
  });

  // A copy stored under an older schema version is kept (see rx-collections.ts) and caught up by the next pull.
  const collections: LocalCollections = await addSyncCollections(db);

  const problems = new Map<SyncCollectionName, string>();
  const problems$ = new BehaviorSubject<SyncProblem[]>([]);
  const publish = () => problems$.next([...problems].map(([collection, message]) => ({ collection, message })));

  const transport = { serverUrl, fetch };
  const track = (remote: SyncCollectionName, replication: RxReplicationState<unknown, unknown>) => {
    // A run of the replication that ends without an error means the collection is up to date again.
    let failedThisRun = false;
    replication.active$.subscribe((active) => {
      if (active) failedThisRun = false;
      else if (!failedThisRun && problems.delete(remote)) publish();
    });
    replication.error$.subscribe((error) => {
      failedThisRun = true;
      // RxDB wraps the handler's failure ("pull of lists answered 401") in an error of its own.
      const cause = (error as { parameters?: { errors?: { message?: string }[] } }).parameters?.errors?.[0]?.message;
      problems.set(remote, cause ?? error.message);
      publish();
    });
  };

  let closed = false;
  // Each collection and the stream retry at a pace of their own (2 s doubling to a minute, none
  // while the browser says it is offline), all started over when the connection comes back.
  const stopping = new AbortController();
  const network = browserNetwork();
  const paces: RetryPace[] = [];
  const pace = () => {
    const p = retryPaceOf({ network }, stopping.signal);
    paces.push(p);
    return p;
  };
  // One event stream for every collection: a browser has only a few connections per server, and
  // each stream holds one for good.
  const stream = openSyncStream(transport, Object.keys(rxCollections), { pace: pace() });
  const replications = new Map<SyncCollectionName, RxReplicationState<unknown, unknown>>();
  for (const [remote, { local }] of Object.entries(rxCollections) as [SyncCollectionName, (typeof rxCollections)[SyncCollectionName]][]) {
    const collection = collections[local as keyof LocalCollections] as unknown as RxCollection<{ id: string }>;
    const replication = replicateWithServer(collection, remote, transport, { stream: stream.events(remote), pace: pace() }) as unknown as RxReplicationState<unknown, unknown>;
    track(remote, replication);
    replications.set(remote, replication);
  }

  const stop = async () => {
    closed = true;
    stopping.abort();
    stream.close();
    await Promise.all([...replications.values()].map((r) => r.cancel()));
    problems$.complete();
  };

  return {
    name,
    collections,
    problems$: problems$.asObservable(),
    resync: () => {
      for (const p of paces) p.reset();
      for (const r of replications.values()) r.reSync();
    },
    // Everything streams; a refresh after one's own change just asks for a pull at once.
    refresh: (...names) => {
      for (const n of names) replications.get(n)?.reSync();
    },
    close: async () => {
      if (closed) return;
      await stop();
      await db.close();
    },
    remove: async () => {
      forget();
      if (!closed) await stop();
      closed = true;
      await db.remove();
    },
  };
}

interface Open {
  data: Promise<LocalData>;
  users: number;
  closeTimer: ReturnType<typeof setTimeout> | undefined;
}

/** The local databases of one app, opened once each however many screens use them. */
export interface LocalDataPool {
  /** The local data of a server and user; `release` when the screen using it goes away. */
  acquire(options: LocalDataOptions): { data: Promise<LocalData>; release(): void };
}

/**
 * Opens each database once: a screen that goes away and one that comes back in the same moment
 * (React re-running an effect, a re-render with a new key) share one database instead of racing
 * to close and reopen it. A database closes once nobody uses it anymore. One pool per app (see
 * client-services.ts).
 */
export function createLocalDataPool(): LocalDataPool {
  const open = new Map<string, Open>();
  const forget = (name: string, data: Promise<LocalData>) => {
    if (open.get(name)?.data === data) open.delete(name);
  };
  return {
    acquire(options) {
      const name = localDatabaseName(options.serverUrl, options.userId);
      let entry = open.get(name);
      if (entry === undefined) {
        const data: Promise<LocalData> = openLocalData(options, () => forget(name, data));
        data.catch(() => forget(name, data));
        entry = { data, users: 0, closeTimer: undefined };
        open.set(name, entry);
      }
      clearTimeout(entry.closeTimer);
      entry.users++;
      const mine = entry;
      let released = false;
      return {
        data: mine.data,
        release() {
          if (released) return;
          released = true;
          if (--mine.users > 0) return;
          mine.closeTimer = setTimeout(() => {
            forget(name, mine.data);
            void mine.data.then((d) => d.close()).catch(() => undefined);
          }, 0);
        },
      };
    },
  };
}

/** Plain objects of every document of a collection, updated live. */
export function all$<T>(collection: RxCollection<T>): Observable<T[]> {
  return collection.find().$.pipe(map((docs) => docs.map((d) => d.toMutableJSON())));
}
