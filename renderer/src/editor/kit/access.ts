import { useCallback, useState, useSyncExternalStore } from 'react';
import { hasRight } from '@portal/shared';
import { messageOf } from '@portal/shared/client';
import { connectionOf } from '../../data/connectivity';
import { useApp } from '../../shell/app-context';

/** Whether the server can be asked now; "connecting" is not offline, a request then says itself if it fails. */
export function useOnline(): boolean {
  const { connectivity } = useApp();
  return connectionOf(useSyncExternalStore(connectivity.subscribe, connectivity.getSnapshot)) !== 'offline';
}

/** The rights table the server enforces, so buttons it would refuse are not offered. */
export function useCanEdit(): boolean {
  return hasRight(useApp().user.role, 'library.edit');
}

/** One library operation at a time, with the server's message kept when it refuses. */
export function useOperation() {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async (key: string, work: () => Promise<void>): Promise<boolean> => {
    setBusy(key);
    setError(null);
    try {
      await work();
      return true;
    } catch (e) {
      setError(messageOf(e));
      return false;
    } finally {
      setBusy(null);
    }
  }, []);
  return { busy, error, setError, run };
}

export type Operation = ReturnType<typeof useOperation>;
