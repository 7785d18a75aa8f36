import { useSyncExternalStore } from 'react';
import { useApp } from '../shell/app-context';
import { connectionOf } from './connectivity';

/** Whether the server answers now: what cannot be done offline (undo, say) waits for it. */
export function useOnline(): boolean {
  const { connectivity } = useApp();
  return connectionOf(useSyncExternalStore(connectivity.subscribe, connectivity.getSnapshot)) === 'online';
}
