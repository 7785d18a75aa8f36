import { useId, useState } from 'react';
import { INTEL_ANSWER_TYPES, IntelTemplateEdit, MAX_INTEL_QUESTIONS, type IntelQuestion, type IntelTemplate } from '@portal/shared';
import { ok } from '@portal/shared/client';
import { NameForm } from '../editor/name-form';
import { useApp } from '../shell/app-context';
import {
  issuesOf,
  moved,
  OfflineNotice,
  ProblemsPanel,
  problemsByRow,
  RowButtons,
  RowProblems,
  splitProblems,
  useDraftForm,
  useOnline,
  useOperation,
  VersionHead,
} from '../library/version-kit';

export const ANSWER_TYPES: Record<NonNullable<IntelQuestion['answerType']>, string> = {
  text: 'a short text',
  'yes-no': 'yes or no, then why',
  amount: 'an amount with its currency',
  date: 'a date',
  number: 'a number',
  list: 'a list, one item per line',
};

interface TemplateForm {
  description: string;
  questions: IntelQuestion[];
}

const BACK = { label: 'Intel templates', route: { page: 'intel-templates' } } as const;

/**
 * A draft intel template: its research questions in the order a brief answers them, each with the
 * shape of its answer and guidance for the model and the reviewer. Saved through the server,
 * checked with the contract's schema first; the server also refuses a question asked twice.
 */
