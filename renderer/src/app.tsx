import { useEffect, useState } from 'react';
import { PRODUCT_NAME, type DesktopBridge } from '@portal/shared';
import type { FetchFn } from './health/check-health';
import { HealthPanel } from './health/health-panel';
import { HEALTH_REFRESH_MS, useHealth } from './health/use-health';
import { ServerSettings } from './server-settings';

export interface AppProps {
  bridge: DesktopBridge;
  fetchFn: FetchFn;
}

export function App({ bridge, fetchFn }: AppProps) {
  const [serverUrl, setServerUrl] = useState<string | null>(null);
  const [bridgeError, setBridgeError] = useState<string | null>(null);
  const [appVersion, setAppVersion] = useState<string | null>(null);
  const [editingServer, setEditingServer] = useState(false);

  useEffect(() => {
    let live = true;
    bridge.getServerUrl().then(
      (url) => live && setServerUrl(url),
      (e: unknown) => live && setBridgeError(e instanceof Error ? e.message : String(e)),
    );
    bridge.appVersion().then(
      (v) => live && setAppVersion(v),
      // The version is decoration; its absence is not worth an error on screen.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [bridge]);

  useEffect(
    () =>
      bridge.onCommand((command) => {
        if (command === 'show-server-settings') setEditingServer(true);
      }),
    [bridge],
  );

  const health = useHealth(fetchFn, serverUrl);

  const saveServerUrl = async (url: string) => {
    await bridge.setServerUrl(url);
    // Read it back: the host normalizes the address (trailing slash, case of the host).
    setServerUrl(await bridge.getServerUrl());
    setEditingServer(false);
  };

  return (
    <div className="app">
      <header className="app-header">
        <h1>{PRODUCT_NAME}</h1>
      </header>

      <main className="app-main">
        <section className="panel" aria-labelledby="server-title">
          <header className="panel-header">
            <h2 id="server-title">Server</h2>
            {bridge.kind === 'desktop' && !editingServer && serverUrl !== null && (
              <button type="button" onClick={() => setEditingServer(true)}>
                Change…
              </button>
            )}
          </header>
          {bridgeError !== null ? (
            <p className="error" role="alert">
              The server address could not be read: {bridgeError}
            </p>
          ) : serverUrl === null ? (
            <p className="muted">Reading the server address…</p>
          ) : editingServer ? (
            <ServerSettings current={serverUrl} onSave={saveServerUrl} onCancel={() => setEditingServer(false)} />
          ) : (
            <p className="server-url">{serverUrl}</p>
          )}
        </section>

        {serverUrl !== null && <HealthPanel health={health} refreshSeconds={HEALTH_REFRESH_MS / 1000} />}
      </main>

      <footer className="app-footer muted small">
        {PRODUCT_NAME}
        {appVersion !== null && ` ${appVersion}`} · {bridge.kind === 'desktop' ? 'desktop app' : 'web app'}
      </footer>
    </div>
  );
}
