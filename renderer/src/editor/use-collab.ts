import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useApp } from '../shell/app-context';
import { CollabSession, type CollabSnapshot, type Presence } from './collab-session';
import { readDraft, type DraftContent } from './list-ops';
import { colorOf } from './presence-color';

/** Opens the draft's collaborative session for as long as the editor shows it. */
export function useCollabSession(listId: string, version: number): CollabSession | null {
  const { serverUrl, stores, storeScope, user, connectivity } = useApp();
  const [session, setSession] = useState<CollabSession | null>(null);
  useEffect(() => {
    const s = new CollabSession({
      serverUrl,
      stores,
      storeScope,
      listId,
      version,
      user: { id: user.id, name: user.name, color: colorOf(user.id) },
      onDisconnect: () => connectivity.checkNow(),
    });
    setSession(s);
    return () => {
      setSession(null);
      s.destroy();
    };
  }, [serverUrl, stores, storeScope, listId, version, user.id, user.name, connectivity]);
  return session;
}

const CLOSED: CollabSnapshot = { connection: 'connecting', closedReason: null, loaded: false, synced: false, pending: 0, status: undefined };
const noop = () => () => {};

export interface CollabView {
  snapshot: CollabSnapshot;
  draft: DraftContent;
  others: Presence[];
}

/** The draft, its connection and who else is in it; re-rendered on every change of any of them. */
export function useCollabView(session: CollabSession | null): CollabView {
  // Every change bumps the version, so the derived values below are recomputed only then.
  const snapshot = useSyncExternalStore(session?.subscribe ?? noop, session?.getSnapshot ?? (() => CLOSED));
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (session === null) return;
    const bump = () => setTick((n) => n + 1);
    session.doc.on('update', bump);
    session.provider.awareness.on('change', bump);
    return () => {
      session.doc.off('update', bump);
      session.provider.awareness.off('change', bump);
    };
  }, [session]);
  const draft = useMemo(() => (session === null ? { description: '', sections: [] } : readDraft(session.doc)), [session, tick, snapshot]);
  const others = useMemo(() => session?.others() ?? [], [session, tick]);
  return { snapshot, draft, others };
}
