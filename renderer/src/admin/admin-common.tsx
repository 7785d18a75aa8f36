import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { hasRight, type Right } from '@portal/shared';
import { messageOf } from '@portal/shared/client';
import { connectionOf } from '../data/connectivity';
import { useApp } from '../shell/app-context';

/** Whether the server answers now: administration is never kept on the device, so it needs it. */
export function useOnline(): boolean {
  const { connectivity } = useApp();
  return connectionOf(useSyncExternalStore(connectivity.subscribe, connectivity.getSnapshot)) === 'online';
}

export interface ServerData<T> {
  data: T | undefined;
  error: string | null;
  loading: boolean;
  reload(): Promise<void>;
}

/**
 * What a REST call answers, read when the page opens and again each time the app comes back
 * online; the last answer stays on screen while offline so the page does not go blank.
 */
export function useServerData<T>(load: () => Promise<T>, enabled = true): ServerData<T> {
  const online = useOnline();
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const loadRef = useRef(load);
  loadRef.current = load;
  // A slow answer must not overwrite a later one (a reload right after a change).
  const round = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++round.current;
    setLoading(true);
    try {
      const answer = await loadRef.current();
      if (mine !== round.current) return;
      setData(answer);
      setError(null);
    } catch (e) {
      if (mine === round.current) setError(messageOf(e));
    } finally {
      if (mine === round.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (enabled && online) void reload();
  }, [enabled, online, reload]);

  return { data, error, loading, reload };
}

export const formatWhen = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '—');

/** What a page for Managers shows anyone else. */
export function ManagersOnly({ role, hint }: { role: string; hint?: string }) {
  return (
    <div className="empty">
      <p>
        <strong>Only Managers can open this page.</strong>
      </p>
      <p className="muted">
        You are signed in as an {role}.{hint ? ` ${hint}` : ''}
      </p>
    </div>
  );
}

interface AdminPageProps {
  title: string;
  description: ReactNode;
  /** The right the page manages; without it the page explains who may use it instead. */
  right: Right;
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame of every admin page: title, the Managers-only and online-only rules, the content. */
export function AdminPage({ title, description, right, actions, children }: AdminPageProps) {
  const { user } = useApp();
  const online = useOnline();
  const allowed = hasRight(user.role, right);
  return (
    <div className="page admin-page">
      <header className="page-header">
        <div>
          <p className="breadcrumb">Administration</p>
          <h1>{title}</h1>
          <p className="muted">{description}</p>
        </div>
        {allowed && actions !== undefined && <div className="toolbar">{actions}</div>}
      </header>
      {!allowed ? (
        <ManagersOnly role={user.role} hint="Ask a Manager of your organization if something here needs changing." />
      ) : (
        <>
          {!online && (
            <p className="warning admin-offline" role="status">
              You are offline. Administration works on the server only and nothing here is kept on this device: what is shown is what the server said
              last, and changes are possible again once the connection is back.
            </p>
          )}
          {children}
        </>
      )}
    </div>
  );
}

