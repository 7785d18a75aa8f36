import { checkWorkflowSteps, type WorkflowStepValue } from '@portal/shared';
import { FamilyEngine, type FamilyKind } from '../../family-engine.js';
import type { WorkflowToolRegistry } from './tools/registry.js';

/** What a workflow version stores in `library_versions.content`. */
export interface WorkflowContent {
  description: string;
  steps: WorkflowStepValue[];
}

/** Stored in `family_kind`; 003's one-active index leaves this kind out, as workflows need. */
export const WORKFLOW_FAMILY_KIND = 'workflow';

/**
 * Workflows on the family engine. Saving takes any well-formed steps (a draft is work in
 * progress; `problems` tells the editor what still blocks activation); activation needs the
 * steps complete by the rules of `@portal/shared` and never supersedes (spec Part 3).
 */
export function workflowKind(tools: WorkflowToolRegistry): FamilyKind<WorkflowContent> {
  return {
    kind: WORKFLOW_FAMILY_KIND,
    noun: 'workflow',
    policy: { supersedeOnActivate: false },
    async validate(content) {
      return { description: content.description, steps: checkWorkflowSteps(content.steps, tools.rules()).steps };
    },
    async incompleteness(content) {
      const { problems } = checkWorkflowSteps(content.steps, tools.rules());
      return problems.length > 0 ? problems.join('; ') : null;
    },
  };
}

export const workflowEngine = (tools: WorkflowToolRegistry) => new FamilyEngine(workflowKind(tools));
export type WorkflowEngine = FamilyEngine<WorkflowContent>;
