import { useMemo } from 'react';
import type { Workflow } from '@portal/shared';
import { versionKey } from '@portal/shared/sync';
import { groupVersions } from '../data/library-groups';
import { useLibraryDefaults, useWorkflowVersions } from '../data/use-local';
import { linkTo } from '../shell/router';
import { DefaultBadge, SourceBadge, StatusBadge } from '../ui/status-badge';

/** Workflows, read from the local copy: what steps a run of a case goes through. */
export function WorkflowsPage() {
  const versions = useWorkflowVersions();
  const defaults = useLibraryDefaults();
  const groups = useMemo(() => (versions === undefined ? undefined : groupVersions(versions, defaults?.get('workflow'))), [versions, defaults]);

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>Workflows</h1>
          <p className="muted">The steps a run takes a case through. Runs use the highest active version unless they name one.</p>
        </div>
      </header>
      {groups === undefined ? (
        <p className="muted">Opening workflows…</p>
      ) : groups.length === 0 ? (
        <div className="empty">
          <p>
            <strong>No workflows on this device yet.</strong>
          </p>
          <p className="muted">They arrive with the next sync; every organization starts with the standard intake.</p>
        </div>
      ) : (
        <ul className="cards">
          {groups.map((g) => (
            <li key={g.key} className="card" aria-labelledby={`wf-${g.key}`}>
              <div className="card-header">
                <div>
                  <h2 id={`wf-${g.key}`} className="card-title">
                    {g.name}
                  </h2>
                  <p className="muted small mono">{g.id}</p>
                </div>
                <div className="badges">
                  <SourceBadge source={g.source} />
                  {g.isDefault && <DefaultBadge />}
                </div>
              </div>
              {g.versions[0]!.description && <p className="card-description">{g.versions[0]!.description}</p>}
              <ul className="version-links">
                {g.versions.map((v) => (
                  <li key={v.version}>
                    <a {...linkTo({ page: 'workflow', source: g.source, id: g.id, version: v.version })}>
                      v{v.version} · {v.steps.length} steps
                    </a>{' '}
                    <StatusBadge status={v.status} />
                    {v.problems.length > 0 && <span className="badge badge-invalid">Incomplete</span>}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function WorkflowPage({ source, id, version }: { source: 'own' | 'official'; id: string; version: number }) {
  const versions = useWorkflowVersions();
  const workflow = versions?.find((w) => versionKey(w.source, w.id, w.version) === versionKey(source, id, version));
  if (versions === undefined) return <p className="muted">Opening the workflow…</p>;
  if (workflow === undefined) return <NotOnDevice what="workflow" back={{ page: 'workflows' }} />;
  return <WorkflowDetail workflow={workflow} />;
}

function WorkflowDetail({ workflow }: { workflow: Workflow }) {
  return (
    <div className="page">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <a {...linkTo({ page: 'workflows' })}>Workflows</a> <span aria-hidden="true">›</span> <span>{workflow.name}</span>
      </nav>
      <header className="page-header">
        <div>
          <h1>
            {workflow.name} <span className="muted version">v{workflow.version}</span>
          </h1>
          <div className="badges">
            <StatusBadge status={workflow.status} />
            <SourceBadge source={workflow.source} />
          </div>
        </div>
      </header>
      {workflow.description && <p>{workflow.description}</p>}
      {workflow.problems.length > 0 && (
        <section className="problems" aria-labelledby="wf-problems">
          <h2 id="wf-problems">Not complete enough to activate</h2>
          <ul>
            {workflow.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </section>
      )}
      <ol className="steps">
        {workflow.steps.map((step, i) => (
          <li key={`${step.tool}-${i}`} className="step">
            <span className="step-number" aria-hidden="true">
              {i + 1}
            </span>
            <div>
              <strong>{humanize(step.tool)}</strong> <span className="muted small mono">{step.tool}</span>
              {Object.keys(step.settings).length > 0 && (
                <dl className="settings">
                  {Object.entries(step.settings).map(([k, v]) => (
                    <div key={k}>
                      <dt>{humanize(k)}</dt>
                      <dd>{typeof v === 'string' ? v : JSON.stringify(v)}</dd>
                    </div>
                  ))}
                </dl>
              )}
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** `classify-and-file` → "Classify and file"; `minConfidence` → "Min confidence". */
export function humanize(id: string): string {
  const words = id.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[-_]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function NotOnDevice({ what, back }: { what: string; back: Parameters<typeof linkTo>[0] }) {
  return (
    <div className="page">
      <h1>Not found</h1>
      <p>
        This {what} is not on this device. It may have been removed, or it has not synced yet.
      </p>
      <p>
        <a {...linkTo(back)}>Back</a>
      </p>
    </div>
  );
}
