import { useEffect } from 'react';
import { useApp } from '../shell/app-context';
import { CollabSession, draftOfStore } from './collab-session';

/** How long a background session may take to deliver before it gives up until the next reconnect. */
const GIVE_UP_MS = 60_000;

/**
 * Sends edits made offline in drafts whose editor is no longer open: when the app starts and
 * whenever the connection comes back, each such draft is opened without an editor (and without
 * showing its user as present), synced, and closed again.
 */
export function DraftSender() {
  const { connectivity, storeScope, serverUrl, user, stores } = useApp();

  useEffect(() => {
    const running = new Map<string, CollabSession>();
    const finish = (store: string) => {
      running.get(store)?.destroy();
      running.delete(store);
    };
    const sendAll = () => {
      for (const store of stores.storesWithPending(storeScope)) {
        const draft = draftOfStore(store);
        if (draft === null || stores.open.has(store) || running.has(store)) continue;
        const session = new CollabSession({ serverUrl, stores, storeScope, ...draft, user: { id: user.id, name: user.name, color: '' }, announce: false });
        running.set(store, session);
        const stop = session.subscribe(() => {
          const s = session.getSnapshot();
          if ((s.synced && s.pending === 0) || s.connection === 'closed') {
            stop();
            finish(store);
          }
        });
        setTimeout(() => finish(store), GIVE_UP_MS);
      }
    };
    sendAll();
    const off = connectivity.onReconnect(sendAll);
    return () => {
      off();
      for (const store of [...running.keys()]) finish(store);
    };
  }, [connectivity, stores, storeScope, serverUrl, user.id, user.name]);

  return null;
}
