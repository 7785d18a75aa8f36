import { useSyncExternalStore } from 'react';
import { connectionOf, type Connectivity } from '../data/connectivity';
import type { LocalStores } from '../editor/local-stores';

const TEXT = { online: 'Online', offline: 'Offline', connecting: 'Connecting…' } as const;

/**
 * The header's connection state and unsent work. A status region: screen readers hear the change
 * when the connection drops or comes back, without moving focus.
 */
export function ConnectionIndicator({ connectivity, stores }: { connectivity: Connectivity; stores: LocalStores }) {
  const snapshot = useSyncExternalStore(connectivity.subscribe, connectivity.getSnapshot);
  const pending = useSyncExternalStore(stores.pendingTotal.subscribe, stores.pendingTotal.get);
  const state = connectionOf(snapshot);
  return (
    <div className="connection" role="status" aria-label="Connection">
      <span className={`connection-state connection-${state}`} title={state === 'offline' ? 'Changes are kept on this device and sent when the connection is back.' : undefined}>
        <span className="dot" aria-hidden="true" />
        {TEXT[state]}
      </span>
      {pending > 0 && (
        <span className="pending" title="Edits made while offline, kept on this device until the server has them.">
          {pending === 1 ? '1 change waiting to sync' : `${pending} changes waiting to sync`}
        </span>
      )}
    </div>
  );
}
