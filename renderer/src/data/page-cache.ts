import { evictionPlan, linesKey, pageWithinPdf, pdfKey, spanQuery, usageOf, type ApiClient, type CacheEntryMeta, type CacheUsage, type PageRef, type PageSpan, type PinPlan } from '@portal/shared/client';
import type { PageLines } from '@portal/shared';

/**
 * Pages and their read lines kept on this device (IndexedDB), so the viewer shows a case's pages
 * offline. Bounded by a byte budget, least recently used first out, except the cases the reviewer
 * pinned ("Keep available offline"): their entries are never evicted, and pinning fetches them all
 * at once. A page's PDF and lines never change for a file (a file is read once; its bytes are
 * named by the server's file id), so what is cached is served without asking the server again.
 */

/** What the cache may hold of cases nobody pinned. */
export const DEFAULT_BUDGET_BYTES = 200 * 1024 * 1024;

const DB_VERSION = 1;
const META = 'meta';
const DATA = 'data';
const PINS = 'pins';

type StoredMeta = CacheEntryMeta & { kind: 'pdf' | 'lines' };

export interface PinRecord {
  caseId: string;
  pinnedAt: number;
  /** The case's label where the reviewer sees the pin listed. */
  label: string;
}

export interface PinProgress {
  state: 'fetching' | 'ready' | 'incomplete';
  done: number;
  total: number;
  /** incomplete: why some pages are not on this device. */
  error?: string;
}

export interface PageCacheSnapshot {
  usage: CacheUsage;
  pins: ReadonlyMap<string, PinRecord>;
  progress: ReadonlyMap<string, PinProgress>;
}

/** The page is not on this device and the server could not be asked (offline). */
export class NotOnDevice extends Error {
  override readonly name = 'NotOnDevice';
}

/** The server answered, refusing: 404 no such page, or its lines not read yet. */
export class ServerRefused extends Error {
  override readonly name = 'ServerRefused';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const request = <T>(r: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
  });

const done = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });

function openDb(name: string): Promise<IDBDatabase> {
  const r = indexedDB.open(name, DB_VERSION);
  r.onupgradeneeded = () => {
    const db = r.result;
    if (!db.objectStoreNames.contains(META)) db.createObjectStore(META, { keyPath: 'key' });
    if (!db.objectStoreNames.contains(DATA)) db.createObjectStore(DATA);
    if (!db.objectStoreNames.contains(PINS)) db.createObjectStore(PINS, { keyPath: 'caseId' });
  };
  return request(r);
}

function errorOf(error: unknown, status: number): string {
  if (typeof error === 'object' && error !== null && typeof (error as { error?: unknown }).error === 'string') return (error as { error: string }).error;
  return `The server answered HTTP ${status}.`;
}

const cacheDatabaseName = (scope: string) => `portal-page-cache:${scope}`;

export class PageCache {
  private meta = new Map<string, StoredMeta>();
  private pins = new Map<string, PinRecord>();
  private progress = new Map<string, PinProgress>();
  private snapshot: PageCacheSnapshot;
  private readonly listeners = new Set<() => void>();
  /** Fetches in flight, so a thumbnail and the viewer asking for the same PDF make one request. */
  private readonly inflight = new Map<string, Promise<unknown>>();
  private readonly pinning = new Map<string, Promise<void>>();
  /** Entries on screen now: eviction leaves them. */
  private readonly onScreen = new Map<string, number>();

  private constructor(
    private readonly db: IDBDatabase,
    readonly budget: number,
  ) {
    this.snapshot = this.makeSnapshot();
  }

  static async open(scope: string, budget = DEFAULT_BUDGET_BYTES): Promise<PageCache> {
    const db = await openDb(cacheDatabaseName(scope));
    const cache = new PageCache(db, budget);
    const tx = db.transaction([META, PINS], 'readonly');
    const [metas, pins] = await Promise.all([request(tx.objectStore(META).getAll() as IDBRequest<StoredMeta[]>), request(tx.objectStore(PINS).getAll() as IDBRequest<PinRecord[]>)]);
    for (const m of metas) cache.meta.set(m.key, m);
    for (const p of pins) cache.pins.set(p.caseId, p);
    cache.changed();
    return cache;
  }

  /** Stops using the database (before it is deleted); fetches still in flight are dropped. */
  close(): void {
    this.db.close();
    this.listeners.clear();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): PageCacheSnapshot => this.snapshot;

  private makeSnapshot(): PageCacheSnapshot {
    return { usage: usageOf([...this.meta.values()], new Set(this.pins.keys())), pins: new Map(this.pins), progress: new Map(this.progress) };
  }

  private changed(): void {
    this.snapshot = this.makeSnapshot();
    for (const l of this.listeners) l();
  }

  has(key: string): boolean {
    return this.meta.has(key);
  }

