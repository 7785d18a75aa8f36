import type { DocumentEntry, DocumentSpan } from '@portal/shared';
import type { Queryable } from '../db/db.js';
import type { Decision, DecisionKind, Proposal } from './listing.js';

// Every SQL statement of decisions, filed PDFs and the stored list (migration 014). Proposals
// are the runs area's rows (application_documents), read here.

export interface DecisionRow extends Decision {
  org_id: string;
  application_id: string;
  undone_at: Date | null;
  undone_by: string | null;
  undone_authenticated_as: string | null;
}

export interface ApprovedDocRow {
  id: string;
  org_id: string;
  application_id: string;
  decision_id: string;
  address: string;
  spans: DocumentSpan[];
  sha256: string;
  size: number;
  page_count: number;
  suggested_name: string;
  withdrawn_at: Date | null;
}

/**
 * GET /applications/{id}/documents in one statement: the case (null when not the
 * organization's) and its stored list in page order.
 */
export async function listedEntries(q: Queryable, orgId: string, applicationId: string): Promise<DocumentEntry[] | null> {
  const { rows } = await q.query<{ entries: DocumentEntry[] }>(
    `SELECT coalesce((SELECT json_agg(d.entry ORDER BY d.ord) FROM case_documents d WHERE d.application_id = a.id), '[]'::json) AS entries
       FROM applications a WHERE a.id = $1 AND a.org_id = $2 AND NOT a.deleted`,
    [applicationId, orgId],
  );
  return rows[0]?.entries ?? null;
}

/** What the list is made of: every run's landing and every decision append to the case's ledger. */
export async function listFingerprint(q: Queryable, orgId: string, applicationId: string): Promise<string> {
  const { rows } = await q.query<{ seq: number | null }>(
    `SELECT (SELECT h.seq FROM ledger_heads h WHERE h.application_id = a.id) AS seq FROM applications a WHERE a.id = $1 AND a.org_id = $2`,
    [applicationId, orgId],
  );
  return rows[0] ? `docs:${rows[0].seq ?? 0}` : 'none';
}

export async function proposals(q: Queryable, applicationId: string): Promise<Proposal[]> {
  const { rows } = await q.query<Proposal>(
    `SELECT address, file_id, spans, title, doc_type, confidence, runners_up, boundary_confidence, expected_doc_id, settled, suggested_name,
            key_data, key_fields, findings, split_confirmed, split_of, source
       FROM application_documents WHERE application_id = $1 AND NOT deleted ORDER BY file_id, first_page, last_page`,
    [applicationId],
  );
  return rows;
}

export async function decisions(q: Queryable, applicationId: string, options: { undone?: boolean } = {}): Promise<DecisionRow[]> {
  const { rows } = await q.query<DecisionRow>(
    `SELECT * FROM document_decisions WHERE application_id = $1 ${options.undone ? '' : 'AND undone_at IS NULL'} ORDER BY seq`,
    [applicationId],
  );
  return rows;
}

export async function findDecision(q: Queryable, orgId: string, applicationId: string, id: string): Promise<DecisionRow | undefined> {
  const { rows } = await q.query<DecisionRow>('SELECT * FROM document_decisions WHERE id = $1 AND application_id = $2 AND org_id = $3', [id, applicationId, orgId]);
  return rows[0];
}

export async function insertDecision(
  tx: Queryable,
  d: {
    id: string;
    orgId: string;
    applicationId: string;
    kind: DecisionKind;
    address: string;
    spans: DocumentSpan[] | null;
    expectedDocId: string | null;
    unmatched: boolean;
    approvedDocId: string | null;
    decidedBy: string;
    authenticatedAs: string;
    at: Date;
    /** correct: the field, the value (null: cleared, stored as SQL NULL) and where it is printed (migration 021). */
    correction?: { field: string; value: unknown; valueAt: { fileId: string; page: number; line: number } | null };
  },
): Promise<DecisionRow> {
  const c = d.correction;
  const { rows } = await tx.query<DecisionRow>(
    `INSERT INTO document_decisions (id, org_id, application_id, seq, kind, address, spans, expected_doc_id, unmatched, approved_doc_id, decided_by, authenticated_as, created_at, field, value, value_at)
     VALUES ($1, $2, $3, (SELECT coalesce(max(seq), 0) + 1 FROM document_decisions WHERE application_id = $3), $4, $5, $6::jsonb, $7, $8, $9, $10, $11, $12, $13, $14::jsonb, $15::jsonb)
     RETURNING *`,
    [
      d.id,
      d.orgId,
      d.applicationId,
      d.kind,
      d.address,
      d.spans ? JSON.stringify(d.spans) : null,
      d.expectedDocId,
      d.unmatched,
      d.approvedDocId,
      d.decidedBy,
      d.authenticatedAs,
      d.at,
      c?.field ?? null,
      c && c.value !== null ? JSON.stringify(c.value) : null,
      c?.valueAt ? JSON.stringify(c.valueAt) : null,
    ],
  );
  return rows[0]!;
}

