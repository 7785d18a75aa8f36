import type { z } from 'zod';

/**
 * What makes a workflow version "complete enough" to activate (spec Parts 3 and 4): the spine —
 * Preview then Parse — first, then registered tools only, each at most once, each with settings
 * its own schema accepts and each after the tools it reads from. Pure, so the editor can show the
 * same problems the server refuses activation for.
 */

export const PREVIEW_TOOL_ID = 'preview';
export const PARSE_TOOL_ID = 'parse';
/** The steps every workflow begins with, in this order. */
export const WORKFLOW_SPINE: readonly string[] = [PREVIEW_TOOL_ID, PARSE_TOOL_ID];
export const MAX_WORKFLOW_STEPS = 20;

export const isSpineTool = (toolId: string): boolean => WORKFLOW_SPINE.includes(toolId);

/** What the rules need to know of a tool; the server's registry provides it. */
export interface StepToolRule {
  id: string;
  name: string;
  /** The settings schema; defaults it declares are filled in by normalisation. */
  settings: z.ZodType<Record<string, unknown>>;
  /** Tools that must run earlier in the same workflow because this one reads their results. */
  requires: readonly string[];
}

export interface WorkflowStepValue {
  tool: string;
  settings: Record<string, unknown>;
}

export interface CheckedSteps {
  /** The steps with each valid step's settings parsed (defaults filled); invalid ones as given. */
  steps: WorkflowStepValue[];
  /** Why the steps may not be activated; empty when they may. Each names its step by position. */
  problems: string[];
}

const label = (index: number, tool: string) => `step ${index + 1} (${tool})`;

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((i) => {
      const path = i.path.map(String).join('.');
      if (i.code === 'unrecognized_keys') return `unknown setting${i.keys.length > 1 ? 's' : ''} ${i.keys.map((k) => `"${k}"`).join(', ')}`;
      return path ? `settings.${path}: ${i.message}` : `settings: ${i.message}`;
    })
    .join('; ');
}

export function checkWorkflowSteps(steps: readonly WorkflowStepValue[], tools: ReadonlyMap<string, StepToolRule>): CheckedSteps {
  const problems: string[] = [];
  WORKFLOW_SPINE.forEach((spineTool, i) => {
    const at = steps[i];
    if (at?.tool !== spineTool) {
      const name = tools.get(spineTool)?.name ?? spineTool;
      problems.push(
        `step ${i + 1} must be ${name} (${spineTool}): every workflow begins with the spine ${WORKFLOW_SPINE.join(' then ')}${at ? `, not ${at.tool}` : ''}`,
      );
    }
  });
  if (steps.length > MAX_WORKFLOW_STEPS) problems.push(`a workflow has at most ${MAX_WORKFLOW_STEPS} steps, this one has ${steps.length}`);

  const seen = new Map<string, number>();
  const out = steps.map((step, index): WorkflowStepValue => {
    const tool = tools.get(step.tool);
    const earlier = seen.get(step.tool);
    if (earlier === undefined) seen.set(step.tool, index);
    if (!tool) {
      problems.push(`${label(index, step.tool)}: unknown tool; GET /workflow-tools lists the tools`);
      return step;
    }
    if (isSpineTool(step.tool) && index !== WORKFLOW_SPINE.indexOf(step.tool)) {
      // Already reported above when it is missing from its place; here only a second copy is news.
      if (earlier !== undefined) problems.push(`${label(index, step.tool)}: the spine runs once, at the start`);
    } else if (earlier !== undefined) {
      problems.push(`${label(index, step.tool)}: the tool already runs at step ${earlier + 1}; a tool runs at most once`);
    }
    for (const needed of tool.requires) {
      const at = seen.get(needed);
      if (at === undefined || at >= index) {
        const neededName = tools.get(needed)?.name ?? needed;
        problems.push(`${label(index, step.tool)}: needs ${neededName} (${needed}) earlier in the workflow`);
      }
    }
    const parsed = tool.settings.safeParse(step.settings);
    if (!parsed.success) {
      problems.push(`${label(index, step.tool)}: ${describeIssues(parsed.error.issues)}`);
      return step;
    }
    return { tool: step.tool, settings: parsed.data };
  });
  return { steps: out, problems };
}
