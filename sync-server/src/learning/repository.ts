import type { DocumentSpan } from '@portal/shared';
import type { Queryable } from '../db/db.js';
import type { LearnPage } from '../analyzer/learn/index.js';
import { pagesOfSpans } from '../documents/repository.js';

// The SQL of an organization's learning examples (migration 021). Pages are read as the documents
// area reads them.

export interface ExampleRow {
  id: string;
  /** The decision that taught it, and who made it (as they proved it). */
  decision_id: string;
  taught_by: string;
  doc_type: string;
  field: string | null;
  example: unknown;
  /** A Manager taught it, or a second person confirmed it (learning_confirmations). */
  confirmed: boolean;
}

/** The first `limit` pages of `spans` as a run read them, in the spans' order (the documents area's reader). */
export async function pagesOf(q: Queryable, applicationId: string, spans: readonly DocumentSpan[], limit: number): Promise<LearnPage[]> {
  const first: DocumentSpan[] = [];
  let left = limit;
  for (const s of spans) {
    if (left <= 0) break;
    first.push({ ...s, pages: s.pages.slice(0, left) });
    left -= first[first.length - 1]!.pages.length;
  }
  return pagesOfSpans(q, applicationId, first);
}

export async function insertExample(
  tx: Queryable,
  e: { id: string; orgId: string; applicationId: string; decisionId: string; kind: 'type' | 'field'; docType: string; field: string | null; address: string; example: unknown; at: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO learning_examples (id, org_id, application_id, decision_id, kind, doc_type, field, address, example, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10)`,
    [e.id, e.orgId, e.applicationId, e.decisionId, e.kind, e.docType, e.field, e.address, JSON.stringify(e.example), e.at],
  );
}

/** Forgets what a decision taught, and the confirmations it gave (it was undone). */
export async function deleteByDecision(tx: Queryable, decisionId: string): Promise<void> {
  await tx.query('DELETE FROM learning_examples WHERE decision_id = $1', [decisionId]);
  await tx.query('DELETE FROM learning_confirmations WHERE decision_id = $1', [decisionId]);
}

/**
 * Records that `decisionId` (made by `by`) confirms an example: a Manager's own correction or
 * approval, or another person's approval agreeing with it (the caller has checked which).
 */
export async function confirmOne(tx: Queryable, c: { exampleId: string; decisionId: string; by: string; at: Date }): Promise<void> {
  await tx.query('INSERT INTO learning_confirmations (example_id, decision_id, confirmed_by, confirmed_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
    c.exampleId,
    c.decisionId,
    c.by,
    c.at,
  ]);
}

/**
 * Confirms, by `decisionId` (an approval), the field examples of the organization named by id or
 * taught by one of `taughtBy` (correct decisions), except those its own decider taught: a second
 * person confirms, not the same one twice. Returns how many it confirmed.
 */
export async function confirm(
  tx: Queryable,
  c: { orgId: string; exampleIds: readonly string[]; taughtBy: readonly string[]; decisionId: string; by: string; at: Date },
): Promise<number> {
  if (c.exampleIds.length === 0 && c.taughtBy.length === 0) return 0;
  const { rows } = await tx.query<{ example_id: string }>(
    `INSERT INTO learning_confirmations (example_id, decision_id, confirmed_by, confirmed_at)
     SELECT e.id, $4, $5, $6 FROM learning_examples e JOIN document_decisions d ON d.id = e.decision_id
      WHERE e.org_id = $1 AND e.kind = 'field' AND (e.id = ANY($2::text[]) OR e.decision_id = ANY($3::text[])) AND d.authenticated_as <> $5
     ON CONFLICT DO NOTHING
     RETURNING example_id`,
    [c.orgId, c.exampleIds, c.taughtBy, c.decisionId, c.by, c.at],
  );
  return rows.length;
}

/** The listed document at `address` (case_documents) and what the run proposed there (application_documents): its key fields as each has them. */
export async function documentFields(
  q: Queryable,
  applicationId: string,
  address: string,
): Promise<{ listed: Record<string, { corrected?: { decisionId: string }; learned?: unknown }>; proposed: Record<string, { learned?: { from?: string[] } }> }> {
  const { rows } = await q.query<{ listed: Record<string, { corrected?: { decisionId: string }; learned?: unknown }> | null; proposed: Record<string, { learned?: { from?: string[] } }> | null }>(
    `SELECT (SELECT entry->'document'->'keyFields' FROM case_documents WHERE application_id = $1 AND address = $2) AS listed,
            (SELECT key_fields FROM application_documents WHERE application_id = $1 AND address = $2) AS proposed`,
    [applicationId, address],
  );
  return { listed: rows[0]?.listed ?? {}, proposed: rows[0]?.proposed ?? {} };
}

/**
 * The examples in effect, from cases still there: every type example, and per document and field
 * the latest correction's (by decision order), unless that one taught nothing (`{"none": true}`:
 * cleared, or not printed on the page). Undoing a correction thus brings back the one before it.
 */
const IN_EFFECT = `
  SELECT * FROM (
    SELECT DISTINCT ON (e.kind, e.application_id, e.address, coalesce(e.field, e.id)) e.*, d.seq, d.authenticated_as AS taught_by
      FROM learning_examples e
      JOIN applications a ON a.id = e.application_id AND NOT a.deleted
      JOIN document_decisions d ON d.id = e.decision_id
     WHERE e.org_id = $1
     ORDER BY e.kind, e.application_id, e.address, coalesce(e.field, e.id), d.seq DESC
  ) x WHERE NOT (x.example ? 'none')`;

/** The organization's examples of a kind in effect, most recent first. */
export async function examples(q: Queryable, orgId: string, kind: 'type' | 'field', limit: number): Promise<ExampleRow[]> {
  const { rows } = await q.query<ExampleRow>(
    `SELECT id, decision_id, taught_by, doc_type, field, example, EXISTS (SELECT 1 FROM learning_confirmations c WHERE c.example_id = y.id) AS confirmed
       FROM (${IN_EFFECT}) y WHERE kind = $2 ORDER BY created_at DESC, seq DESC LIMIT $3`,
    [orgId, kind, limit],
  );
  return rows;
}

/** How many examples of each kind are in effect for the organization. */
export async function counts(q: Queryable, orgId: string): Promise<{ types: number; fields: number }> {
  const { rows } = await q.query<{ kind: string; n: number }>(`SELECT kind, count(*)::int AS n FROM (${IN_EFFECT}) y GROUP BY kind`, [orgId]);
  return { types: rows.find((r) => r.kind === 'type')?.n ?? 0, fields: rows.find((r) => r.kind === 'field')?.n ?? 0 };
}