export async function markUndone(tx: Queryable, id: string, by: string, authenticatedAs: string, at: Date): Promise<void> {
  await tx.query('UPDATE document_decisions SET undone_at = $2, undone_by = $3, undone_authenticated_as = $4 WHERE id = $1', [id, at, by, authenticatedAs]);
  await tx.query('DELETE FROM document_page_claims WHERE decision_id = $1', [id]);
  await tx.query('UPDATE approved_docs SET withdrawn_at = $2 WHERE decision_id = $1 AND withdrawn_at IS NULL', [id, at]);
}

/**
 * Takes the pages for a decision. Returns the decision already holding one of them, if any
 * (then nothing was taken: the caller's transaction rolls back).
 */
export async function claimPages(tx: Queryable, applicationId: string, decisionId: string, spans: readonly DocumentSpan[]): Promise<string | null> {
  const pages = spans.flatMap((s) => s.pages.map((page) => ({ file_id: s.fileId, page })));
  const { rowCount } = await tx.query(
    `INSERT INTO document_page_claims (application_id, file_id, page, decision_id)
     SELECT $1, p.file_id, p.page, $2 FROM jsonb_to_recordset($3::jsonb) AS p(file_id text, page int)
     ON CONFLICT DO NOTHING`,
    [applicationId, decisionId, JSON.stringify(pages)],
  );
  if (rowCount === pages.length) return null;
  const { rows } = await tx.query<{ decision_id: string }>(
    `SELECT c.decision_id FROM document_page_claims c JOIN jsonb_to_recordset($2::jsonb) AS p(file_id text, page int) ON p.file_id = c.file_id AND p.page = c.page
      WHERE c.application_id = $1 AND c.decision_id <> $3 LIMIT 1`,
    [applicationId, JSON.stringify(pages), decisionId],
  );
  return rows[0]?.decision_id ?? null;
}

