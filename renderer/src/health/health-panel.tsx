import type { HealthCheck } from './check-health';
import { formatUptime } from './format-uptime';
import type { HealthState } from './use-health';

export interface HealthPanelProps {
  health: HealthState;
  refreshSeconds: number;
}

export function HealthPanel({ health, refreshSeconds }: HealthPanelProps) {
  const { latest, checking, refresh } = health;
  return (
    <section className="panel" aria-labelledby="health-title">
      <header className="panel-header">
        <h2 id="health-title">Server health</h2>
        {/* A steady label: the automatic check every few seconds would otherwise make it flicker. */}
        <button type="button" onClick={refresh} disabled={checking}>
          Check now
        </button>
      </header>
      {latest === null ? <p className="muted">Checking the server…</p> : <HealthResult check={latest} />}
      <p className="muted small">Refreshes every {refreshSeconds} s.</p>
    </section>
  );
}

function HealthResult({ check }: { check: HealthCheck }) {
  const checkedAt = check.checkedAt.toLocaleTimeString();
  switch (check.kind) {
    case 'unreachable':
      return (
        <>
          {/* The time stays outside the alert, or a screen reader would repeat the alert at every retry. */}
          <p className="error" role="alert">
            <strong>Cannot reach the server.</strong> {check.reason}
          </p>
          <p className="muted small">Last attempt {checkedAt}.</p>
        </>
      );
    case 'unexpected':
      return (
        <>
          <p className="error" role="alert">
            <strong>The server gave an unexpected answer.</strong> {check.reason}
          </p>
          <p className="muted small">Last attempt {checkedAt}.</p>
        </>
      );
    case 'answered': {
      const { health } = check;
      const ok = health.status === 'ok';
      return (
        <dl className="facts">
          <dt>Status</dt>
          <dd>
            {/* A status region is announced when its text changes, not when the same text re-renders. */}
            <span role="status" className={ok ? 'badge badge-ok' : 'badge badge-down'}>
              {ok ? 'OK' : 'Unavailable'}
            </span>
          </dd>
          <dt>Version</dt>
          <dd>{health.version}</dd>
          <dt>Database</dt>
          <dd>
            {health.database.driver === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}
            {health.database.ok ? '' : ' — not answering'}
          </dd>
          <dt>Uptime</dt>
          <dd>{formatUptime(health.uptimeSeconds)}</dd>
          <dt>Checked</dt>
          <dd>{checkedAt}</dd>
        </dl>
      );
    }
  }
}
