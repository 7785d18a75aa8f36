import { HealthPanel } from '../health/health-panel';
import { HEALTH_REFRESH_MS, useHealth } from '../health/use-health';
import { ServerSettings } from '../server-settings';
import { useApp } from './app-context';

export interface ServerPageProps {
  editing: boolean;
  onEdit(editing: boolean): void;
  onSave(url: string): Promise<void>;
}

/** The server this app talks to and how it is doing; the desktop app can point at another one here. */
export function ServerPage({ editing, onEdit, onSave }: ServerPageProps) {
  const { bridge, serverUrl } = useApp();
  const health = useHealth((input, init) => window.fetch(input, init), serverUrl);
  return (
    <div className="page narrow">
      <header className="page-header">
        <div>
          <h1>Server</h1>
          <p className="muted">
            {bridge.kind === 'desktop'
              ? 'The desktop app keeps your library on this computer and syncs it with this server.'
              : 'The web app talks to the server that serves it.'}
          </p>
        </div>
      </header>
      <section className="panel" aria-labelledby="server-title">
        <header className="panel-header">
          <h2 id="server-title">Address</h2>
          {bridge.kind === 'desktop' && !editing && (
            <button type="button" onClick={() => onEdit(true)}>
              Change…
            </button>
          )}
        </header>
        {editing ? <ServerSettings current={serverUrl} onSave={onSave} onCancel={() => onEdit(false)} /> : <p className="server-url">{serverUrl}</p>}
        {bridge.kind === 'desktop' && editing && <p className="muted small">Changing the server signs you out of this one.</p>}
      </section>
      <HealthPanel health={health} refreshSeconds={HEALTH_REFRESH_MS / 1000} />
    </div>
  );
}
