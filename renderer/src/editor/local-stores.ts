import { clearDocument } from 'y-indexeddb';

/**
 * What this device keeps about drafts between sessions: the names of the IndexedDB stores holding
 * their Yjs documents (so signing out can delete them) and, per store, how many of the person's
 * edits have not reached the server yet (so the count survives a reload or a closed editor).
 */

const REGISTRY = 'portal:collab-stores';
const pendingKey = (store: string) => `portal:pending:${store}`;

export function registeredStores(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(REGISTRY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function registerStore(name: string): void {
  const names = registeredStores();
  if (!names.includes(name)) localStorage.setItem(REGISTRY, JSON.stringify([...names, name]));
}

const listeners = new Set<() => void>();
let total = registeredStores().reduce((sum, name) => sum + readPending(name), 0);

export function readPending(store: string): number {
  return Number(localStorage.getItem(pendingKey(store))) || 0;
}

export function writePending(store: string, count: number): void {
  if (count === 0) localStorage.removeItem(pendingKey(store));
  else localStorage.setItem(pendingKey(store), String(count));
  recount();
}

function recount() {
  total = registeredStores().reduce((sum, name) => sum + readPending(name), 0);
  for (const l of listeners) l();
}

/** For `useSyncExternalStore`: every unsent edit on this device, across drafts. */
export const pendingTotal = {
  get: () => total,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Store names of drafts with unsent edits, for sending them without opening their editor. */
export function storesWithPending(scope: string): string[] {
  return registeredStores().filter((n) => n.startsWith(`${scope}|`) && readPending(n) > 0);
}

/** Deletes the local copies of every draft opened under `scope` (on sign-out). */
export async function clearStores(scope: string): Promise<void> {
  const names = registeredStores();
  const mine = names.filter((n) => n.startsWith(`${scope}|`));
  await Promise.all(mine.map((n) => clearDocument(n)));
  for (const n of mine) localStorage.removeItem(pendingKey(n));
  localStorage.setItem(REGISTRY, JSON.stringify(names.filter((n) => !mine.includes(n))));
  recount();
}
