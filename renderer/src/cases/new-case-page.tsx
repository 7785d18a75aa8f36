import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type DragEvent, type FormEvent } from 'react';
import { cleanFileName, MAX_FILE_BYTES, MAX_FILES_PER_CALL, shadowingIds, type ExpectedDocList, type RefusedFile, type Workflow } from '@portal/shared';
import { messageOf } from '@portal/shared/client';
import { pickedAsFiles } from '../bridge/picked-files';
import { connectionOf } from '../data/connectivity';
import { useCases, waitForLocalCase } from '../data/use-cases';
import { useLibraryDefaults, useListVersions, useWorkflowVersions } from '../data/use-local';
import { useApp } from '../shell/app-context';
import { linkTo, navigate } from '../shell/router';
import { formatBytes } from './format-bytes';
import { GateCheck } from './run-controls';
import { uploadNewCase, type UploadHandle } from './upload-run';
import { ErrorAlert } from '../ui/error-alert';

/**
 * The highest active version of each item, by id: what a run given only the id takes. An id the
 * organization has its own family of in use (an active version) resolves to that family alone
 * (sync also keeps the official versions it shadows, which cases pin); while the own copy is only
 * a draft, the id still resolves to the official item, which is offered.
 */
function latestActive<T extends { id: string; version: number; status: string; source: 'own' | 'official'; name: string }>(versions: T[]): T[] {
  const byId = new Map<string, T>();
  const shadowing = shadowingIds(versions);
  for (const v of versions) {
    if (v.status !== 'active' || (v.source === 'official' && shadowing.has(v.id))) continue;
    const seen = byId.get(v.id);
    // An own item of an id hides the official one of that id: the server resolves the id to it.
    if (seen === undefined || (seen.source === 'official' && v.source === 'own') || (seen.source === v.source && v.version > seen.version)) byId.set(v.id, v);
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

const isRunnableList = (l: ExpectedDocList) => l.kind === 'expectedDocListCatalogOrgCustom' || l.kind === 'expectedDocListCatalogOfficial';
const isPdf = (f: File) => f.type === 'application/pdf' || f.name.toLowerCase().endsWith('.pdf');
const fileKey = (f: File) => `${f.name}|${f.size}|${f.lastModified}`;

/** Why this device will not send a file, or undefined: the server's own checks come after. */
function refusalHere(f: File): string | undefined {
  if (!isPdf(f)) return 'not a PDF: only PDFs can be sent';
  if (f.size > MAX_FILE_BYTES) return `over ${formatBytes(MAX_FILE_BYTES)}, the most a file may be`;
  return undefined;
}

/**
 * The files of one run call are accepted or refused together: the message says so, and names each
 * refused file with why, so nobody takes the one name for the whole story.
 */
export function batchRefusal(refused: readonly RefusedFile[], total: number): string {
  const n = refused.length;
  const named = refused.map((r) => `${r.name} (${r.reason})`).join('; ');
  const others = total - n;
  return `This batch would be refused whole: one file that cannot be sent stops every file of the call, so nothing is sent while ${n === 1 ? 'it is' : `these ${n} are`} in it. Refused: ${named}.${others > 0 ? ` Remove ${n === 1 ? 'it' : 'them'} to send the other ${others} file${others === 1 ? '' : 's'}.` : ''}`;
}

type Phase = { kind: 'editing' } | { kind: 'uploading' } | { kind: 'checking' } | { kind: 'opening'; note: string };

/** A new case: the applicant, the list it is pinned to, the workflow, and its PDFs, sent in one run call. */
export function NewCasePage() {
  const { serverUrl, local, connectivity, bridge } = useApp();
  const online = connectionOf(useSyncExternalStore(connectivity.subscribe, connectivity.getSnapshot)) === 'online';
  const listVersions = useListVersions();
  const workflowVersions = useWorkflowVersions();
  const defaults = useLibraryDefaults();
  const lists = useMemo(() => (listVersions === undefined ? undefined : latestActive(listVersions.filter(isRunnableList))), [listVersions]);
  const workflows = useMemo(() => (workflowVersions === undefined ? undefined : latestActive<Workflow>(workflowVersions)), [workflowVersions]);

  const [applicant, setApplicant] = useState('');
  const [listId, setListId] = useState('');
  const [workflowId, setWorkflowId] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number[]>([]);
  const [phase, setPhase] = useState<Phase>({ kind: 'editing' });
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  /** Files refused, by `fileKey`, with why: by this device's check or by the server's answer. */
  const [refused, setRefused] = useState<ReadonlyMap<string, string>>(new Map());
  const upload = useRef<UploadHandle | null>(null);
  // The case the run call made, found in the local copy while the gate checks its files (the call
  // answers after): the cases there before it was sent, and what was sent.
  const cases = useCases();
  const sending = useRef<{ known: Set<string>; applicant: string; files: number } | null>(null);
  const checked = useMemo(() => {
    const s = sending.current;
    if (phase.kind !== 'checking' || s === null) return undefined;
    return cases?.find((c) => !s.known.has(c.id) && c.applicantName === s.applicant && c.files.length === s.files);
  }, [cases, phase]);

  // The organization's defaults once the library has answered, unless the person chose already.
  useEffect(() => {
    if (listId !== '' || lists === undefined || defaults === undefined) return;
    const target = defaults.get('expected-doc-list')?.targetId;
    const chosen = lists.find((l) => l.id === target) ?? lists.find((l) => l.isDefault) ?? lists[0];
    if (chosen) setListId(chosen.id);
  }, [lists, defaults, listId]);
  useEffect(() => {
    if (workflowId !== '' || workflows === undefined || defaults === undefined) return;
    const target = defaults.get('workflow')?.targetId;
    const chosen = workflows.find((w) => w.id === target) ?? workflows.find((w) => w.isDefault) ?? workflows[0];
    if (chosen) setWorkflowId(chosen.id);
  }, [workflows, defaults, workflowId]);

  // Leaving the page stops an upload in flight: nothing would show where it went.
  useEffect(() => () => upload.current?.abort(), []);

  // A PDF dropped just beside the zone would otherwise replace the app with the browser's viewer.
  useEffect(() => {
    const swallow = (event: globalThis.DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    window.addEventListener('dragover', swallow);
    window.addEventListener('drop', swallow);
    return () => {
      window.removeEventListener('dragover', swallow);
      window.removeEventListener('drop', swallow);
    };
  }, []);

  const busy = phase.kind !== 'editing';

  /** The message for the files now refused among `listed`, or null when none is. */
  const refusalOf = (listed: File[], reasons: ReadonlyMap<string, string>): string | null => {
    const named = listed.flatMap((f) => (reasons.has(fileKey(f)) ? [{ name: f.name, reason: reasons.get(fileKey(f))! }] : []));
    return named.length === 0 ? null : batchRefusal(named, listed.length);
  };

  // Refused files stay listed with why, for the person to remove: the call would be refused whole.
  const add = (picked: File[]) => {
    if (busy) return;
    const known = new Set(files.map(fileKey));
    const fresh = picked.filter((f) => !known.has(fileKey(f)));
    const next = [...files, ...fresh].slice(0, MAX_FILES_PER_CALL);
    const reasons = new Map(refused);
    for (const f of next) {
      const why = refusalHere(f);
      if (why !== undefined) reasons.set(fileKey(f), why);
    }
    const problems = [refusalOf(next, reasons)].filter((p) => p !== null);
    if (files.length + fresh.length > MAX_FILES_PER_CALL) problems.push(`At most ${MAX_FILES_PER_CALL} files per case at creation; add the rest to the case afterwards.`);
    setError(problems.length > 0 ? problems.join(' ') : null);
    setRefused(reasons);
    setFiles(next);
    setProgress(next.map(() => 0));
  };

  // Through the host: the desktop's own open dialog, the browser's file chooser on the web. Not
  // awaited before asking: the browser opens its chooser only during the click.
  const choose = () => {
    setError(null);
    bridge.openPdfs().then(
      (picked) => {
        if (picked.length > 0) add(pickedAsFiles(picked));
      },
      (e: unknown) => setError(messageOf(e)),
    );
  };

  const removeAt = (i: number) => {
    const next = files.filter((_, j) => j !== i);
    const reasons = new Map([...refused].filter(([key]) => next.some((f) => fileKey(f) === key)));
    setFiles(next);
    setProgress((ps) => ps.filter((_, j) => j !== i));
    setRefused(reasons);
    // The message follows the list: it names what is still refused, and goes with the last of them.
    if (refused.size > 0) setError(refusalOf(next, reasons));
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    add([...event.dataTransfer.files]);
  };

  const problem =
    applicant.trim() === ''
      ? 'Enter the applicant’s name.'
      : listId === ''
        ? 'Choose an expected document list.'
        : workflowId === ''
          ? 'Choose a workflow.'
          : files.length === 0
            ? 'Add at least one PDF.'
            : refused.size > 0
              ? `Remove the refused file${refused.size === 1 ? '' : 's'} to send the others.`
              : !online
              ? 'Creating a case needs the server: you are offline.'
              : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (problem !== null || busy) return;
    setError(null);
    setPhase({ kind: 'uploading' });
    setProgress(files.map(() => 0));
    sending.current = { known: new Set((cases ?? []).map((c) => c.id)), applicant: applicant.trim(), files: files.length };
    const handle = uploadNewCase({ serverUrl }, { workflowId, applicant: applicant.trim(), expectedDocList: listId, files }, (fractions) => {
      setProgress(fractions);
      // Once every byte is out, the server reads the files (pre-flight) before it answers.
      if (fractions.every((f) => f >= 1)) setPhase({ kind: 'checking' });
    });
    upload.current = handle;
    const outcome = await handle.done;
    upload.current = null;
    if (outcome.kind === 'refused') {
      setPhase({ kind: 'editing' });
      setProgress(files.map(() => 0));
      // The server names every file it refused (the names it stored are cleaned): each is marked.
      const named = new Map((outcome.refusedFiles ?? []).map((r) => [r.name, r.reason]));
      if (named.size > 0) setRefused(new Map(files.flatMap((f) => (named.has(cleanFileName(f.name)) ? [[fileKey(f), named.get(cleanFileName(f.name))!] as const] : []))));
      setError(outcome.error);
      return;
    }
    const id = outcome.kind === 'created' ? outcome.application.id : outcome.applicationId;
    setPhase({ kind: 'opening', note: outcome.kind === 'created' ? 'The run has started. Opening the case…' : 'The case waits at the gate. Opening it…' });
    // Every answer but a refusal made a run (started, or held at the gate): open the case with it.
    await waitForLocalCase(local, id, 10_000, outcome.kind === 'created' ? (outcome.application.run.number ?? 1) : 1);
    navigate({ page: 'case', id });
  };

  const total = files.reduce((n, f) => n + f.size, 0);
  const sent = files.reduce((n, f, i) => n + f.size * (progress[i] ?? 0), 0);

  return (
    <div className="page narrow new-case-page">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <a {...linkTo({ page: 'cases' })}>Cases</a> <span aria-hidden="true">›</span> <span>New case</span>
      </nav>
      <header className="page-header">
        <div>
          <h1>New case</h1>
          <p className="muted">The applicant’s PDFs go to the server, which checks them at the gate and starts the workflow.</p>
        </div>
      </header>
      <form className="form panel" onSubmit={(e) => void submit(e)} aria-label="New case">
        <div className="field">
          <label htmlFor="new-case-applicant">Applicant</label>
          <input id="new-case-applicant" value={applicant} onChange={(e) => setApplicant(e.target.value)} disabled={busy} maxLength={200} autoComplete="off" />
        </div>
        <div className="row new-case-choices">
          <div className="field">
            <label htmlFor="new-case-list">Expected document list</label>
            <select id="new-case-list" value={listId} onChange={(e) => setListId(e.target.value)} disabled={busy || lists === undefined}>
              {lists === undefined && <option value="">Opening the library…</option>}
              {lists !== undefined && lists.length === 0 && <option value="">No active list</option>}
              {lists?.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name} (v{l.version}
                  {l.source === 'official' ? ', official' : ''}
                  {l.id === defaults?.get('expected-doc-list')?.targetId || l.isDefault ? ', default' : ''})
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="new-case-workflow">Workflow</label>
            <select id="new-case-workflow" value={workflowId} onChange={(e) => setWorkflowId(e.target.value)} disabled={busy || workflows === undefined}>
              {workflows === undefined && <option value="">Opening the library…</option>}
              {workflows !== undefined && workflows.length === 0 && <option value="">No active workflow</option>}
              {workflows?.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name} (v{w.version}
                  {w.id === defaults?.get('workflow')?.targetId || w.isDefault ? ', default' : ''})
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="field">
          <span className="field-label" id="new-case-files-label">
            PDFs
          </span>
          <div
            className={`drop-zone${dragging ? ' dragging' : ''}${busy ? ' disabled' : ''}`}
            aria-labelledby="new-case-files-label"
            data-testid="drop-zone"
            onDragEnter={(e) => {
              e.preventDefault();
              if (!busy) setDragging(true);
            }}
            onDragOver={(e) => {
              e.preventDefault();
              e.dataTransfer.dropEffect = busy ? 'none' : 'copy';
            }}
            onDragLeave={(e) => {
              // Leaving for a child of the zone is not leaving the zone.
              if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
            }}
            onDrop={onDrop}
          >
            <p>
              <strong>Drop PDFs here</strong> <span className="muted">or</span>{' '}
              <button type="button" onClick={choose} disabled={busy}>
                Choose files…
              </button>
            </p>
            <p className="hint">
              Up to {MAX_FILES_PER_CALL} files, each up to {formatBytes(MAX_FILE_BYTES)}.
            </p>
          </div>
          {files.length > 0 && (
            <ul className="upload-list" aria-label="Files to send">
              {files.map((f, i) => {
                const pct = Math.round((progress[i] ?? 0) * 100);
                return (
                  <li key={fileKey(f)} className="upload-item" aria-label={f.name}>
                    <span className="upload-name" title={f.name}>
                      {f.name}
                    </span>
                    <span className="muted small upload-size">{formatBytes(f.size)}</span>
                    <progress className="upload-bar" max={100} value={pct} aria-label={`Upload of ${f.name}`} aria-valuetext={`${pct}%`} />
                    <span className="small upload-pct" aria-hidden="true">
                      {pct}%
                    </span>
                    <button type="button" className="icon" onClick={() => removeAt(i)} disabled={busy} aria-label={`Remove ${f.name}`} title="Remove">
                      ×
                    </button>
                    {refused.has(fileKey(f)) && (
                      <span className="upload-refused small error-text" title={refused.get(fileKey(f))}>
                        Refused: {refused.get(fileKey(f))}
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        <ErrorAlert error={error} />
        <div className="new-case-foot">
          <p className="muted small" role="status" aria-label="Upload status">
            {phase.kind === 'uploading'
              ? `Uploading… ${formatBytes(Math.round(sent))} of ${formatBytes(total)}`
              : phase.kind === 'checking'
                ? 'Uploaded. The server is checking the files at the gate…'
                : phase.kind === 'opening'
                  ? phase.note
                  : (problem ?? `${files.length} file${files.length === 1 ? '' : 's'}, ${formatBytes(total)}: ready to send.`)}
          </p>
          <div className="actions">
            <a className="button" {...linkTo({ page: 'cases' })}>
              Cancel
            </a>
            <button type="submit" className="primary" disabled={problem !== null || busy}>
              {busy ? 'Sending…' : 'Create case and run'}
            </button>
          </div>
        </div>
        {checked?.run.preflight !== undefined && <GateCheck preflight={checked.run.preflight} />}
      </form>
    </div>
  );
}
