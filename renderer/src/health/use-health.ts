import { useCallback, useEffect, useState } from 'react';
import { checkHealth, type FetchFn, type HealthCheck } from './check-health';

export const HEALTH_REFRESH_MS = 10_000;

export interface HealthState {
  /** The last finished check against the current address; null until the first one ends. */
  latest: HealthCheck | null;
  checking: boolean;
  refresh: () => void;
}

/** Polls the server's health; `serverUrl` null means the address is not known yet. */
export function useHealth(fetchFn: FetchFn, serverUrl: string | null, intervalMs = HEALTH_REFRESH_MS): HealthState {
  const [result, setResult] = useState<{ serverUrl: string; check: HealthCheck } | null>(null);
  const [checking, setChecking] = useState(false);
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (serverUrl === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;

    // The next check is scheduled when the last one ends rather than on a fixed interval, so a
    // slow server never has two checks in flight.
    const run = async () => {
      setChecking(true);
      const check = await checkHealth(fetchFn, serverUrl, controller.signal);
      if (controller.signal.aborted) return;
      setResult({ serverUrl, check });
      setChecking(false);
      timer = setTimeout(run, intervalMs);
    };
    void run();

    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [fetchFn, serverUrl, intervalMs, round]);

  const refresh = useCallback(() => setRound((n) => n + 1), []);
  // After the address changes, the previous server's answer must not show as this one's.
  const latest = result !== null && result.serverUrl === serverUrl ? result.check : null;
  return { latest, checking, refresh };
}
