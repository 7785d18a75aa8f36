import { IN_FLIGHT_STATES, isInFlight, type GateFlag, type GateReasonName, type RunStateName } from '@portal/shared';
import type { ParsedPage } from '../analyzer/types.js';
import type { StoredPage } from './ingested.js';
import { runFromJson } from '../applications/repository.js';
import type { RunRow } from '../applications/rows.js';
import type { Queryable } from '../db/db.js';

// Every SQL statement of runs and what they produce (pages, documents). The case's files and
// its row are the applications area's; the run marks files read through here because it is the
// same transaction that lands the run.

export const RUN_JOB = 'run.stage';
export const RECOVER_JOB = 'runs.recover';

export async function nextRunNumber(tx: Queryable, applicationId: string): Promise<number> {
  const { rows } = await tx.query<{ n: number }>('SELECT coalesce(max(n), 0)::int + 1 AS n FROM runs WHERE application_id = $1', [applicationId]);
  return rows[0]!.n;
}

export interface NewRun {
  applicationId: string;
  n: number;
  orgId: string;
  state: RunStateName;
  gateReason: GateReasonName | null;
  flags: GateFlag[];
  lastError: string | null;
  workflow: { orgId: string; id: string; version: number; steps: { tool: string; settings: Record<string, unknown> }[] };
  fileIds: string[];
  decidedBy: string;
  authenticatedAs: string;
  pagesTotal: number;
  at: Date;
}

/** Inserts a run and makes it the case's current one. */
export async function insertRun(tx: Queryable, r: NewRun): Promise<RunRow> {
  const inFlight = isInFlight(r.state);
  await tx.query(
    `INSERT INTO runs (application_id, n, org_id, state, gate_reason, flags, last_error, workflow_org_id, workflow_id, workflow_version, steps, file_ids,
                       decided_by, authenticated_as, pages_total, created_at, started_at, ended_at)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11::jsonb, $12::jsonb, $13, $14, $15, $16, $17, $18)`,
    [
      r.applicationId,
      r.n,
      r.orgId,
      r.state,
      r.gateReason,
      JSON.stringify(r.flags),
      r.lastError,
      r.workflow.orgId,
      r.workflow.id,
      r.workflow.version,
      JSON.stringify(r.workflow.steps),
      JSON.stringify(r.fileIds),
      r.decidedBy,
      r.authenticatedAs,
      r.pagesTotal,
      r.at,
      inFlight ? r.at : null,
      inFlight ? null : r.at,
    ],
  );
  await tx.query('UPDATE applications SET current_run = $2 WHERE id = $1', [r.applicationId, r.n]);
  return (await getRun(tx, r.applicationId, r.n))!;
}

export async function getRun(q: Queryable, applicationId: string, n: number): Promise<RunRow | null> {
  const { rows } = await q.query<{ run: Record<string, unknown> }>('SELECT row_to_json(r) AS run FROM runs r WHERE application_id = $1 AND n = $2', [applicationId, n]);
  return runFromJson(rows[0]?.run ?? null);
}

/**
 * Moves a run on, only from `from` (and, for a run in flight, only while nobody asked it to
 * stop): false when it had already moved (cancelled, failed, or taken on by another worker).
 */
export async function moveRun(
  tx: Queryable,
  applicationId: string,
  n: number,
  from: RunStateName | readonly RunStateName[],
  patch: {
    state?: RunStateName;
    gateReason?: GateReasonName | null;
    lastError?: string | null;
    step?: string | null;
    pagesDone?: number;
    pagesTotal?: number;
    decidedBy?: string;
    authenticatedAs?: string;
    bypassedBy?: string;
    fileIds?: string[];
    flags?: GateFlag[];
    cancelRequestedBy?: string;
    startedAt?: Date;
    endedAt?: Date | null;
    report?: unknown;
    attempts?: number;
  },
): Promise<boolean> {
  const sets: string[] = [];
  const params: unknown[] = [applicationId, n, [from].flat()];
  const set = (column: string, value: unknown, cast = '') => {
    params.push(value);
    sets.push(`${column} = $${params.length}${cast}`);
  };
  if (patch.state !== undefined) set('state', patch.state);
  if (patch.gateReason !== undefined) set('gate_reason', patch.gateReason);
  if (patch.lastError !== undefined) set('last_error', patch.lastError);
  if (patch.step !== undefined) set('step', patch.step);
  if (patch.pagesDone !== undefined) set('pages_done', patch.pagesDone);
  if (patch.pagesTotal !== undefined) set('pages_total', patch.pagesTotal);
  if (patch.decidedBy !== undefined) set('decided_by', patch.decidedBy);
  if (patch.authenticatedAs !== undefined) set('authenticated_as', patch.authenticatedAs);
  if (patch.bypassedBy !== undefined) set('bypassed_by', patch.bypassedBy);
  if (patch.fileIds !== undefined) set('file_ids', JSON.stringify(patch.fileIds), '::jsonb');
  if (patch.flags !== undefined) set('flags', JSON.stringify(patch.flags), '::jsonb');
  if (patch.cancelRequestedBy !== undefined) set('cancel_requested_by', patch.cancelRequestedBy);
  if (patch.startedAt !== undefined) set('started_at', patch.startedAt);
  if (patch.endedAt !== undefined) set('ended_at', patch.endedAt);
  if (patch.report !== undefined) set('report', JSON.stringify(patch.report), '::jsonb');
  if (patch.attempts !== undefined) set('attempts', patch.attempts);
  const { rowCount } = await tx.query(
    `UPDATE runs SET ${sets.join(', ')} WHERE application_id = $1 AND n = $2 AND state = ANY($3::text[]) AND cancel_requested_by IS NULL`,
    params,
  );
  return rowCount > 0;
}

