import {
  caseExpectedDocs,
  isInFlight,
  lineTally,
  type Application,
  type ApplicationListing,
  type ApplicationRun,
  type CaseExpectedDoc,
  type FileFlag,
  type GateFlag,
  type GateReasonName,
  type LineOverride,
  type ListLine,
  type RunPreflight,
  type RunStateName,
  type SourceFile,
} from '@portal/shared';

// Rows of the cases' tables and their API shapes; the runs area imports these.

/** A line of the pinned list, as copied onto the case. */
export type PinnedLine = ListLine;

export interface ApplicationRow {
  id: string;
  org_id: string;
  applicant_name: string;
  list_org_id: string;
  list_id: string;
  list_version: number;
  list_name: string;
  list_source: 'own' | 'official';
  list_lines: PinnedLine[];
  /** Lines set by hand on this case (migration 027): waivers of list lines, lines added for it. */
  line_overrides: LineOverride[];
  /** The run call's pre-flight while it reads the case's files (migration 034); null otherwise. */
  preflight: RunPreflight | null;
  sample: boolean;
  created_by: string;
  current_run: number | null;
  created_at: Date;
  updated_at: Date;
}

export interface FileRow {
  id: string;
  org_id: string;
  application_id: string;
  position: number;
  name: string;
  size: number;
  sha256: string;
  page_count: number;
  expected_doc_id: string | null;
  received_by: string;
  received_at: Date;
  read_by_run: number | null;
  removed_at: Date | null;
  flags: FileFlag[];
}

export interface RunRow {
  application_id: string;
  n: number;
  org_id: string;
  kind: 'parse';
  state: RunStateName;
  gate_reason: GateReasonName | null;
  flags: GateFlag[];
  last_error: string | null;
  workflow_org_id: string;
  workflow_id: string;
  workflow_version: number;
  steps: { tool: string; settings: Record<string, unknown> }[];
  file_ids: string[];
  decided_by: string;
  authenticated_as: string;
  bypassed_by: string | null;
  step: string | null;
  pages_done: number;
  pages_total: number;
  cancel_requested_by: string | null;
  attempts: number;
  created_at: Date;
  started_at: Date | null;
  ended_at: Date | null;
}

/**
 * The case's run as the API shows it: its latest run, or a case waiting at the gate for its first;
 * with the pre-flight of a run call reading its files, when one is.
 */
export function toApplicationRun(run: RunRow | null, preflight: RunPreflight | null = null): ApplicationRun {
  const shown = lastRun(run);
  return preflight ? Object.assign({}, shown, { preflight }) : shown;
}

function lastRun(run: RunRow | null): ApplicationRun {
  if (!run) {
    return { state: 'gated', kind: null, number: null, gateReason: null, flags: [], workflow: null, decidedBy: null, authenticatedAs: null, progress: null, startedAt: null, endedAt: null };
  }
  const inFlight = isInFlight(run.state);
  return {
    state: run.state,
    kind: run.kind,
    number: run.n,
    ...(run.last_error !== null && run.state === 'gated' ? { lastRunError: run.last_error } : {}),
    gateReason: run.state === 'gated' ? run.gate_reason : null,
    flags: run.state === 'gated' && run.gate_reason === 'flags' ? run.flags : [],
    workflow: { id: run.workflow_id, version: run.workflow_version },
    decidedBy: run.decided_by,
    authenticatedAs: run.authenticated_as,
    progress: inFlight ? { stage: run.state, step: run.step, pagesDone: run.pages_done, pagesTotal: run.pages_total } : null,
    startedAt: run.started_at?.toISOString() ?? null,
    endedAt: run.ended_at?.toISOString() ?? null,
  };
}

export const toSourceFile = (f: FileRow): SourceFile => ({
  id: f.id,
  name: f.name,
  size: Number(f.size),
  sha256: f.sha256,
  pageCount: f.page_count,
  expectedDocId: f.expected_doc_id,
  receivedBy: f.received_by,
  receivedAt: f.received_at.toISOString(),
  readByRun: f.read_by_run,
  flags: f.flags,
});

function base(a: ApplicationRow, run: RunRow | null) {
  return {
    id: a.id,
    applicantName: a.applicant_name,
    run: toApplicationRun(run, a.preflight ?? null),
    expectedDocList: { id: a.list_id, version: a.list_version, name: a.list_name, source: a.list_source, lineCount: a.list_lines.length },
    sample: a.sample,
    createdBy: a.created_by,
    createdAt: a.created_at.toISOString(),
    updatedAt: a.updated_at.toISOString(),
  };
}

/** The lines the case is checked against: its list version's with what people set by hand on it. */
export const expectedDocsOf = (a: Pick<ApplicationRow, 'list_lines' | 'line_overrides'>): CaseExpectedDoc[] => caseExpectedDocs(a.list_lines, a.line_overrides ?? []);

// Object.assign onto base's fresh object, not `{ ...base(a, run), … }`: cases are listed and
// pulled by the page, and V8 (Node 20) adds properties after a leading spread on a slow path
// (DESIGN.md "Hot paths").
export const toApplication = (a: ApplicationRow, run: RunRow | null, files: FileRow[]): Application =>
  Object.assign(base(a, run), { files: files.map(toSourceFile), expectedDocs: expectedDocsOf(a) });

/** `docsFiled` and `docsTotal` from how many listed documents are filed against each line (`FILED_COUNTS`). */
export function docCounts(a: ApplicationRow & { filed_counts: Record<string, number> | null }): { docsFiled: number; docsTotal: number } {
  const { satisfied, total } = lineTally(expectedDocsOf(a), a.filed_counts ?? {});
  return { docsFiled: satisfied, docsTotal: total };
}

export const toListing = (
  a: ApplicationRow & { file_count: number; page_count: number; filed_counts: Record<string, number> | null },
  run: RunRow | null,
): ApplicationListing => Object.assign(base(a, run), { fileCount: Number(a.file_count), pageCount: Number(a.page_count) }, docCounts(a));