  /** Marks an entry as on screen until the returned function is called. */
  hold(key: string): () => void {
    this.onScreen.set(key, (this.onScreen.get(key) ?? 0) + 1);
    return () => {
      const n = (this.onScreen.get(key) ?? 1) - 1;
      if (n <= 0) this.onScreen.delete(key);
      else this.onScreen.set(key, n);
    };
  }

  private async read<T>(key: string): Promise<T | undefined> {
    const tx = this.db.transaction([DATA, META], 'readwrite');
    const value = (await request(tx.objectStore(DATA).get(key))) as T | undefined;
    const meta = this.meta.get(key);
    if (value !== undefined && meta) {
      meta.lastUsed = Date.now();
      tx.objectStore(META).put(meta);
    }
    await done(tx);
    return value;
  }

  private async write(meta: StoredMeta, value: unknown): Promise<void> {
    const tx = this.db.transaction([DATA, META], 'readwrite');
    tx.objectStore(DATA).put(value, meta.key);
    tx.objectStore(META).put(meta);
    await done(tx);
    this.meta.set(meta.key, meta);
    await this.evict();
    this.changed();
  }

  private async remove(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    const tx = this.db.transaction([DATA, META], 'readwrite');
    for (const key of keys) {
      tx.objectStore(DATA).delete(key);
      tx.objectStore(META).delete(key);
    }
    await done(tx);
    for (const key of keys) this.meta.delete(key);
  }

  private async evict(): Promise<void> {
    await this.remove(evictionPlan([...this.meta.values()], new Set(this.pins.keys()), this.budget, new Set(this.onScreen.keys())));
  }

  /** One request at a time per key: the answer of the one in flight is shared. */
  private once<T>(key: string, load: () => Promise<T>): Promise<T> {
    const running = this.inflight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const started = load().finally(() => this.inflight.delete(key));
    this.inflight.set(key, started);
    return started;
  }

  /** The PDF of these pages of the case: from this device, else from the server (and kept). */
  pdf(api: ApiClient, caseId: string, spans: readonly PageSpan[]): Promise<Uint8Array> {
    const key = pdfKey(caseId, spans);
    return this.once(key, async () => {
      const kept = await this.read<ArrayBuffer>(key);
      if (kept !== undefined) return new Uint8Array(kept);
      let answer: { data?: ArrayBuffer; error?: unknown; response: Response };
      try {
        answer = await api.GET('/applications/{id}/pages-pdf', { params: { path: { id: caseId }, query: { span: spanQuery(spans) } }, parseAs: 'arrayBuffer' });
      } catch {
        throw new NotOnDevice('These pages are not on this device, and the server cannot be reached.');
      }
      if (!answer.response.ok || answer.data === undefined) throw new ServerRefused(errorOf(answer.error, answer.response.status), answer.response.status);
      const bytes = answer.data;
      await this.write({ key, caseId, kind: 'pdf', bytes: bytes.byteLength, lastUsed: Date.now() }, bytes);
      return new Uint8Array(bytes);
    });
  }

  /**
   * One page of a case, alone (a thumbnail): from a PDF this device keeps it in — its own, or a
   * document's the viewer or a pin fetched — else from the server as a PDF of that page (and kept).
   * `key` names the entry read, `pageNumber` the page within it.
   */
  async page(api: ApiClient, caseId: string, fileId: string, page: number): Promise<{ key: string; bytes: Uint8Array; pageNumber: number }> {
    const alone = [{ fileId, pages: [page] }];
    const own = pdfKey(caseId, alone);
    if (!this.meta.has(own)) {
      for (const m of this.meta.values()) {
        const pageNumber = m.kind === 'pdf' ? pageWithinPdf(m.key, caseId, fileId, page) : undefined;
        if (pageNumber === undefined) continue;
        const kept = await this.read<ArrayBuffer>(m.key);
        if (kept !== undefined) return { key: m.key, bytes: new Uint8Array(kept), pageNumber };
      }
    }
    return { key: own, bytes: await this.pdf(api, caseId, alone), pageNumber: 1 };
  }

  /** The lines a run read on a page: from this device, else from the server (and kept). */
  lines(api: ApiClient, caseId: string, fileId: string, page: number): Promise<PageLines> {
    const key = linesKey(caseId, fileId, page);
    return this.once(key, async () => {
      const kept = await this.read<PageLines>(key);
      if (kept !== undefined) return kept;
      let answer: { data?: PageLines; error?: unknown; response: Response };
      try {
        answer = await api.GET('/applications/{id}/files/{fileId}/pages/{page}/lines', { params: { path: { id: caseId, fileId, page } } });
      } catch {
        throw new NotOnDevice('The lines of this page are not on this device, and the server cannot be reached.');
      }
      if (!answer.response.ok || answer.data === undefined) throw new ServerRefused(errorOf(answer.error, answer.response.status), answer.response.status);
      const body = answer.data;
      await this.write({ key, caseId, kind: 'lines', bytes: new TextEncoder().encode(JSON.stringify(body)).length, lastUsed: Date.now() }, body);
      return body;
    });
  }

