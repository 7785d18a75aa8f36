import { clearDocument } from 'y-indexeddb';

/**
 * What this device keeps about drafts between sessions: the names of the IndexedDB stores holding
 * their Yjs documents (so signing out can delete them) and, per store, how many of the person's
 * edits have not reached the server yet (so the count survives a reload or a closed editor).
 * One instance per app (see client-services.ts), over the page's `localStorage`.
 */
export interface LocalStores {
  registered(): string[];
  register(name: string): void;
  readPending(store: string): number;
  writePending(store: string, count: number): void;
  /** For `useSyncExternalStore`: every unsent edit on this device, across drafts. */
  readonly pendingTotal: { get(): number; subscribe(listener: () => void): () => void };
  /** Store names of drafts with unsent edits, for sending them without opening their editor. */
  storesWithPending(scope: string): string[];
  /** Deletes the local copies of every draft opened under `scope` (on sign-out). */
  clear(scope: string): Promise<void>;
  /** Stores a collaboration session has open now, so the background sender leaves them to it. */
  readonly open: Set<string>;
}

const REGISTRY = 'portal:collab-stores';
const pendingKey = (store: string) => `portal:pending:${store}`;

export function createLocalStores(storage: Storage, removeDocument: (name: string) => Promise<void> = clearDocument): LocalStores {
  const registered = (): string[] => {
    try {
      const value: unknown = JSON.parse(storage.getItem(REGISTRY) ?? '[]');
      return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
    } catch {
      return [];
    }
  };
  const readPending = (store: string) => Number(storage.getItem(pendingKey(store))) || 0;

  const listeners = new Set<() => void>();
  const sum = () => registered().reduce((total, name) => total + readPending(name), 0);
  let total = sum();
  const recount = () => {
    total = sum();
    for (const l of listeners) l();
  };

  return {
    registered,
    register(name) {
      const names = registered();
      if (!names.includes(name)) storage.setItem(REGISTRY, JSON.stringify([...names, name]));
    },
    readPending,
    writePending(store, count) {
      if (count === 0) storage.removeItem(pendingKey(store));
      else storage.setItem(pendingKey(store), String(count));
      recount();
    },
    pendingTotal: {
      get: () => total,
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    storesWithPending: (scope) => registered().filter((n) => n.startsWith(`${scope}|`) && readPending(n) > 0),
    async clear(scope) {
      const names = registered();
      const mine = names.filter((n) => n.startsWith(`${scope}|`));
      await Promise.all(mine.map((n) => removeDocument(n)));
      for (const n of mine) storage.removeItem(pendingKey(n));
      storage.setItem(REGISTRY, JSON.stringify(names.filter((n) => !mine.includes(n))));
      recount();
    },
    open: new Set(),
  };
}
