import { useId } from 'react';
import { INTEL_ANSWER_TYPES, IntelTemplateEdit, MAX_INTEL_QUESTIONS, type IntelQuestion, type IntelTemplate } from '@portal/shared';
import { ok } from '@portal/shared/client';
import { NameForm } from '../editor/name-form';
import { DraftPage, issuesOf, problemsByRow, RowButtons, RowProblems, rowEdits, useVersionedDraft } from '../editor/kit';
import { useApp } from '../shell/app-context';

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
const QUESTION_WORDING = { rows: { questions: 'Question' }, names: { prompt: 'Question', answerType: 'Answer' } } as const;

/**
 * A draft intel template: its research questions in the order a brief answers them, each with the
 * shape of its answer and guidance for the model and the reviewer. Saved through the server,
 * checked with the contract's schema first; the server also refuses a question asked twice.
 */
export function IntelTemplateDraftEditor({ template, onSaved }: { template: IntelTemplate; onSaved(t: IntelTemplate): void }) {
  const { api } = useApp();
  const p = { path: { templateId: template.id, version: template.version }, query: { source: 'own' as const } };
  const draft = useVersionedDraft<IntelTemplate, TemplateForm>({
    saved: template,
    versionKey: `${template.id}:${template.version}`,
    formOf: (t) => ({ description: t.description, questions: t.questions }),
    check: (form) => {
      const parsed = IntelTemplateEdit.safeParse(form);
      return parsed.success ? [] : issuesOf(parsed.error);
    },
    put: (body) => ok(api.PUT('/intel-templates/{templateId}/{version}', { params: p, body })),
    activate: () => ok(api.POST('/intel-templates/{templateId}/{version}/activate', { params: p })),
    savedNotice: (t) => `Saved version ${t.version} of “${t.name}”.`,
    activatedNotice: (t) => `Version ${t.version} of “${t.name}” is now active: new briefs answer it.`,
    onSaved,
  });
  const { form, disabled } = draft;
  const rows = problemsByRow([...draft.beforeSaving, ...draft.refused], 'questions');
  const setQuestions = (update: (qs: IntelQuestion[]) => IntelQuestion[]) => form.set((f) => ({ ...f, questions: update(f.questions) }));
  const count = form.value.questions.length;

  return (
    <DraftPage
      head={{ back: BACK, name: template.name, version: template.version, familyId: template.id }}
      draft={draft}
      rowNoun="question"
      wording={QUESTION_WORDING}
      blockers={count === 0 ? ['A brief answers a template’s questions, so add at least one.'] : []}
    >
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
              {...rowEdits(setQuestions, i)}
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
    </DraftPage>
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
      <RowProblems problems={problems} wording={QUESTION_WORDING} />
    </li>
  );
}
