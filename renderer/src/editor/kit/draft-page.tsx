import { useId, useState, type ReactNode } from 'react';
import { readableProblem, type ProblemWording } from '@portal/shared';
import { useApp } from '../../shell/app-context';
import { useOnline, useOperation } from './access';
import { useDraftForm } from './draft-form';
import { ProblemsPanel, splitProblems } from './problems';
import { useLeaveGuard, type SaveState } from './save-state';
import { VersionHead, type VersionHeadProps } from './version-head';

/** What a REST-saved kind tells the kit about its drafts. */
export interface DraftSpec<V, F> {
  /** The version as last saved. */
  saved: V;
  /** The version's identity: the form starts again when it changes. */
  versionKey: string;
  formOf(saved: V): F;
  /** The checks the server runs on a save, run here first so most mistakes show before sending. */
  check(form: F): string[];
  put(form: F): Promise<V>;
  activate(): Promise<V>;
  savedNotice(saved: V): string;
  activatedNotice(active: V): string;
  /** The server's answer, shown at once before sync brings it back. */
  onSaved(answer: V): void;
}

/**
 * A draft of a REST-saved kind being edited: the form over the saved version, Save and Activate
 * (which saves first), the problems of the checks and of the server's refusals, and the save
 * state the page shows. Leaving with unsaved changes asks first.
 */
export function useVersionedDraft<V, F>(spec: DraftSpec<V, F>) {
  const { notify } = useApp();
  const online = useOnline();
  const op = useOperation();
  const form = useDraftForm<F>(spec.formOf(spec.saved), spec.versionKey);
  // Before the first refused Save only what the server said is shown, not an empty key being filled in.
  const [attempted, setAttempted] = useState(false);
  useLeaveGuard(form.dirty);

  const save = async (): Promise<boolean> => {
    const problems = spec.check(form.value);
    setAttempted(problems.length > 0);
    if (problems.length > 0) return false;
    const sent = form.value;
    return op.run('save', async () => {
      const saved = await spec.put(sent);
      form.rebase(sent, spec.formOf(saved));
      spec.onSaved(saved);
      notify(spec.savedNotice(saved));
    });
  };
  const activate = async () => {
    if (form.dirty && !(await save())) return;
    await op.run('activate', async () => {
      const active = await spec.activate();
      spec.onSaved(active);
      notify(spec.activatedNotice(active));
    });
  };
  const saveState: SaveState = { model: 'on-save', state: op.busy === 'save' ? 'saving' : form.dirty ? 'unsaved' : 'saved', online };
  return {
    form,
    op,
    online,
    disabled: !online || op.busy !== null,
    beforeSaving: attempted ? spec.check(form.value) : [],
    refused: op.error === null ? [] : splitProblems(op.error),
    save,
    activate,
    saveState,
  };
}

export type VersionedDraft<F> = ReturnType<typeof useVersionedDraft<unknown, F>>;

/**
 * The page of a draft of a REST-saved kind: the head with its save state and Discard, Save and
 * Activate; what keeps it from saving or activating; its description; then the kind's rows.
 */
export function DraftPage<F extends { description: string }>({ head, draft, rowNoun, wording, blockers, children }: {
  head: Omit<VersionHeadProps, 'status' | 'source' | 'saveState' | 'children'>;
  draft: VersionedDraft<F>;
  /** What one row is called ("field"), for where its problems are shown. */
  rowNoun: string;
  wording: ProblemWording;
  /** What still keeps the draft from being activated, by the rules activation checks. */
  blockers: readonly string[];
  children: ReactNode;
}) {
  const descriptionId = useId();
  const { form, op, disabled } = draft;
  return (
    <div className="page editor">
      <VersionHead {...head} status="draft" source="own" saveState={draft.saveState}>
        <button type="button" onClick={form.discard} disabled={disabled || !form.dirty}>
          Discard changes
        </button>
        <button type="button" onClick={() => void draft.save()} disabled={disabled || !form.dirty}>
          {op.busy === 'save' ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="primary" onClick={() => void draft.activate()} disabled={disabled}>
          {op.busy === 'activate' ? 'Activating…' : 'Activate'}
        </button>
      </VersionHead>
      <ProblemsPanel title="The server refused this" problems={draft.refused} hint={`Problems about one ${rowNoun} are also shown next to it.`} wording={wording} />
      <ProblemsPanel title="Fix these before saving" problems={draft.beforeSaving} wording={wording} />
      {blockers.length > 0 && (
        <section className="notice" aria-label="Not complete enough to activate">
          <strong>Not complete enough to activate yet</strong>
          <ul>
            {[...new Set(blockers.map((b) => readableProblem(b, wording)))].map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        </section>
      )}
      <div className="field">
        <label htmlFor={descriptionId}>Description</label>
        <textarea
          id={descriptionId}
          rows={2}
          value={form.value.description}
          disabled={disabled}
          onChange={(e) => {
            const description = e.target.value;
            form.set((f) => ({ ...f, description }));
          }}
        />
      </div>
      {children}
    </div>
  );
}