export function IntelTemplateDraftEditor({ template, onSaved }: { template: IntelTemplate; onSaved(t: IntelTemplate): void }) {
  const { api, notify } = useApp();
  const online = useOnline();
  const op = useOperation();
  const descriptionId = useId();
  const form = useDraftForm<TemplateForm>({ description: template.description, questions: template.questions }, `${template.id}:${template.version}`);
  const [checked, setChecked] = useState(false);
  const p = { path: { templateId: template.id, version: template.version }, query: { source: 'own' as const } };

  const parsed = IntelTemplateEdit.safeParse(form.value);
  const local = checked && !parsed.success ? issuesOf(parsed.error) : [];
  const server = op.error === null ? [] : splitProblems(op.error);
  const rows = problemsByRow([...local, ...server], 'questions');

  const save = async (): Promise<boolean> => {
    setChecked(true);
    if (!IntelTemplateEdit.safeParse(form.value).success) return false;
    const sent = form.value;
    return op.run('save', async () => {
      const saved = await ok(api.PUT('/intel-templates/{templateId}/{version}', { params: p, body: sent }));
      form.rebase(sent, { description: saved.description, questions: saved.questions });
      onSaved(saved);
      notify(`Saved version ${saved.version} of “${saved.name}”.`);
    });
  };
  const activate = async () => {
    if (form.dirty && !(await save())) return;
    await op.run('activate', async () => {
      const active = await ok(api.POST('/intel-templates/{templateId}/{version}/activate', { params: p }));
      onSaved(active);
      notify(`Version ${active.version} of “${active.name}” is now active: new briefs answer it.`);
    });
  };
  const setQuestions = (update: (qs: IntelQuestion[]) => IntelQuestion[]) => form.set((f) => ({ ...f, questions: update(f.questions) }));
  const disabled = !online || op.busy !== null;
  const count = form.value.questions.length;

  return (
    <div className="page editor">
      <VersionHead
        back={BACK}
        name={template.name}
        version={template.version}
        status="draft"
        source="own"
        badges={form.dirty ? <span className="badge badge-unsaved">Unsaved changes</span> : <span className="badge">Saved</span>}
      >
        <button type="button" onClick={form.discard} disabled={disabled || !form.dirty}>
          Discard changes
        </button>
        <button type="button" onClick={() => void save()} disabled={disabled || !form.dirty}>
          {op.busy === 'save' ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="primary" onClick={() => void activate()} disabled={disabled}>
          {op.busy === 'activate' ? 'Activating…' : 'Activate'}
        </button>
      </VersionHead>
      {!online && <OfflineNotice>Editing, saving and activating a draft need the server (only lists are edited offline); unsaved changes stay on this page until you are back.</OfflineNotice>}
      <ProblemsPanel title="The server refused this" problems={server} hint="Problems about one question are also shown next to it." />
      <ProblemsPanel title="Fix these before saving" problems={local} />
      {count === 0 && <p className="notice">Not complete enough to activate yet: a brief answers a template’s questions, so add at least one.</p>}

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

      <h2 className="section-title">Questions</h2>
      {count === 0 ? (
        <p className="muted">No questions yet. Ask what a reviewer needs to know from the case’s pages, one question at a time.</p>
      ) : (
        <ol className="lib-rows" aria-label="Questions">
          {form.value.questions.map((q, i) => (
            <QuestionRow
              key={i}
              question={q}
              index={i}
              count={count}
              problems={rows.byRow.get(i)}
              disabled={disabled}
              onChange={(next) => setQuestions((qs) => qs.map((x, j) => (j === i ? next : x)))}
              onMove={(by) => setQuestions((qs) => moved(qs, i, by))}
              onRemove={() => setQuestions((qs) => qs.filter((_, j) => j !== i))}
            />
          ))}
        </ol>
      )}
      {count < MAX_INTEL_QUESTIONS && (
        <div className="lib-add">
          <NameForm
            formLabel="Add a question"
            fieldLabel="New question"
            placeholder="e.g. Does the applicant’s income cover the rent three times?"
            buttonLabel="Add question"
            onAdd={(prompt) => setQuestions((qs) => [...qs, { prompt }])}
          />
        </div>
      )}
    </div>
  );
}

function QuestionRow({ question: q, index, count, problems, disabled, onChange, onMove, onRemove }: {
  question: IntelQuestion;
  index: number;
  count: number;
  problems: readonly string[] | undefined;
  disabled: boolean;
  onChange(next: IntelQuestion): void;
  onMove(by: number): void;
  onRemove(): void;
}) {
  const id = useId();
  const label = `question ${index + 1}`;
  return (
    <li className={`lib-row${problems?.length ? ' lib-row-invalid' : ''}`} role="group" aria-label={`Question ${index + 1}`}>
      <div className="lib-row-head">
        <span className="step-number" aria-hidden="true">
          {index + 1}
        </span>
        <strong className="lib-grow">{q.prompt || 'New question'}</strong>
        <RowButtons label={label} index={index} count={count} onMove={onMove} onRemove={onRemove} disabled={disabled} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-prompt`}>Question</label>
        <textarea id={`${id}-prompt`} rows={2} value={q.prompt} disabled={disabled} onChange={(e) => onChange({ ...q, prompt: e.target.value })} />
      </div>
      <div className="lib-grid-2">
        <div className="field">
          <label htmlFor={`${id}-type`}>Answer</label>
          <select
            id={`${id}-type`}
            value={q.answerType ?? ''}
            disabled={disabled}
            onChange={(e) => {
              const { answerType: _, ...rest } = q;
              onChange(e.target.value === '' ? rest : { ...rest, answerType: e.target.value as NonNullable<IntelQuestion['answerType']> });
            }}
          >
            <option value="">Free text</option>
            {INTEL_ANSWER_TYPES.map((t) => (
              <option key={t} value={t}>
                {ANSWER_TYPES[t].charAt(0).toUpperCase() + ANSWER_TYPES[t].slice(1)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-guidance`}>Guidance</label>
          <textarea
            id={`${id}-guidance`}
            rows={3}
            value={q.guidance ?? ''}
            disabled={disabled}
            placeholder="What evidence counts, what to cite, what to flag"
            onChange={(e) => {
              const { guidance: _, ...rest } = q;
              onChange(e.target.value === '' ? rest : { ...rest, guidance: e.target.value });
            }}
          />
        </div>
      </div>
      <RowProblems problems={problems} />
    </li>
  );
}
