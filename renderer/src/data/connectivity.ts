import { checkHealth, type FetchFn } from '../health/check-health';

export interface ConnectivitySnapshot {
  /** What the browser says (`navigator.onLine`): false means surely offline, true only maybe online. */
  browserOnline: boolean;
  /** Whether the server answered its health check last time; `unknown` before the first answer. */
  server: 'reachable' | 'unreachable' | 'unknown';
}

export type ConnectionState = 'online' | 'offline' | 'connecting';

export function connectionOf(s: ConnectivitySnapshot): ConnectionState {
  if (!s.browserOnline || s.server === 'unreachable') return 'offline';
  return s.server === 'reachable' ? 'online' : 'connecting';
}

export interface Connectivity {
  getSnapshot(): ConnectivitySnapshot;
  subscribe(listener: () => void): () => void;
  /** Asks the server now, e.g. after a collaboration socket dropped. */
  checkNow(): void;
  /** Told whenever the state turns from offline to online, so data can catch up at once. */
  onReconnect(listener: () => void): () => void;
  stop(): void;
}

/**
 * Whether the app can reach its server: the browser's online flag, which flips at once, confirmed
 * by a health check every `intervalMs`, and right away when the browser says it is back.
 */
export function createConnectivity(options: { serverUrl: string; fetch: FetchFn; intervalMs?: number }): Connectivity {
  const intervalMs = options.intervalMs ?? 10_000;
  let snapshot: ConnectivitySnapshot = { browserOnline: navigator.onLine, server: 'unknown' };
  const listeners = new Set<() => void>();
  const reconnectListeners = new Set<() => void>();
  const stopping = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let round = 0;

  const set = (next: Partial<ConnectivitySnapshot>) => {
    const before = connectionOf(snapshot);
    snapshot = { ...snapshot, ...next };
    for (const l of listeners) l();
    if (before === 'offline' && connectionOf(snapshot) === 'online') for (const l of reconnectListeners) l();
  };

  const check = async () => {
    clearTimeout(timer);
    // The browser says there is no network: asking the server would only fail. Its online event
    // asks at once; until then look again later.
    if (!navigator.onLine) {
      timer = setTimeout(() => void check(), intervalMs);
      return;
    }
    const mine = ++round;
    const result = await checkHealth(options.fetch, options.serverUrl, stopping.signal);
    // A later check (started by an online event meanwhile) has the fresher answer.
    if (stopping.signal.aborted || mine !== round) return;
    set({ server: result.kind === 'answered' ? 'reachable' : 'unreachable' });
    timer = setTimeout(() => void check(), intervalMs);
  };

  const onOnline = () => {
    set({ browserOnline: true });
    void check();
  };
  const onOffline = () => set({ browserOnline: false, server: 'unreachable' });
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  void check();

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    checkNow: () => void check(),
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
    stop() {
      stopping.abort();
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    },
  };
}
