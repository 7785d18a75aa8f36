import { useEffect, useMemo, useRef, useState } from 'react';
import { API_BASE_PATH, cancelRefusal, isInFlight, type RunPreflight } from '@portal/shared';
import { messageOf, ok } from '@portal/shared/client';
import type { ApplicationDoc } from '@portal/shared/sync';
import { useOnline } from '../data/use-online';
import { useWorkflowVersions } from '../data/use-local';
import { useApp } from '../shell/app-context';
import { ErrorAlert } from '../ui/error-alert';

// What a reviewer does with the case's run from the case page: stop the run in flight, start a
// new one after a run that stopped, and follow the gate while a run call checks the files. Each
// takes the case as shown (`shownRun`: the case and its ledger together).

export const CANCEL_NEEDS_SERVER = 'Cancelling a run needs the server: you are offline.';
export const NEW_RUN_NEEDS_SERVER = 'Starting a run needs the server: you are offline.';

/**
 * "Cancel run" beside the progress of a run in flight, confirmed first: the paid part of a run
 * (reading, running) stops and the case goes back to the gate with the files unread. A preview
 * cannot be stopped (it spends nothing), and the button says so.
 */
export function CancelRun({ application }: { application: ApplicationDoc }) {
  const { api, local } = useApp();
  const online = useOnline();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { run } = application;
  const inFlight = isInFlight(run.state);
  // A run that landed or stopped meanwhile leaves nothing to confirm.
  useEffect(() => {
    if (!inFlight) setConfirming(false);
  }, [inFlight]);
  if (!inFlight) return null;
  const refusal = cancelRefusal(run.state);
  const label = run.number === null ? 'the run' : `run ${run.number}`;

  const cancel = async () => {
    setBusy(true);
    setError(null);
    try {
      await ok(api.POST('/applications/{id}/run/cancel', { params: { path: { id: application.id } } }));
      setConfirming(false);
      local.refresh('applications', 'ledger');
    } catch (e) {
      setError(`Could not cancel ${label}: ${messageOf(e)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="run-cancel">
      {!confirming && (
        <button type="button" className="danger" disabled={!online || refusal !== null} title={!online ? CANCEL_NEEDS_SERVER : (refusal ?? `Stop ${label}`)} onClick={() => setConfirming(true)}>
          Cancel run
        </button>
      )}
      {!online && <span className="hint">{CANCEL_NEEDS_SERVER}</span>}
      {online && refusal !== null && <span className="hint">A preview cannot be stopped; cancel once the run reads the pages.</span>}
      {confirming && (
        <div className="run-cancel-confirm" role="alertdialog" aria-labelledby="run-cancel-title" aria-describedby="run-cancel-what">
          <strong id="run-cancel-title">Cancel {label}?</strong>
          <p id="run-cancel-what" className="small">
            What it has read so far is dropped and the case goes back to the gate. The files stay unread, so a new run can read them again.
          </p>
          <div className="actions">
            <button type="button" className="danger" onClick={() => void cancel()} disabled={busy || !online}>
              {busy ? 'Cancelling…' : `Yes, cancel ${label}`}
            </button>
            <button type="button" onClick={() => setConfirming(false)} disabled={busy}>
              Keep it running
            </button>
          </div>
        </div>
      )}
      <ErrorAlert error={error} />
    </div>
  );
}

/** Gate reasons after which the files wait unread for a person to run them again. */
const STOPPED = new Set(['cancelled', 'failed', 'interrupted', 'analyzerUnreachable']);

/**
 * What the reviewer can do after a run stopped at the gate (cancelled, failed, interrupted, the
 * analyzer unreachable): start a new run over the files no run has read, with the same workflow
 * (its current version). Online only: the run call is the consent to spend, made at the server.
 */
export function StartNewRun({ application }: { application: ApplicationDoc }) {
  const { serverUrl, local } = useApp();
  const online = useOnline();
  const workflows = useWorkflowVersions();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { run } = application;
  const workflowId = run.workflow?.id;
  const unread = application.files.filter((f) => f.readByRun === null).length;
  if (run.state !== 'gated' || run.gateReason === null || !STOPPED.has(run.gateReason) || workflowId === undefined || unread === 0) return null;
  const name = workflows?.find((w) => w.id === workflowId)?.name ?? workflowId;

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const body = new FormData();
      body.append('applicationId', application.id);
      const answer = await fetch(`${serverUrl.replace(/\/+$/, '')}${API_BASE_PATH}/workflows/${encodeURIComponent(workflowId)}/runs`, { method: 'POST', body, headers: { accept: 'application/json' } });
      // 409 with flags: the new run is held at the gate, which the page shows once synced.
      const held = answer.status === 409 && typeof ((await answer.clone().json().catch(() => ({}))) as { applicationId?: unknown }).applicationId === 'string';
      if (!answer.ok && !held) {
        const refused = (await answer.json().catch(() => ({}))) as { error?: unknown };
        throw new Error(typeof refused.error === 'string' ? refused.error : `The server answered HTTP ${answer.status}.`);
      }
      local.refresh('applications', 'ledger');
    } catch (e) {
      setError(`Could not start a new run: ${e instanceof TypeError ? 'the server could not be reached' : messageOf(e)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="gate-next">
      <p className="small">
        {unread} file{unread === 1 ? '' : 's'} wait{unread === 1 ? 's' : ''} unread. Start a new run over {unread === 1 ? 'it' : 'them'} with <strong>{name}</strong>, or remove a file first.
      </p>
      <div className="actions">
        <button type="button" className="primary" onClick={() => void start()} disabled={!online || busy} title={online ? `Runs ${name} over the unread files, recorded as your decision` : NEW_RUN_NEEDS_SERVER}>
          {busy ? 'Starting…' : 'Start a new run'}
        </button>
        {!online && <span className="hint">{NEW_RUN_NEEDS_SERVER}</span>}
      </div>
      <ErrorAlert error={error} />
    </div>
  );
}

const STEP_WORDS: Record<RunPreflight['step'], string> = {
  preflight: 'measuring its pages and reading their text',
  'confirm-duplicates': 'reading pages that look alike by OCR, to tell a duplicate from a page of the same form (the slow part)',
};

/** Seconds since this check was first seen here: the server's clock may differ from this device's. */
function useSecondsSince(key: string): number {
  const since = useRef({ key, at: Date.now() });
  if (since.current.key !== key) since.current = { key, at: Date.now() };
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.round((now - since.current.at) / 1000));
}

/**
 * The gate checking the files of a run call (`run.preflight`), as the server reports it: files
 * and pages checked of all, the file at work and what is done to it. The server writes as each
 * file starts, so a long file holds the count while the seconds go on.
 */
export function GateCheck({ preflight }: { preflight: RunPreflight }) {
  const seconds = useSecondsSince(preflight.startedAt);
  const { filesDone, filesTotal, pagesDone, pagesTotal, fileName, step } = preflight;
  const summary = useMemo(
    () => `${filesDone} of ${filesTotal} file${filesTotal === 1 ? '' : 's'} checked · ${pagesDone} of ${pagesTotal} page${pagesTotal === 1 ? '' : 's'}`,
    [filesDone, filesTotal, pagesDone, pagesTotal],
  );
  return (
    <section className="panel gate-check" aria-labelledby="gate-check-title">
      <div className="panel-header">
        <h2 id="gate-check-title">Checking the files at the gate</h2>
        <span className="muted small">{seconds} s</span>
      </div>
      <div className="gate-check-progress" role="status" aria-label="Gate check progress">
        <progress max={Math.max(pagesTotal, 1)} value={pagesDone} aria-label="Pages checked" />
        <span className="small">{summary}</span>
      </div>
      {fileName !== null && (
        <p className="small muted gate-check-now">
          Now: <span className="mono">{fileName}</span>, {STEP_WORDS[step]}.
        </p>
      )}
      <p className="hint">Red flags found here hold the case for a person; otherwise the run starts once every file is checked.</p>
    </section>
  );
}
