import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { hasRight } from '@portal/shared';
import type { BundleDoc } from '@portal/shared/sync';
import { messageOf, ok } from '@portal/shared/client';
import type { MarkedChain } from '../data/marked-chain';
import { useBundles, useMarkedChain } from '../data/use-local';
import { DocTypeSelect } from '../editor/doc-type-select';
import { useApp } from '../shell/app-context';
import { PromptDialog } from '../ui/prompt-dialog';
import { DialogActions } from '../ui/dialog-actions';

/** A member's name as the catalogue gives it; the bare id when it no longer resolves. */
const memberName = (chain: MarkedChain | undefined, docType: string) => chain?.lookup.get(docType)?.name ?? docType;

type Editing = { mode: 'create' } | { mode: 'edit'; bundle: BundleDoc };

/**
 * The organization's document bundles: named groups of document types that editors insert into a
 * list as a subsection. Read from the local copy; changes go through the REST API and come back by sync.
 */
export function BundlesPage() {
  const { api, notify, user, local } = useApp();
  const bundles = useBundles();
  const chain = useMarkedChain();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<BundleDoc | null>(null);
  const canEdit = hasRight(user.role, 'library.edit');

  const save = async (name: string, members: string[]) => {
    if (editing === null) return;
    const body = { name, members };
    const saved = await ok(
      editing.mode === 'create'
        ? api.POST('/document-bundles', { body })
        : api.PUT('/document-bundles/{bundleId}', { params: { path: { bundleId: editing.bundle.id } }, body }),
    );
    local.refresh('document-bundles');
    setEditing(null);
    notify(editing.mode === 'create' ? `Created the bundle “${saved.name}”.` : `Saved the bundle “${saved.name}”.`);
  };

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>Bundles</h1>
          <p className="muted">Named groups of document types that editors insert into a list as a subsection, in one step.</p>
        </div>
        {canEdit && (
          <button type="button" className="primary" onClick={() => setEditing({ mode: 'create' })}>
            New bundle
          </button>
        )}
      </header>

      {bundles === undefined ? (
        <p className="muted">Opening bundles…</p>
      ) : bundles.length === 0 ? (
        <div className="empty">
          <p>
            <strong>No bundles yet.</strong>
          </p>
          <p className="muted">
            A bundle names a group of document types your organization asks for together, such as a passport and a utility bill for “Proof of
            identity and address”. In the list editor, “Insert bundle” adds it to a section as a subsection with one line per document type. The
            list keeps its copy: changing or deleting a bundle later does not change lists that already contain it.
          </p>
          {canEdit && <p className="muted">Start with “New bundle”.</p>}
        </div>
      ) : (
        <ul className="cards" aria-label="Bundles">
          {bundles.map((b) => (
            <li key={b.id} className="card" aria-labelledby={`bundle-${b.id}`}>
              <div className="card-header">
                <div>
                  <h2 id={`bundle-${b.id}`} className="card-title">
                    {b.name}
                  </h2>
                  <p className="muted small">
                    {b.members.length === 1 ? '1 document type' : `${b.members.length} document types`}
                    {b.updatedAt ? ` · updated ${new Date(b.updatedAt).toLocaleDateString()}` : ''}
                  </p>
                </div>
              </div>
              <ul className="chips" aria-label={`Document types in ${b.name}`}>
                {b.members.map((m) => (
                  <li key={m} className="chip" title={m}>
                    {memberName(chain, m)}
                  </li>
                ))}
              </ul>
              {canEdit && (
                <div className="card-actions">
                  <button type="button" onClick={() => setEditing({ mode: 'edit', bundle: b })}>
                    Edit…
                  </button>
                  <button type="button" className="danger" onClick={() => setDeleting(b)}>
                    Delete…
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}

      {editing !== null && (
        <BundleDialog
          key={editing.mode === 'edit' ? editing.bundle.id : 'new'}
          title={editing.mode === 'create' ? 'New bundle' : `Edit “${editing.bundle.name}”`}
          submitLabel={editing.mode === 'create' ? 'Create bundle' : 'Save bundle'}
          initial={editing.mode === 'edit' ? editing.bundle : undefined}
          chain={chain}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      )}

      {deleting !== null && (
        <PromptDialog
          title={`Delete “${deleting.name}”?`}
          description="Editors can no longer insert it. Lists that already contain it keep their subsection."
          fields={[]}
          submitLabel="Delete bundle"
          onSubmit={async () => {
            await ok(api.DELETE('/document-bundles/{bundleId}', { params: { path: { bundleId: deleting.id } } }));
            local.refresh('document-bundles');
            setDeleting(null);
            notify(`Deleted the bundle “${deleting.name}”.`);
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}

interface BundleDialogProps {
  title: string;
  submitLabel: string;
  initial: BundleDoc | undefined;
  chain: MarkedChain | undefined;
  /** Rejects with the server's message; the dialog stays open so nothing chosen is lost. */
  onSubmit(name: string, members: string[]): Promise<void>;
  onClose(): void;
}

/** Name and members of a bundle, on the native `<dialog>` like the app's other forms. */
function BundleDialog({ title, submitLabel, initial, chain, onSubmit, onClose }: BundleDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const base = useId();
  const [name, setName] = useState(initial?.name ?? '');
  const [members, setMembers] = useState<string[]>(initial?.members ?? []);
  const [choice, setChoice] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog !== null && !dialog.open) dialog.showModal();
  }, []);

  // What can still be added: the catalogue's document types not already in the bundle.

  const add = () => {
    if (choice === '' || members.includes(choice)) return;
    setMembers([...members, choice]);
    setChoice('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit(name, members);
    } catch (e) {
      setError(messageOf(e));
      setBusy(false);
    }
  };

  return (
    <dialog ref={ref} className="dialog" aria-labelledby={`${base}-title`} onClose={onClose} onCancel={onClose}>
      <form onSubmit={(e) => void submit(e)} className="form">
        <h2 id={`${base}-title`}>{title}</h2>
        <p className="muted">Lists that already contain this bundle keep their copy.</p>
        <div className="field">
          <label htmlFor={`${base}-name`}>Name</label>
          <input id={`${base}-name`} required autoFocus value={name} onChange={(e) => setName(e.target.value)} disabled={busy} />
        </div>
        <fieldset className="field members-field">
          <legend>Document types</legend>
          {members.length === 0 ? (
            <p className="muted small">None yet: add at least one below.</p>
          ) : (
            <ol className="picked" aria-label="Chosen document types">
              {members.map((m) => (
                <li key={m}>
                  <span>{memberName(chain, m)}</span>
                  <button
                    type="button"
                    className="icon"
                    aria-label={`Remove ${memberName(chain, m)}`}
                    onClick={() => setMembers(members.filter((x) => x !== m))}
                    disabled={busy}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ol>
          )}
          <div className="member-picker">
            <label htmlFor={`${base}-type`} className="visually-hidden">
              Document type to add
            </label>
            <DocTypeSelect id={`${base}-type`} chain={chain} value={choice} onChange={setChoice} disabled={busy} exclude={members} />
            <button type="button" onClick={add} disabled={busy || choice === ''}>
              Add document type
            </button>
          </div>
        </fieldset>
        <DialogActions error={error} busy={busy} submitLabel={submitLabel} onCancel={onClose} />
      </form>
    </dialog>
  );
}