/** The pages read of each file, in page order. */
export async function pagesOf(q: Queryable, fileIds: readonly string[]): Promise<Map<string, ParsedPage[]>> {
  const { rows } = await q.query<{ file_id: string; page: number; width: number; height: number; source: ParsedPage['source']; lines: ParsedPage['lines'] }>(
    'SELECT file_id, page, width, height, source, lines FROM application_pages WHERE file_id = ANY($1::text[]) ORDER BY file_id, page',
    [fileIds],
  );
  const out = new Map<string, ParsedPage[]>();
  for (const r of rows) {
    const list = out.get(r.file_id) ?? [];
    list.push({ page: r.page, width: r.width, height: r.height, source: r.source, lines: r.lines, images: [] });
    out.set(r.file_id, list);
  }
  return out;
}

/** The pages pre-flight could not read without OCR, by file, among `fileIds`. */
export async function scanPages(q: Queryable, fileIds: readonly string[]): Promise<Map<string, number[]>> {
  const { rows } = await q.query<{ file_id: string; page: number }>('SELECT file_id, page FROM application_pages WHERE file_id = ANY($1::text[]) AND scan ORDER BY file_id, page', [fileIds]);
  const out = new Map<string, number[]>();
  for (const r of rows) out.set(r.file_id, [...(out.get(r.file_id) ?? []), r.page]);
  return out;
}

/** A page painted as an image, with no text layer to read. */
export const isScan = (p: ParsedPage): boolean => p.source === 'none' && p.images.length > 0;

/**
 * Stores (or replaces) the pages read of a file; a page taken from an analysis ingest names it
 * (migration 028). `only`: replace just these pages, keeping the file's others as stored.
 */
export async function savePages(
  tx: Queryable,
  o: { orgId: string; applicationId: string; fileId: string; runN: number; pages: readonly StoredPage[]; only?: boolean },
): Promise<void> {
  if (o.only) await tx.query('DELETE FROM application_pages WHERE file_id = $1 AND page = ANY($2::int[])', [o.fileId, o.pages.map((p) => p.page)]);
  else await tx.query('DELETE FROM application_pages WHERE file_id = $1', [o.fileId]);
  if (o.pages.length === 0) return;
  await tx.query(
    `INSERT INTO application_pages (file_id, page, org_id, application_id, run_n, width, height, source, scan, lines, analysis_id)
     SELECT $1, p.page, $2, $3, $4, p.width, p.height, p.source, p.scan, p.lines, p.analysis_id
       FROM jsonb_to_recordset($5::jsonb) AS p(page int, width real, height real, source text, scan boolean, lines jsonb, analysis_id text)`,
    [
      o.fileId,
      o.orgId,
      o.applicationId,
      o.runN,
      JSON.stringify(
        o.pages.map((p) => ({ page: p.page, width: p.width, height: p.height, source: p.source, scan: isScan(p), lines: p.lines, analysis_id: p.analysis ?? null })),
      ),
    ],
  );
}

export interface DocumentRecord {
  address: string;
  fileId: string;
  firstPage: number;
  lastPage: number;
  spans: { fileId: string; pages: number[] }[];
  title: string;
  docType: string;
  confidence: number;
  runnersUp: { docType: string; confidence: number }[];
  boundaryConfidence: number;
  expectedDocId: string | null;
  settled: boolean;
  suggestedName: string;
  keyData: Record<string, unknown>;
  keyFields: Record<string, unknown>;
  findings: { check: string; code: string; note: string }[];
  splitConfirmed: boolean;
  splitOf: string | null;
  /** Where its boundaries and type came from when not the built-in analyzer: `analysis:<id>`, `model:<name>`, `parse`. */
  source: string | null;
}

