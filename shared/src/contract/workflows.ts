import { z } from 'zod';
import { VersionNumber } from './numbers.js';
import { MAX_WORKFLOW_STEPS, WORKFLOW_SPINE } from '../workflows/steps.js';
import { DerivedFrom, LibrarySource } from './library.js';

const WorkflowId = z.string().describe('The workflow’s id: the slug of the name it was created with; it never changes.');

export const WorkflowStatus = z.enum(['draft', 'active']).meta({
  id: 'WorkflowStatus',
  description:
    '`draft` is the only writable status. Activation is one-way and replaces nothing: every activated version stays `active`, and a run takes the highest active version unless it pins one (spec Part 3, workflow rules).',
});

export const WorkflowToolOption = z
  .object({
    id: z.string().describe('What a step names in `tool`.'),
    name: z.string(),
    description: z.string().describe('What the tool does to a case and what it reads.'),
    spine: z.boolean().describe(`True for ${WORKFLOW_SPINE.join(' and ')}, the steps every workflow begins with, in this order.`),
    requires: z.array(z.string()).describe('Tools that must come earlier in the same workflow because this one reads their results.'),
    settingsSchema: z
      .record(z.string(), z.unknown())
      .describe('JSON Schema (2020-12) of the step’s `settings`. Settings left out take the schema’s `default`; unknown settings are refused.'),
    defaultSettings: z.record(z.string(), z.unknown()).describe('The settings a step of this tool has when it sends none.'),
  })
  .meta({ id: 'WorkflowToolOption', description: 'A step a workflow can have: the spine (Preview, Parse) or a registered tool.' });
export type WorkflowToolOption = z.infer<typeof WorkflowToolOption>;

export const WorkflowStep = z
  .object({
    tool: z.string().min(1).max(64).describe('A tool id of GET /workflow-tools.'),
    settings: z
      .record(z.string(), z.unknown())
      .default({})
      .describe('Validated against the tool’s `settingsSchema`; defaults are filled in when the settings are valid.'),
  })
  .meta({ id: 'WorkflowStep', description: 'One step of a workflow: a tool and its settings.' });
export type WorkflowStep = z.infer<typeof WorkflowStep>;

export const Workflow = z
  .object({
    id: WorkflowId,
    version: z.number().int().min(1),
    name: z.string().describe('The name of this version.'),
    description: z.string(),
    status: WorkflowStatus,
    source: LibrarySource,
    isDefault: z.boolean().describe('Whether the workflow (all its versions) is your organization’s default.'),
    steps: z.array(WorkflowStep).describe(`In order: ${WORKFLOW_SPINE.join(', ')}, then registered tools.`),
    problems: z
      .array(z.string())
      .describe(
        'Why this version is not complete enough to activate, each naming its step; empty when it is. Complete enough: the spine first, only known tools, each once, each after the tools it requires, with valid settings.',
      ),
    derivedFrom: DerivedFrom.nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    activatedAt: z.string().nullable(),
  })
  .meta({ id: 'Workflow', description: 'One version of a workflow: a named, ordered list of steps a run follows.' });
export type Workflow = z.infer<typeof Workflow>;

export const WorkflowEdit = z
  .object({
    id: z.string().optional().describe('When sent, must be the id of the path.'),
    version: VersionNumber.optional().describe('When sent, must be the version of the path.'),
    name: z.string().optional().describe('When sent, must be the version’s name: a version never changes its name.'),
    description: z.string().max(2000).optional().describe('Unchanged when absent.'),
    steps: z.array(WorkflowStep).max(MAX_WORKFLOW_STEPS, `a workflow has at most ${MAX_WORKFLOW_STEPS} steps`),
  })
  .meta({
    id: 'WorkflowEdit',
    description:
      'The body of a save: a `Workflow` as read, edited. The fields the server owns (`status`, `source`, `isDefault`, `problems`, `derivedFrom`, timestamps) may be sent back and are ignored. A draft may be saved incomplete (unknown tools, invalid settings, steps out of order): `problems` in the answer says what still blocks activation.',
  });
export type WorkflowEdit = z.infer<typeof WorkflowEdit>;

export const CreateWorkflowInput = z
  .object({
    name: z.string().trim().min(1, 'must not be empty').max(120).describe('The id is the slug of this name.'),
    description: z.string().max(2000).optional(),
  })
  .meta({ id: 'WorkflowInput', description: 'Creates v1, a draft holding the spine (Preview, Parse) and nothing else.' });

export const WorkflowRef = z
  .object({
    id: WorkflowId,
    version: z.number().int().min(1),
    name: z.string(),
    status: WorkflowStatus,
    source: LibrarySource,
  })
  .meta({ id: 'WorkflowRef', description: 'Names one version of a workflow.' });
export type WorkflowRef = z.infer<typeof WorkflowRef>;

export const WorkflowVersionSummary = z
  .object({
    version: z.number().int().min(1),
    name: z.string(),
    status: WorkflowStatus,
    stepCount: z.number().int(),
    complete: z.boolean().describe('Whether the version has no `problems` (drafts only can be incomplete).'),
    createdAt: z.string(),
    updatedAt: z.string(),
    activatedAt: z.string().nullable(),
  })
  .meta({ id: 'WorkflowVersionSummary' });

export const WorkflowListing = z
  .object({
    id: WorkflowId,
    name: z.string().describe('The name of the newest version.'),
    source: LibrarySource,
    isDefault: z
      .boolean()
      .describe('Exactly one workflow is your organization’s default: a new organization starts with its own copy of the official `standard-intake`. It may be an official workflow.'),
    runsVersion: z.number().int().nullable().describe('The version a run takes when it pins none: the highest active version; null when none is active.'),
    versions: z.array(WorkflowVersionSummary).describe('Newest version first.'),
  })
  .meta({
    id: 'WorkflowListing',
    description:
      'One row per workflow: your own workflows (every version), then the official workflows you have no workflow of that id for (active versions only), each group ordered by name.',
  });
export type WorkflowListing = z.infer<typeof WorkflowListing>;
