import { useId, useState } from 'react';
import { checkWorkflowSteps, MAX_WORKFLOW_STEPS, readableMessage, WorkflowEdit, type Workflow, type WorkflowStepValue } from '@portal/shared';
import { ok } from '@portal/shared/client';
import { DraftPage, issuesOf, problemsByRow, RowButtons, RowProblems, rowEdits, useVersionedDraft } from '../editor/kit';
import { useApp } from '../shell/app-context';
import { humanize } from './humanize';
import { settingOfProblem, ToolSettingsForm } from './tool-settings-form';
import type { WorkflowTools } from './use-workflow-tools';

interface WorkflowForm {
  description: string;
  steps: WorkflowStepValue[];
}

const BACK = { label: 'Workflows', route: { page: 'workflows' } } as const;
const STEP_WORDING = { rows: { steps: 'Step' } } as const;
const params = (workflowId: string, version: number) => ({ path: { workflowId, version }, query: { source: 'own' as const } });

/** Problems of the settings the tool's schema refuses, by step and setting; what names no setting by step. */
function checkSettings(steps: readonly WorkflowStepValue[], tools: WorkflowTools) {
  const bySetting = new Map<number, Map<string, string[]>>();
  const other: string[] = [];
  steps.forEach((step, i) => {
    const schema = tools.settings.get(step.tool);
    if (schema === undefined) return;
    const parsed = schema.safeParse(step.settings);
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      const name = issue.path[0];
      if (typeof name === 'string') {
        const forStep = bySetting.get(i) ?? new Map<string, string[]>();
        forStep.set(name, [...(forStep.get(name) ?? []), readableMessage(issue.message)]);
        bySetting.set(i, forStep);
      } else {
        other.push(`step ${i + 1} (${step.tool}): ${issue.message}`);
      }
    }
  });
  return { bySetting, other };
}

/**
 * A draft workflow: its steps in order and each step's settings, saved through the server. The
 * body is checked with the contract's schema and every step's settings with its tool's schema
 * before sending; what still keeps the draft from being activated is shown as it is typed, by
 * the same rules the server activates by.
 */
