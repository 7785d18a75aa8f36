import { useEffect, useState, useSyncExternalStore } from 'react';
import type { PageCache, PageCacheSnapshot } from '../data/page-cache';
import { useApp } from '../shell/app-context';

/** This person's page cache on this device; null while it opens (or when IndexedDB refuses). */
export function usePageCache(): { cache: PageCache | null; error: string | null } {
  const { storeScope, pageCaches } = useApp();
  const [state, setState] = useState<{ cache: PageCache | null; error: string | null }>({ cache: null, error: null });
  useEffect(() => {
    let live = true;
    pageCaches.open(storeScope).then(
      (cache) => live && setState({ cache, error: null }),
      (e: unknown) => live && setState({ cache: null, error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [storeScope, pageCaches]);
  return state;
}

const EMPTY: PageCacheSnapshot = { usage: { bytes: 0, pinnedBytes: 0, entries: 0 }, pins: new Map(), progress: new Map() };
const noop = () => () => undefined;

/** What the cache holds, re-rendered as it changes. */
export function usePageCacheSnapshot(cache: PageCache | null): PageCacheSnapshot {
  return useSyncExternalStore(cache?.subscribe ?? noop, cache?.getSnapshot ?? (() => EMPTY));
}