  isPinned(caseId: string): boolean {
    return this.pins.has(caseId);
  }

  /**
   * Keeps the case on this device: records the pin (it survives reloads), then fetches whatever
   * of `plan` is not here yet. Called again when the case's documents change, it fetches the new
   * pages and drops the case's entries the plan no longer names.
   */
  async pin(api: ApiClient, caseId: string, label: string, plan: PinPlan): Promise<void> {
    if (!this.pins.has(caseId)) {
      const record: PinRecord = { caseId, pinnedAt: Date.now(), label };
      const tx = this.db.transaction(PINS, 'readwrite');
      tx.objectStore(PINS).put(record);
      await done(tx);
      this.pins.set(caseId, record);
      this.changed();
      // Pinned pages must outlive the browser's own clean-ups under storage pressure.
      void navigator.storage?.persist?.().catch(() => undefined);
    }
    // One pass per case at a time: a second waits for the first, then only fetches what is still missing.
    const before = this.pinning.get(caseId) ?? Promise.resolve();
    const pass = before.catch(() => undefined).then(() => this.pinPass(api, caseId, plan));
    this.pinning.set(caseId, pass);
    void pass
      .finally(() => {
        if (this.pinning.get(caseId) === pass) this.pinning.delete(caseId);
      })
      .catch(() => undefined);
    return pass;
  }

  private async pinPass(api: ApiClient, caseId: string, plan: PinPlan): Promise<void> {
    // Unpinned while waiting its turn.
    if (!this.pins.has(caseId)) return;
    const wanted = new Set([...plan.pdfs.map((spans) => pdfKey(caseId, spans)), ...plan.lines.map((p) => linesKey(caseId, p.fileId, p.page))]);
    const total = wanted.size;
    let fetched = [...wanted].filter((k) => this.meta.has(k)).length;
    let failure: string | undefined;
    this.progress.set(caseId, { state: 'fetching', done: fetched, total });
    this.changed();
    const step = async (key: string, load: () => Promise<unknown>) => {
      if (this.meta.has(key)) return;
      try {
        await load();
        fetched++;
      } catch (e) {
        // A page no run has read has no lines yet: nothing to keep, nothing missing.
        if (e instanceof ServerRefused && e.status === 404 && key.startsWith('lines:')) fetched++;
        else failure ??= e instanceof Error ? e.message : String(e);
      }
      if (this.pins.has(caseId)) this.progress.set(caseId, { state: 'fetching', done: fetched, total });
      this.changed();
    };
    for (const spans of plan.pdfs) await step(pdfKey(caseId, spans), () => this.pdf(api, caseId, spans));
    await runLimited(plan.lines, 4, (p: PageRef) => step(linesKey(caseId, p.fileId, p.page), () => this.lines(api, caseId, p.fileId, p.page)));
    if (!this.pins.has(caseId)) return;
    if (failure === undefined) await this.remove([...this.meta.values()].filter((m) => m.caseId === caseId && !wanted.has(m.key)).map((m) => m.key));
    this.progress.set(caseId, failure === undefined ? { state: 'ready', done: fetched, total } : { state: 'incomplete', done: fetched, total, error: failure });
    this.changed();
  }

  /** The case's pages become ordinary cache entries again (evicted when the budget needs room). */
  async unpin(caseId: string): Promise<void> {
    const tx = this.db.transaction(PINS, 'readwrite');
    tx.objectStore(PINS).delete(caseId);
    await done(tx);
    this.pins.delete(caseId);
    this.progress.delete(caseId);
    await this.evict();
    this.changed();
  }
}

async function runLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** The page caches of this app, one per server and person (`storeScope`). */
export interface PageCachePool {
  /** Opened once and kept for the app's life: a pin's fetches go on while the reviewer moves between pages. */
  open(scope: string): Promise<PageCache>;
  /** Deletes a person's cache from the device (signing out): applicants' pages must not stay behind. */
  remove(scope: string): Promise<void>;
}

export function createPageCachePool(): PageCachePool {
  const opened = new Map<string, Promise<PageCache>>();
  return {
    open(scope) {
      let cache = opened.get(scope);
      if (!cache) {
        cache = PageCache.open(scope);
        // A failed open (private mode, quota) is tried again next time, not remembered.
        cache.catch(() => opened.delete(scope));
        opened.set(scope, cache);
      }
      return cache;
    },
    async remove(scope) {
      const cache = opened.get(scope);
      opened.delete(scope);
      await cache?.then((c) => c.close()).catch(() => undefined);
      await request(indexedDB.deleteDatabase(cacheDatabaseName(scope)));
    },
  };
}

/** What this origin holds on the device, all stores together, where the browser says. */
export async function storageEstimate(): Promise<{ usage: number; quota: number } | null> {
  try {
    const e = await navigator.storage?.estimate?.();
    return e && typeof e.usage === 'number' && typeof e.quota === 'number' ? { usage: e.usage, quota: e.quota } : null;
  } catch {
    return null;
  }
}