export function WorkflowDraftEditor({ workflow, tools, onSaved }: { workflow: Workflow; tools: WorkflowTools; onSaved(w: Workflow): void }) {
  const { api } = useApp();
  const addId = useId();
  const p = params(workflow.id, workflow.version);
  const draft = useVersionedDraft<Workflow, WorkflowForm>({
    saved: workflow,
    versionKey: `${workflow.id}:${workflow.version}`,
    formOf: (w) => ({ description: w.description, steps: w.steps }),
    check: (form) => {
      const parsed = WorkflowEdit.safeParse(form);
      const problems = parsed.success ? [] : issuesOf(parsed.error);
      const { bySetting, other } = checkSettings(form.steps, tools);
      for (const [i, forStep] of bySetting) for (const [name, messages] of forStep) problems.push(...messages.map((m) => `step ${i + 1} (${form.steps[i]!.tool}): settings.${name}: ${m}`));
      return [...problems, ...other];
    },
    put: (body) => ok(api.PUT('/workflows/{workflowId}/{version}', { params: p, body })),
    activate: () => ok(api.POST('/workflows/{workflowId}/{version}/activate', { params: p })),
    savedNotice: (w) => (w.problems.length === 0 ? `Saved version ${w.version} of “${w.name}”.` : `Saved version ${w.version}; it is not complete enough to activate yet.`),
    activatedNotice: (w) => `Version ${w.version} of “${w.name}” is now active: runs take it from now on.`,
    onSaved,
  });
  const { form, disabled } = draft;

  const settings = checkSettings(form.value.steps, tools);
  // Saved and unchanged: the server's own word on what blocks activation (it also knows the rules a JSON Schema cannot carry).
  const blocking = form.dirty ? checkWorkflowSteps(form.value.steps, tools.rules).problems : workflow.problems;
  const server = draft.refused;
  const rows = problemsByRow(
    [...server, ...blocking].filter((pr) => settingOfProblem(pr) === null && !/unknown setting/.test(pr)),
    'steps',
  );
  const serverBySetting = new Map<number, Map<string, string[]>>();
  for (const pr of [...server, ...(form.dirty ? [] : workflow.problems)]) {
    const row = problemsByRow([pr], 'steps').byRow.keys().next().value;
    const name = settingOfProblem(pr);
    if (row === undefined || name === null) continue;
    const forStep = serverBySetting.get(row) ?? new Map<string, string[]>();
    forStep.set(name, [...(forStep.get(name) ?? []), readableMessage(pr.replace(/^.*?settings\.[A-Za-z0-9_]+:\s*/, ''))]);
    serverBySetting.set(row, forStep);
  }

  const setSteps = (update: (steps: WorkflowStepValue[]) => WorkflowStepValue[]) => form.set((f) => ({ ...f, steps: update(f.steps) }));
  const used = new Set(form.value.steps.map((s) => s.tool));
  const addable = tools.options.filter((t) => !t.spine && !used.has(t.id));
  const [adding, setAdding] = useState('');
  const spineCount = tools.options.filter((t) => t.spine).length;

  return (
    <DraftPage head={{ back: BACK, name: workflow.name, version: workflow.version, familyId: workflow.id }} draft={draft} rowNoun="step" wording={STEP_WORDING} blockers={blocking}>
      <h2 className="section-title">Steps</h2>
      <ol className="lib-rows" aria-label="Steps">
        {form.value.steps.map((step, i) => {
          const tool = tools.byId.get(step.tool);
          const name = tool?.name ?? humanize(step.tool);
          const bySetting = new Map<string, string[]>();
          for (const source of [settings.bySetting.get(i), serverBySetting.get(i)]) {
            // The same refusal can come both in the saved version's problems and in the activation's answer.
            for (const [k, v] of source ?? []) bySetting.set(k, [...new Set([...(bySetting.get(k) ?? []), ...v])]);
          }
          const spine = tool?.spine ?? false;
          return (
            <li key={`${step.tool}-${i}`} className={`lib-row${rows.byRow.has(i) || bySetting.size > 0 ? ' lib-row-invalid' : ''}`} role="group" aria-label={`Step ${i + 1}: ${name}`}>
              <div className="lib-row-head">
                <span className="step-number" aria-hidden="true">
                  {i + 1}
                </span>
                <div>
                  <strong>{name}</strong> <span className="muted small mono">{step.tool}</span>
                  {spine && <span className="badge lib-badge-spine">Every workflow starts with it</span>}
                </div>
                {/* The spine stays where it is: every workflow begins with it, in its order. */}
                {!spine && (
                  <RowButtons
                    label={`step ${name}`}
                    index={i - spineCount}
                    count={form.value.steps.length - spineCount}
                    disabled={disabled}
                    onMove={rowEdits(setSteps, i).onMove}
                    onRemove={rowEdits(setSteps, i).onRemove}
                  />
                )}
              </div>
              {tool?.description && <p className="muted small">{tool.description}</p>}
              {tool !== undefined && tool.requires.length > 0 && (
                <p className="muted small">Needs earlier: {tool.requires.map((r) => tools.byId.get(r)?.name ?? r).join(', ')}.</p>
              )}
              {tool === undefined ? (
                <p className="error-text">Not a tool this server knows; remove this step.</p>
              ) : (
                <ToolSettingsForm
                  tool={tool}
                  settings={step.settings}
                  problems={bySetting}
                  disabled={disabled}
                  onChange={(next) => setSteps((s) => s.map((x, j) => (j === i ? { ...x, settings: next } : x)))}
                />
              )}
              <RowProblems problems={rows.byRow.get(i)} wording={STEP_WORDING} />
            </li>
          );
        })}
      </ol>
      <form
        className="inline-form lib-add"
        aria-label="Add a step"
        onSubmit={(e) => {
          e.preventDefault();
          const tool = tools.byId.get(adding);
          if (tool === undefined) return;
          setSteps((s) => [...s, { tool: tool.id, settings: { ...tool.defaultSettings } }]);
          setAdding('');
        }}
      >
        <label htmlFor={addId}>Add a step</label>
        <select id={addId} value={adding} onChange={(e) => setAdding(e.target.value)} disabled={disabled || addable.length === 0}>
          <option value="">{addable.length === 0 ? 'Every tool is in use' : 'Choose a tool…'}</option>
          {addable.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
        <button type="submit" disabled={disabled || adding === '' || form.value.steps.length >= MAX_WORKFLOW_STEPS}>
          Add step
        </button>
      </form>
    </DraftPage>
  );
}
