import { useCallback, useEffect, useState } from 'react';

/**
 * `held`: this tab keeps the person's local copy. `elsewhere`: another tab of this browser does.
 * `taken`: this tab did, until another took it over. `checking`: not known yet.
 */
export type TabLockState = 'checking' | 'held' | 'elsewhere' | 'taken';

/** The part of the Web Locks API used here (`navigator.locks`). */
export interface LockManagerLike {
  request(name: string, options: { signal?: AbortSignal; steal?: boolean }, callback: (lock: unknown) => Promise<void>): Promise<void>;
}

/** How long a tab waits for the lock before saying another tab holds it: a tab just closed or reloading lets go within it. */
const WAIT_MS = 1_500;

/**
 * One tab at a time holds a person's local copy (RxDB in IndexedDB). Each tab replicates on its own
 * and does not hear another tab's writes (multiInstance is off: RxDB's cross-tab coordination kept
 * replication from starting in Chromium), so two tabs would each show a copy that goes stale. A
 * second tab says so and offers to take over; the first then lets go and says that. Without Web
 * Locks (old browsers) every tab goes ahead, as before.
 */
export function useTabLock(name: string, locks: LockManagerLike | undefined = globalThis.navigator?.locks as LockManagerLike | undefined): {
  state: TabLockState;
  takeOver(): void;
} {
  const [state, setState] = useState<TabLockState>(locks === undefined ? 'held' : 'checking');
  // Bumped by takeOver: the effect asks again, stealing.
  const [attempt, setAttempt] = useState<{ n: number; steal: boolean }>({ n: 0, steal: false });

  useEffect(() => {
    if (locks === undefined) return;
    let live = true;
    let letGo = () => {};
    const holding = new Promise<void>((resolve) => (letGo = resolve));
    const waited = new AbortController();
    const timer = attempt.steal ? undefined : setTimeout(() => waited.abort(), WAIT_MS);
    locks
      .request(name, attempt.steal ? { steal: true } : { signal: waited.signal }, async () => {
        clearTimeout(timer);
        if (live) setState('held');
        await holding;
      })
      .catch(() => {
        if (!live) return;
        // Aborted while waiting: another tab holds it. Aborted while held: another tab took it over.
        setState((s) => (s === 'held' ? 'taken' : 'elsewhere'));
      });
    return () => {
      live = false;
      clearTimeout(timer);
      waited.abort();
      letGo();
    };
  }, [locks, name, attempt]);

  const takeOver = useCallback(() => {
    setState('checking');
    setAttempt((a) => ({ n: a.n + 1, steal: true }));
  }, []);
  return { state, takeOver };
}