/** Stores what a run proposed; a document at an address an earlier run proposed is replaced. */
export async function saveDocuments(tx: Queryable, o: { orgId: string; applicationId: string; runN: number; documents: readonly DocumentRecord[] }): Promise<void> {
  if (o.documents.length === 0) return;
  await tx.query(
    `INSERT INTO application_documents (application_id, address, org_id, file_id, first_page, last_page, spans, title, doc_type, confidence, runners_up,
                                        boundary_confidence, expected_doc_id, settled, suggested_name, key_data, key_fields, findings, split_confirmed, split_of, source, run_n)
     SELECT $1, d.address, $2, d.file_id, d.first_page, d.last_page, d.spans, d.title, d.doc_type, d.confidence, d.runners_up,
            d.boundary_confidence, d.expected_doc_id, d.settled, d.suggested_name, d.key_data, d.key_fields, d.findings, d.split_confirmed, d.split_of, d.source, $3
       FROM jsonb_to_recordset($4::jsonb) AS d(address text, file_id text, first_page int, last_page int, spans jsonb, title text, doc_type text, confidence real,
                                               runners_up jsonb, boundary_confidence real, expected_doc_id text, settled boolean, suggested_name text,
                                               key_data jsonb, key_fields jsonb, findings jsonb, split_confirmed boolean, split_of text, source text)
     ON CONFLICT (application_id, address) DO UPDATE SET
       file_id = EXCLUDED.file_id, first_page = EXCLUDED.first_page, last_page = EXCLUDED.last_page, spans = EXCLUDED.spans, title = EXCLUDED.title,
       doc_type = EXCLUDED.doc_type, confidence = EXCLUDED.confidence, runners_up = EXCLUDED.runners_up, boundary_confidence = EXCLUDED.boundary_confidence,
       expected_doc_id = EXCLUDED.expected_doc_id, settled = EXCLUDED.settled, suggested_name = EXCLUDED.suggested_name, key_data = EXCLUDED.key_data,
       key_fields = EXCLUDED.key_fields, findings = EXCLUDED.findings, split_confirmed = EXCLUDED.split_confirmed, split_of = EXCLUDED.split_of,
       source = EXCLUDED.source, run_n = EXCLUDED.run_n, deleted = false`,
    [
      o.applicationId,
      o.orgId,
      o.runN,
      JSON.stringify(
        o.documents.map((d) => ({
          address: d.address,
          file_id: d.fileId,
          first_page: d.firstPage,
          last_page: d.lastPage,
          spans: d.spans,
          title: d.title,
          doc_type: d.docType,
          confidence: d.confidence,
          runners_up: d.runnersUp,
          boundary_confidence: d.boundaryConfidence,
          expected_doc_id: d.expectedDocId,
          settled: d.settled,
          suggested_name: d.suggestedName,
          key_data: d.keyData,
          key_fields: d.keyFields,
          findings: d.findings,
          split_confirmed: d.splitConfirmed,
          split_of: d.splitOf,
          source: d.source,
        })),
      ),
    ],
  );
}

/**
 * The documents the case lists before this run (they count towards its lines): as people's
 * decisions left them (the documents area keeps `case_documents`, migration 014).
 */
export async function filedDocuments(q: Queryable, applicationId: string): Promise<{ address: string; expected_doc_id: string | null; settled: boolean }[]> {
  const { rows } = await q.query<{ address: string; expected_doc_id: string | null; settled: boolean }>(
    `SELECT address, expected_doc_id, coalesce((entry->>'settled')::boolean, false) AS settled FROM case_documents WHERE application_id = $1 ORDER BY ord`,
    [applicationId],
  );
  return rows;
}

export async function markFilesRead(tx: Queryable, fileIds: readonly string[], n: number): Promise<void> {
  await tx.query('UPDATE application_files SET read_by_run = $2 WHERE id = ANY($1::text[]) AND read_by_run IS NULL', [fileIds, n]);
}

/**
 * Runs in flight that no job will move on: their job ended for good (every attempt's worker
 * died) or is gone. They are returned to the gate.
 */
export async function strandedRuns(q: Queryable): Promise<RunRow[]> {
  const { rows } = await q.query<{ run: Record<string, unknown> }>(
    `SELECT row_to_json(r) AS run FROM runs r
      WHERE r.state = ANY($2::text[])
        AND NOT EXISTS (SELECT 1 FROM jobs j
                         WHERE j.kind = $1 AND j.status IN ('queued', 'running')
                           AND j.payload->>'applicationId' = r.application_id AND (j.payload->>'n')::int = r.n)`,
    [RUN_JOB, IN_FLIGHT_STATES],
  );
  return rows.map((r) => runFromJson(r.run)!);
}
