import { useEffect, useId, useState } from 'react';
import type { ExpectedDocList } from '@portal/shared';
import { messageOf, ok } from '@portal/shared/client';
import { listParams } from '../api/list-params';
import { useBundles, useMarkedChain, useSavedSections } from '../data/use-local';
import { useApp } from '../shell/app-context';
import { linkTo } from '../shell/router';
import { StatusBadge } from '../ui/status-badge';
import type { CollabSnapshot } from './collab-session';
import { addSection, setDescription, type DraftContent } from './list-ops';
import { NameForm } from './name-form';
import { PresenceBar } from './presence-bar';
import { SectionEditor } from './section-editor';
import { useCollabSession, useCollabView } from './use-collab';

export interface DraftEditorProps {
  listId: string;
  version: number;
  /** The version as last replicated; its name and status head the page. */
  meta: ExpectedDocList;
}

/**
 * A draft list, edited together. Every change is a Yjs edit, sent at once when connected and kept
 * on this device when not; the server saves each state it receives through the same validation as
 * a REST save and writes back `saved` or `invalid` with the errors, shown here to everyone.
 */
export function DraftEditor({ listId, version, meta }: DraftEditorProps) {
  const { api, notify } = useApp();
  const session = useCollabSession(listId, version);
  const { snapshot, draft, others } = useCollabView(session);
  const chain = useMarkedChain();
  const bundles = useBundles();
  const savedSections = useSavedSections();
  const [error, setError] = useState<string | null>(null);
  const [activating, setActivating] = useState(false);
  const descriptionId = useId();
  const readOnly = snapshot.connection === 'closed';

  // Undo and redo of one's own edits with the platform's keys, outside text boxes (which have their own).
  useEffect(() => {
    if (session === null) return;
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target !== null && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT')) return;
      if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 'z') return;
      e.preventDefault();
      if (e.shiftKey) session.undo.redo();
      else session.undo.undo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [session]);

  const activate = async () => {
    setActivating(true);
    setError(null);
    try {
      await ok(api.POST('/expected-doc-lists/{expectedDocListId}/{version}/activate', { params: listParams(listId, version, 'own') }));
      notify(`Version ${version} of “${meta.name}” is now active.`);
    } catch (e) {
      setError(messageOf(e));
      setActivating(false);
    }
  };

  if (session === null || !snapshot.loaded) return <p className="muted">Opening the draft…</p>;

  return (
    <div className="page editor">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <a {...linkTo({ page: 'library' })}>Library</a> <span aria-hidden="true">›</span> <span>{meta.name}</span>
      </nav>
      <header className="page-header">
        <div>
          <h1>
            {meta.name} <span className="muted version">v{version}</span>
          </h1>
          <div className="badges">
            <StatusBadge status="draft" />
            <SaveState snapshot={snapshot} />
          </div>
        </div>
        <div className="toolbar">
          <button type="button" onClick={() => session.undo.undo()} aria-keyshortcuts="Control+Z">
            Undo
          </button>
          <button type="button" onClick={() => session.undo.redo()} aria-keyshortcuts="Control+Shift+Z">
            Redo
          </button>
          <button type="button" className="primary" onClick={() => void activate()} disabled={activating || snapshot.status?.state === 'invalid'}>
            {activating ? 'Activating…' : 'Activate'}
          </button>
        </div>
      </header>

      <LiveState snapshot={snapshot} />
      <PresenceBar others={others} connected={snapshot.connection === 'connected'} />

      {error !== null && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {snapshot.status?.state === 'invalid' && (
        <section className="problems" role="alert" aria-labelledby="problems-title">
          <h2 id="problems-title">Not saved: the draft has problems</h2>
          <p className="small">Everyone editing sees this. The last valid state stays saved on the server until these are fixed.</p>
          <ul>
            {snapshot.status.errors.map((e) => (
              <li key={e}>{readableProblem(e, draft)}</li>
            ))}
          </ul>
        </section>
      )}

      <div className="field">
        <label htmlFor={descriptionId}>Description</label>
        <textarea
          id={descriptionId}
          rows={2}
          value={draft.description}
          readOnly={readOnly}
          placeholder="What this list is for"
          onChange={(e) => session.edit((doc) => setDescription(doc, e.target.value))}
        />
      </div>

      {draft.sections.length === 0 ? (
        <div className="empty">
          <p>
            <strong>This list has no sections yet.</strong>
          </p>
          <p className="muted">Add a section (for example “Identity” or “Income”), then the documents it needs.</p>
        </div>
      ) : (
        draft.sections.map((section, i) => (
          <SectionEditor
            key={section.id}
            session={session}
            section={section}
            index={i}
            count={draft.sections.length}
            chain={chain}
            bundles={bundles}
            others={others}
            listId={listId}
            version={version}
            readOnly={readOnly}
          />
        ))
      )}

      {!readOnly && (
        <div className="editor-foot">
          <NameForm
            formLabel="Add a section"
            fieldLabel="New section"
            placeholder="Section name, e.g. Identity"
            buttonLabel="Add section"
            primary
            onAdd={(name) => session.edit((doc) => addSection(doc, name))}
          />
          <InsertSavedSectionForm
            savedSections={savedSections}
            onInsert={async (savedSectionId) => {
              await ok(
                api.POST('/expected-doc-lists/{expectedDocListId}/{version}/insert-saved-section', {
                  params: { path: { expectedDocListId: listId, version } },
                  body: { savedSectionId },
                }),
              );
              notify('Saved section inserted.');
            }}
          />
        </div>
      )}
    </div>
  );
}

/**
 * The server names lines by id and fields by their API names; people know lines by name.
 * `Line "passport-3c4f2a" (section "Identity", line 1): maxCount 1 is below minCount 2` reads
 * `"Passport" (section "Identity", line 1): the maximum 1 is below the minimum 2`.
 */
function readableProblem(problem: string, draft: DraftContent): string {
  let text = problem;
  for (const section of draft.sections) {
    for (const line of [...section.lines, ...section.subsections.flatMap((u) => u.lines)]) {
      text = text.replaceAll(`Line "${line.id}"`, `"${line.name?.trim() || line.docType}"`);
    }
  }
  return text
    .replace(/\bmaxCount\b/g, 'the maximum')
    .replace(/\bminCount\b/g, 'the minimum')
    .replace(/\bdocType\b/g, 'document type');
}

function SaveState({ snapshot }: { snapshot: CollabSnapshot }) {
  const status = snapshot.status;
  if (status === undefined) return <span className="muted small">No changes yet</span>;
  if (status.state === 'invalid') return <span className="badge badge-invalid">Not saved · {status.errors.length} problem{status.errors.length === 1 ? '' : 's'}</span>;
  return <span className="muted small">Saved on the server{status.savedAt !== null ? ` at ${new Date(status.savedAt).toLocaleTimeString()}` : ''}</span>;
}

/** Whether edits reach colleagues now, or are kept here to be sent later. */
function LiveState({ snapshot }: { snapshot: CollabSnapshot }) {
  const { connection, pending, closedReason } = snapshot;
  let text: string;
  let tone: string;
  if (connection === 'closed') {
    text = closedReason ?? 'Editing has ended.';
    tone = 'error';
  } else if (connection === 'offline') {
    text =
      pending > 0
        ? `Offline. ${pending === 1 ? '1 change is' : `${pending} changes are`} kept on this device and will be merged when you reconnect.`
        : 'Offline. Keep editing: your changes are kept on this device and merged when you reconnect.';
    tone = 'offline';
  } else if (connection === 'connecting' || !snapshot.synced) {
    text = pending > 0 ? `Reconnecting… ${pending === 1 ? '1 change' : `${pending} changes`} waiting to sync.` : 'Connecting…';
    tone = 'connecting';
  } else {
    text = 'Live: changes are shared as you type.';
    tone = 'live';
  }
  return (
    <p className={`live-state live-${tone}`} role="status" aria-label="Editing status">
      {text}
    </p>
  );
}

function InsertSavedSectionForm({ savedSections, onInsert }: { savedSections: { id: string; name: string }[] | undefined; onInsert(id: string): Promise<void> }) {
  const id = useId();
  const [savedSectionId, setSavedSectionId] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (savedSections !== undefined && savedSections.length === 0) {
    return <p className="muted small">Sections you save for reuse (“Save for reuse” on a section) can be inserted here.</p>;
  }
  return (
    <form
      className="inline-form"
      aria-label="Insert a saved section"
      onSubmit={(e) => {
        e.preventDefault();
        if (!savedSectionId) return;
        setBusy(true);
        setError(null);
        onInsert(savedSectionId).then(
          () => {
            setBusy(false);
            setSavedSectionId('');
          },
          (err: unknown) => {
            setBusy(false);
            setError(messageOf(err));
          },
        );
      }}
    >
      <label htmlFor={id}>Saved section</label>
      <select id={id} value={savedSectionId} onChange={(e) => setSavedSectionId(e.target.value)} disabled={busy || savedSections === undefined}>
        <option value="">Choose a saved section…</option>
        {savedSections?.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
      <button type="submit" disabled={busy || savedSectionId === ''}>
        Insert
      </button>
      {error !== null && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
