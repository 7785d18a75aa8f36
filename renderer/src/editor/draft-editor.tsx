import { useEffect, useId, useState } from 'react';
import { readableProblem, type ExpectedDocList } from '@portal/shared';
import { messageOf, ok } from '@portal/shared/client';
import { listParams } from '../api/list-params';
import { useBundles, useMarkedChain, useSavedSections } from '../data/use-local';
import { useApp } from '../shell/app-context';
import type { CollabSnapshot } from './collab-session';
import { CollabText } from './collab-text';
import { addSection, type DraftContent, type TextTarget } from './list-ops';
import { NameForm } from './name-form';
import { PresenceBar } from './presence-bar';
import { SectionEditor } from './section-editor';
import { useCollabSession, useCollabView } from './use-collab';
import { ProblemsPanel, Refusal, splitProblems, useOperation, VersionHead, type SaveState } from './kit';

const DESCRIPTION: TextTarget = { field: 'description' };

export const LIBRARY = { label: 'Library', route: { page: 'library' } } as const;

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
  const op = useOperation();
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

  const activate = () =>
    op.run('activate', async () => {
      await ok(api.POST('/expected-doc-lists/{expectedDocListId}/{version}/activate', { params: listParams(listId, version, 'own') }));
      notify(`Version ${version} of “${meta.name}” is now active.`);
    });

  if (session === null || !snapshot.loaded) return <p className="muted">Opening the draft…</p>;
  const problems = snapshot.status?.state === 'invalid' ? snapshot.status.errors.map((e) => readableListProblem(e, draft)) : [];

  return (
    <div className="page editor">
      <VersionHead back={LIBRARY} name={meta.name} version={version} status="draft" source="own" familyId={listId} saveState={liveSaveState(snapshot)}>
        <button type="button" onClick={() => session.undo.undo()} aria-keyshortcuts="Control+Z">
          Undo
        </button>
        <button type="button" onClick={() => session.undo.redo()} aria-keyshortcuts="Control+Shift+Z">
          Redo
        </button>
        <button type="button" className="primary" onClick={() => void activate()} disabled={op.busy !== null || problems.length > 0}>
          {op.busy === 'activate' ? 'Activating…' : 'Activate'}
        </button>
      </VersionHead>

      <LiveState snapshot={snapshot} />
      <PresenceBar others={others} connected={snapshot.connection === 'connected'} />

      {op.error !== null && <ProblemsPanel title="The server refused this" problems={splitProblems(op.error)} wording={LIST_WORDING} />}
      <ProblemsPanel
        title="Not saved: the draft has problems"
        problems={problems}
        hint="Everyone editing sees this. The last valid state stays saved on the server until these are fixed."
      />

      <div className="field">
        <label htmlFor={descriptionId}>Description</label>
        <CollabText multiline session={session} target={DESCRIPTION} id={descriptionId} rows={2} readOnly={readOnly} placeholder="What this list is for" />
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

/** How problems name a list's parts, as the editor labels them. */
const LIST_WORDING = {
  rows: { sections: 'Section', subsections: 'subsection', lines: 'line' },
  names: { maxCount: 'Maximum', minCount: 'Minimum', docType: 'Document type', note: 'Note', name: 'Name' },
} as const;

/**
 * The server names lines by id and fields by their API names; people know lines by name.
 * `Line "passport-3c4f2a" (section "Identity", line 1): maxCount 1 is below minCount 2` reads
 * `"Passport" (section "Identity", line 1): the maximum 1 is below the minimum 2`.
 */
function readableListProblem(problem: string, draft: DraftContent): string {
  let text = problem;
  for (const section of draft.sections) {
    for (const line of [...section.lines, ...section.subsections.flatMap((u) => u.lines)]) {
      text = text.replaceAll(`Line "${line.id}"`, `"${line.name?.trim() || line.docType}"`);
    }
  }
  return readableProblem(text, LIST_WORDING)
    .replace(/\bmaxCount\b/g, 'the maximum')
    .replace(/\bminCount\b/g, 'the minimum')
    .replace(/\bdocType\b/g, 'document type');
}

/** Saved as typed: the server's word on the last state it received, or that edits wait on this device. */
function liveSaveState(snapshot: CollabSnapshot): SaveState {
  const { connection, pending, status } = snapshot;
  if (connection === 'closed') return { model: 'live', state: 'ended', detail: snapshot.closedReason ?? undefined };
  if (connection === 'offline') {
    return {
      model: 'live',
      state: 'offline',
      detail: pending > 0 ? `${pending === 1 ? '1 change waits' : `${pending} changes wait`} to be sent when you reconnect.` : undefined,
    };
  }
  if (status?.state === 'invalid') return { model: 'live', state: 'invalid', problems: status.errors.length };
  if (pending > 0 || (connection === 'connecting' && !snapshot.synced)) return { model: 'live', state: 'saving' };
  return { model: 'live', state: 'saved', savedAt: status?.savedAt ?? null };
}

/**
 * Whether edits reach colleagues now. What is saved is the save state's to say; this line is
 * about working together.
 */
function LiveState({ snapshot }: { snapshot: CollabSnapshot }) {
  const { connection, closedReason } = snapshot;
  let text: string;
  let tone: string;
  if (connection === 'closed') {
    text = closedReason ?? 'Editing has ended.';
    tone = 'error';
  } else if (connection === 'offline') {
    text = 'Offline. Keep editing: colleagues get your changes, and you theirs, merged when you reconnect.';
    tone = 'offline';
  } else if (connection === 'connecting' || !snapshot.synced) {
    text = 'Connecting…';
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
      <Refusal message={error} />
    </form>
  );
}
