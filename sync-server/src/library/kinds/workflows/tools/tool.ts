import { z } from 'zod';
import type { Queryable } from '../../../../db/db.js';

/** A tool's settings: a strict object schema, every field with a default, so `{}` is valid. */
export type ToolSettingsSchema = z.ZodType<Record<string, unknown>>;

/**
 * A step a workflow can name. Definitions are data: the run engine attaches behaviour through
 * `WorkflowToolRun`, keyed by `id`, so what the library validates and what runs cannot disagree
 * on a tool's settings.
 */
export interface WorkflowToolDefinition<S extends ToolSettingsSchema = ToolSettingsSchema> {
  id: string;
  name: string;
  description: string;
  settings: S;
  /** Tools that must run earlier in the same workflow because this one reads their results. */
  requires: readonly string[];
}

/** One step of one run over one case: what a tool is given when the run engine calls it. */
export interface WorkflowToolRunContext {
  /** The run's transaction; a step's writes and its ledger rows commit together. */
  tx: Queryable;
  orgId: string;
  applicationId: string;
  /** The workflow version the run resolved and follows. */
  workflow: { id: string; version: number };
  /** Position of this step in the workflow, from 0. */
  stepIndex: number;
  /** Aborted when the run is cancelled or its lease is lost; long work checks it between documents. */
  signal: AbortSignal;
}

/** The behaviour of a tool, implemented by the run engine against the settings its schema parsed. */
export type WorkflowToolRun<S extends ToolSettingsSchema> = (context: WorkflowToolRunContext, settings: z.output<S>) => Promise<void>;

export const defineTool = <S extends ToolSettingsSchema>(tool: WorkflowToolDefinition<S>): WorkflowToolDefinition<S> => tool;

/** A confidence between 0 and 1. */
export const confidence = (def: number, description: string) => z.number().min(0).max(1).default(def).describe(description);
