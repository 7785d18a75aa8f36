import { checkWorkflowSteps, type WorkflowStepValue } from '@portal/shared';
import type { Queryable } from '../../db/db.js';
import { WORKFLOW_FAMILY_KIND, workflowEngine } from '../kinds/workflows/kind.js';
import { STANDARD_INTAKE_ID } from '../kinds/workflows/service.js';
import { WorkflowToolRegistry } from '../kinds/workflows/tools/registry.js';

/**
 * The official workflows. Like the rest of the official content, each is keyed by (id, version):
 * a release that changes one adds its next version here instead of editing a published one.
 */
export interface OfficialWorkflow {
  id: string;
  version: number;
  name: string;
  description: string;
  steps: WorkflowStepValue[];
}

export const officialWorkflows = (): OfficialWorkflow[] => [
  {
    id: STANDARD_INTAKE_ID,
    version: 1,
    name: 'Standard intake',
    description:
      'Previews and parses the packet, files every document against the case’s list, reads each document’s key data, then flags expired identity documents and certificates and documents that do not name the applicant. Every new organization starts with its own copy as its default workflow.',
    steps: [
      { tool: 'preview', settings: {} },
      { tool: 'parse', settings: {} },
      // Filing below 0.6 confidence puts more wrong documents in front of reviewers than it saves them.
      { tool: 'classify-and-file', settings: { minConfidence: 0.6, settleAbove: null, followSplits: true } },
      { tool: 'extract-key-data', settings: { minFieldConfidence: 0.5, includeUnmatched: false, maxPagesPerDocument: 30 } },
      {
        tool: 'expiry-check',
        settings: { graceDays: 0, warnWithinDays: 30, checkIdentityDocuments: true, checkCertificates: true, flagMissingDate: true },
      },
      { tool: 'applicant-name-match', settings: { fuzzyThreshold: 0.85, allowInitials: true, ignoreTitles: true, exemptDocTypes: [] } },
    ],
  },
];

/**
 * Publishes the official workflows the official organization does not have yet, each checked by
 * the same rules as an organization's activation (an incomplete one is a programming error and
 * stops the start). Returns the `kind/id/version` keys it published.
 */
export async function publishOfficialWorkflows(
  tx: Queryable,
  officialOrgId: string,
  workflows: readonly OfficialWorkflow[] = officialWorkflows(),
  tools = new WorkflowToolRegistry(),
): Promise<string[]> {
  const engine = workflowEngine(tools);
  const published: string[] = [];
  for (const w of [...workflows].sort((a, b) => a.version - b.version)) {
    const { steps, problems } = checkWorkflowSteps(w.steps, tools.rules());
    if (problems.length > 0) throw new Error(`Official workflow ${w.id} v${w.version} is incomplete: ${problems.join('; ')}`);
    const content = { description: w.description, steps };
    if (await engine.publish(tx, { orgId: officialOrgId, id: w.id, version: w.version, name: w.name, content })) {
      published.push(`${WORKFLOW_FAMILY_KIND}/${w.id}/${w.version}`);
    }
  }
  return published;
}
