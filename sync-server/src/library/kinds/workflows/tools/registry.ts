import { z } from 'zod';
import { isSpineTool, WORKFLOW_SPINE, type StepToolRule, type WorkflowToolOption } from '@portal/shared';
import { applicantNameMatchTool } from './applicant-name-match.js';
import { classifyAndFileTool } from './classify-and-file.js';
import { completenessReportTool } from './completeness-report.js';
import { expiryCheckTool } from './expiry-check.js';
import { extractKeyDataTool } from './extract-key-data.js';
import { parseTool } from './parse.js';
import { previewTool } from './preview.js';
import type { WorkflowToolDefinition } from './tool.js';

/** The spine first, in its order, then the registered tools in the order the editor offers them. */
const ALL_TOOLS: readonly WorkflowToolDefinition[] = [
  previewTool,
  parseTool,
  classifyAndFileTool,
  extractKeyDataTool,
  expiryCheckTool,
  applicantNameMatchTool,
  completenessReportTool,
];

/**
 * The tools workflows can name. Built per app (and per test) from the definitions, so a server
 * embedding more tools passes them in rather than mutating shared state.
 */
export class WorkflowToolRegistry {
  readonly tools: readonly WorkflowToolDefinition[];
  private readonly byId: ReadonlyMap<string, WorkflowToolDefinition>;

  constructor(tools: readonly WorkflowToolDefinition[] = ALL_TOOLS) {
    const byId = new Map<string, WorkflowToolDefinition>();
    for (const t of tools) {
      if (byId.has(t.id)) throw new Error(`Two workflow tools have the id ${t.id}`);
      // Every setting has a default, so a step may leave its settings out; a tool breaking that is a bug.
      if (!t.settings.safeParse({}).success) throw new Error(`The settings of workflow tool ${t.id} have no complete defaults`);
      byId.set(t.id, t);
    }
    WORKFLOW_SPINE.forEach((id, i) => {
      if (tools[i]?.id !== id) throw new Error(`The workflow tools must begin with the spine ${WORKFLOW_SPINE.join(', ')}`);
    });
    for (const t of tools) {
      for (const r of t.requires) if (!byId.has(r)) throw new Error(`Workflow tool ${t.id} requires unknown tool ${r}`);
    }
    this.tools = tools;
    this.byId = byId;
  }

  get(id: string): WorkflowToolDefinition | undefined {
    return this.byId.get(id);
  }

  /** What the pure step rules of `@portal/shared` need to know of each tool. */
  rules(): ReadonlyMap<string, StepToolRule> {
    return this.byId;
  }

  /** The settings a step of `id` gets when it sends none. */
  defaults(id: string): Record<string, unknown> {
    const tool = this.byId.get(id);
    if (!tool) throw new Error(`Unknown workflow tool ${id}`);
    return tool.settings.parse({});
  }

  options(): WorkflowToolOption[] {
    return this.tools.map((t) => ({
      id: t.id,
      name: t.name,
      description: t.description,
      spine: isSpineTool(t.id),
      requires: [...t.requires],
      settingsSchema: settingsJsonSchema(t),
      defaultSettings: this.defaults(t.id),
    }));
  }
}

function settingsJsonSchema(tool: WorkflowToolDefinition): Record<string, unknown> {
  // The input side: fields with defaults are optional, which is how a client may send them.
  const { $schema: _, ...schema } = z.toJSONSchema(tool.settings, { io: 'input' }) as Record<string, unknown>;
  return schema;
}