export async function insertApprovedDoc(
  tx: Queryable,
  a: { id: string; orgId: string; applicationId: string; decisionId: string; address: string; spans: DocumentSpan[]; sha256: string; size: number; pageCount: number; suggestedName: string; at: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO approved_docs (id, org_id, application_id, decision_id, address, spans, sha256, size, page_count, suggested_name, created_at)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11)`,
    [a.id, a.orgId, a.applicationId, a.decisionId, a.address, JSON.stringify(a.spans), a.sha256, a.size, a.pageCount, a.suggestedName, a.at],
  );
}

/** A filed PDF of the case, while its approval stands. */
export async function findApprovedDoc(q: Queryable, orgId: string, applicationId: string, id: string): Promise<ApprovedDocRow | undefined> {
  const { rows } = await q.query<ApprovedDocRow>(
    `SELECT d.* FROM approved_docs d JOIN applications a ON a.id = d.application_id AND NOT a.deleted
      WHERE d.id = $1 AND d.application_id = $2 AND d.org_id = $3 AND d.withdrawn_at IS NULL`,
    [id, applicationId, orgId],
  );
  return rows[0];
}

/**
 * Replaces the stored list of a case with `rows` (in page order). Only what changed is written:
 * each written row takes a new rev, which desktops pull again, and a row removed leaves a
 * tombstone they pull as deleted (migration 018).
 */
export async function storeListing(tx: Queryable, orgId: string, applicationId: string, rows: readonly { address: string; expectedDocId: string | null; entry: DocumentEntry }[]): Promise<void> {
  const listed = JSON.stringify(rows.map((r, ord) => ({ address: r.address, ord, expected_doc_id: r.expectedDocId, entry: r.entry })));
  const records = 'jsonb_to_recordset($2::jsonb) AS r(address text, ord int, expected_doc_id text, entry jsonb)';
  await tx.query(`DELETE FROM case_documents d WHERE d.application_id = $1 AND NOT EXISTS (SELECT 1 FROM ${records} WHERE r.address = d.address)`, [applicationId, listed]);
  if (rows.length === 0) return;
  await tx.query(
    `UPDATE case_documents d SET ord = r.ord, expected_doc_id = r.expected_doc_id, entry = r.entry FROM ${records}
      WHERE d.application_id = $1 AND d.address = r.address AND (d.ord, d.expected_doc_id, d.entry) IS DISTINCT FROM (r.ord, r.expected_doc_id, r.entry)`,
    [applicationId, listed],
  );
  await tx.query(
    `INSERT INTO case_documents (application_id, address, org_id, ord, expected_doc_id, entry)
     SELECT $1, r.address, $3, r.ord, r.expected_doc_id, r.entry FROM ${records}
      WHERE NOT EXISTS (SELECT 1 FROM case_documents d WHERE d.application_id = $1 AND d.address = r.address)`,
    [applicationId, listed, orgId],
  );
}

/** The stored list's documents in page order: the line each counts for, and whether a person approved it (completeness). */
export async function listedLines(q: Queryable, applicationId: string): Promise<{ address: string; expected_doc_id: string | null; approved: boolean }[]> {
  const { rows } = await q.query<{ address: string; expected_doc_id: string | null; approved: boolean }>(
    `SELECT address, expected_doc_id, coalesce((entry->'approval'->>'outcome') = 'approved', false) AS approved FROM case_documents WHERE application_id = $1 ORDER BY ord`,
    [applicationId],
  );
  return rows;
}

/** The text lines of the given pages, by `fileId` and page. */
export async function pageTexts(q: Queryable, applicationId: string, spans: readonly DocumentSpan[]): Promise<Map<string, string[]>> {
  const fileIds = [...new Set(spans.map((s) => s.fileId))];
  const out = new Map<string, string[]>();
  if (fileIds.length === 0) return out;
  const { rows } = await q.query<{ file_id: string; page: number; lines: { text: string }[] }>(
    'SELECT file_id, page, lines FROM application_pages WHERE application_id = $1 AND file_id = ANY($2::text[])',
    [applicationId, fileIds],
  );
  for (const r of rows) out.set(`${r.file_id}:${r.page}`, r.lines.map((l) => l.text));
  return out;
}

/** The pages of `spans` as a run read them, in the spans' order (pages no run read are left out). */
export async function pagesOfSpans(
  q: Queryable,
  applicationId: string,
  spans: readonly DocumentSpan[],
): Promise<{ fileId: string; page: number; width: number; height: number; lines: { text: string; box: { x: number; y: number; w: number; h: number } }[] }[]> {
  const wanted = spans.flatMap((s) => s.pages.map((page) => ({ file_id: s.fileId, page })));
  if (wanted.length === 0) return [];
  const { rows } = await q.query<{ file_id: string; page: number; width: number; height: number; lines: { text: string; box: { x: number; y: number; w: number; h: number } }[] }>(
    `SELECT p.file_id, p.page, p.width, p.height, p.lines FROM application_pages p
       JOIN jsonb_to_recordset($2::jsonb) AS w(file_id text, page int) ON w.file_id = p.file_id AND w.page = p.page
      WHERE p.application_id = $1`,
    [applicationId, JSON.stringify(wanted)],
  );
  const byKey = new Map(rows.map((r) => [`${r.file_id}:${r.page}`, r]));
  return wanted.flatMap((w) => {
    const r = byKey.get(`${w.file_id}:${w.page}`);
    return r ? [{ fileId: r.file_id, page: r.page, width: r.width, height: r.height, lines: r.lines }] : [];
  });
}

/** One page as a run read it (its size, whether it is a scan, its lines with boxes); undefined when no run read it. */
export async function pageRead(
  q: Queryable,
  applicationId: string,
  fileId: string,
  page: number,
): Promise<
  | { width: number; height: number; scan: boolean; source: string; analysis_id: string | null; lines: { text: string; box: { x: number; y: number; w: number; h: number } }[] }
  | undefined
> {
  const { rows } = await q.query<{ width: number; height: number; scan: boolean; source: string; analysis_id: string | null; lines: { text: string; box: { x: number; y: number; w: number; h: number } }[] }>(
    'SELECT width, height, scan, source, analysis_id, lines FROM application_pages WHERE application_id = $1 AND file_id = $2 AND page = $3',
    [applicationId, fileId, page],
  );
  return rows[0];
}
