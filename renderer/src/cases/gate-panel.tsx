import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { PREFLIGHT_FLAG_CODES, type GateFlag, type PreflightFlagCodeName } from '@portal/shared';
import { messageOf, ok } from '@portal/shared/client';
import type { ApplicationDoc, DecisionRequestDoc } from '@portal/shared/sync';
import { connectionOf } from '../data/connectivity';
import { requestDecision } from '../data/use-cases';
import { useApp } from '../shell/app-context';
import { formatBytes } from './format-bytes';
import { PageThumbnail } from '../viewer/page-thumbnail';
import { ErrorAlert } from '../ui/error-alert';

const CODE_LABELS: Record<PreflightFlagCodeName, string> = {
  low_dpi: 'Low DPI',
  duplicate_page: 'Duplicate page',
  duplicate_file: 'Duplicate file',
  blank_page: 'Blank page',
  oversized_page: 'Oversized page',
  unreadable: 'Unreadable',
  encrypted: 'Encrypted',
  active_content: 'Active content',
};

const REASONS: Record<string, string> = {
  flags: 'Red flags hold the run: a person decides whether it goes on.',
  emailRequired: 'The account needs an email before it may run a workflow.',
  analyzerUnreachable: 'The analyzer could not be reached; the files are kept.',
  failed: 'The last run failed.',
  cancelled: 'The last run was cancelled.',
  interrupted: 'The server stopped in the middle of the last run.',
};

/** The bypass address of the run the reviewer sees held (see `DecisionRequestDocument.address`). */
export const runAddress = (n: number) => `run:${n}`;

/** Flags by file, then by page, in the order the files were received. */
function groupFlags(flags: GateFlag[], fileOrder: string[]): { fileId: string; pages: { page: number; flags: GateFlag[] }[] }[] {
  const byFile = new Map<string, Map<number, GateFlag[]>>();
  for (const f of flags) {
    const pages = byFile.get(f.fileId) ?? new Map<number, GateFlag[]>();
    pages.set(f.page, [...(pages.get(f.page) ?? []), f]);
    byFile.set(f.fileId, pages);
  }
  const rank = (id: string) => (fileOrder.includes(id) ? fileOrder.indexOf(id) : fileOrder.length);
  return [...byFile]
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([fileId, pages]) => ({ fileId, pages: [...pages].sort(([a], [b]) => a - b).map(([page, fs]) => ({ page, flags: fs })) }));
}

/**
 * The pre-flight gate of a case (`run.state` `gated`): why it waits, the red flags by file and
 * page, "Process anyway" (a bypass decision request, made offline too) and removing a file no run
 * has read (a REST call, so online only). Each flagged page shows its thumbnail (pdf.js, through
 * the page cache, so a pinned case shows them offline). `children`: what the reviewer may do next
 * (after a run that stopped, start a new one).
 */
export function GatePanel({ application, requests, children }: { application: ApplicationDoc; requests: DecisionRequestDoc[]; children?: ReactNode }) {
  const { api, local, connectivity } = useApp();
  const online = connectionOf(useSyncExternalStore(connectivity.subscribe, connectivity.getSnapshot)) === 'online';
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const { run } = application;
  const held = run.gateReason === 'flags' && run.number !== null;
  const address = run.number === null ? null : runAddress(run.number);
  const bypass = requests.find((r) => r.kind === 'bypass' && r.address === address && (r.state === 'pending' || r.state === 'applied'));
  const groups = groupFlags(run.flags, application.files.map((f) => f.id));
  const fileName = (id: string) => application.files.find((f) => f.id === id)?.name ?? id;
  const unread = application.files.filter((f) => f.readByRun === null);
  const failure = run.gateReason !== null && run.gateReason !== 'flags';

  const processAnyway = async () => {
    if (address === null) return;
    setError(null);
    try {
      await requestDecision(local, { applicationId: application.id, kind: 'bypass', address });
    } catch (e) {
      setError(`Could not record the decision: ${messageOf(e)}`);
    }
  };

  const remove = async (fileId: string) => {
    setError(null);
    setRemoving(fileId);
    try {
      await ok(api.DELETE('/applications/{id}/files/{fileId}', { params: { path: { id: application.id, fileId } } }));
      local.refresh('applications', 'ledger');
    } catch (e) {
      setError(`Could not remove ${fileName(fileId)}: ${messageOf(e)}`);
    } finally {
      setRemoving(null);
    }
  };

  return (
    <section className={`panel gate-panel${failure ? ' gate-failure' : ''}`} aria-labelledby="case-gate">
      <div className="panel-header">
        <h2 id="case-gate">At the gate</h2>
        {run.number !== null && <span className="muted small">Run {run.number}</span>}
      </div>
      <p className="gate-reason">{run.gateReason === null ? 'No run has started on this case yet.' : REASONS[run.gateReason]}</p>
      {run.lastRunError !== undefined && (
        <p className="error" role="alert" aria-label="Last run error">
          {run.lastRunError}
        </p>
      )}
      {children}
      {groups.length > 0 && (
        <ul className="gate-files" aria-label="Red flags">
          {groups.map((g) => (
            <li key={g.fileId} className="gate-file" aria-label={fileName(g.fileId)}>
              <strong className="gate-file-name">{fileName(g.fileId)}</strong>
              <ul className="gate-pages">
                {g.pages.map((p) => (
                  <li key={p.page} className="gate-page">
                    <PageThumbnail caseId={application.id} fileId={g.fileId} page={p.page} />
                    <span className="gate-page-no">Page {p.page}</span>
                    <ul className="gate-flags">
                      {p.flags.map((f, i) => (
                        <li key={i} className="gate-flag">
                          <span className={`badge flag-badge flag-${f.code}`} title={PREFLIGHT_FLAG_CODES[f.code]} data-code={f.code}>
                            {CODE_LABELS[f.code] ?? f.code}
                          </span>{' '}
                          <span className="gate-note">{f.note}</span>
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      <ErrorAlert error={error} />
      {held && (
        <div className="gate-decision">
          <button type="button" className="primary" onClick={() => void processAnyway()} disabled={bypass !== undefined}>
            Process anyway
          </button>
          {bypass?.state === 'pending' ? (
            <span className="badge badge-default" role="status">
              Pending: waiting to reach the server
            </span>
          ) : bypass?.state === 'applied' ? (
            <span className="badge badge-active" role="status">
              Applied: the run goes on
            </span>
          ) : (
            <span className="muted small">Runs the workflow over these files despite the flags, recorded as your decision.</span>
          )}
        </div>
      )}
      {unread.length > 0 && (
        <div className="gate-unread">
          <h3 className="gate-subtitle">Files no run has read</h3>
          <ul className="gate-unread-files" aria-label="Files no run has read">
            {unread.map((f) => (
              <li key={f.id} aria-label={f.name}>
                <span className="gate-file-name">{f.name}</span>{' '}
                <span className="muted small">
                  {f.pageCount} page{f.pageCount === 1 ? '' : 's'} · {formatBytes(f.size)}
                </span>
                <button type="button" className="danger" onClick={() => void remove(f.id)} disabled={!online || removing !== null} aria-label={`Remove file ${f.name}`}>
                  {removing === f.id ? 'Removing…' : 'Remove file'}
                </button>
              </li>
            ))}
          </ul>
          {!online && <p className="hint">Removing a file needs the server: you are offline.</p>}
        </div>
      )}
    </section>
  );
}
