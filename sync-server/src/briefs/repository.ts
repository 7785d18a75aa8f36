import type { IntelBrief, IntelBriefListing, IntelBriefSection, IntelCitation, ResearchModel, TokenUsage } from '@portal/shared';
import type { Queryable } from '../db/db.js';

/** The job that answers one section of a brief (research lane). */
export const BRIEF_SECTION_JOB = 'brief.section';

export interface BriefRow {
  id: string;
  org_id: string;
  application_id: string;
  template_org_id: string;
  template_id: string;
  template_version: number;
  template_name: string;
  status: 'running' | 'ready';
  model: ResearchModel;
  created_by: string;
  authenticated_as: string;
  created_at: Date;
  ready_at: Date | null;
}

export interface SectionRow {
  brief_id: string;
  n: number;
  question: string;
  answer_type: IntelBriefSection['answerType'];
  guidance: string | null;
  status: IntelBriefSection['status'];
  answer: string | null;
  no_evidence: boolean;
  citations: IntelCitation[];
  dropped_citations: number;
  model: ResearchModel | null;
  prompt_tokens: number | null;
  completion_tokens: number | null;
  error: string | null;
  started_at: Date | null;
  finished_at: Date | null;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const toSection = (s: SectionRow): IntelBriefSection => ({
  n: s.n,
  question: s.question,
  answerType: s.answer_type,
  guidance: s.guidance,
  status: s.status,
  answer: s.answer,
  noEvidence: s.no_evidence,
  citations: s.citations,
  droppedCitations: s.dropped_citations,
  model: s.model,
  usage: s.prompt_tokens === null ? null : { promptTokens: s.prompt_tokens, completionTokens: s.completion_tokens ?? 0 },
  error: s.error,
  startedAt: iso(s.started_at),
  finishedAt: iso(s.finished_at),
});

export function toListing(b: BriefRow, sections: readonly SectionRow[]): IntelBriefListing {
  const usage: TokenUsage = { promptTokens: 0, completionTokens: 0 };
  for (const s of sections) {
    usage.promptTokens += s.prompt_tokens ?? 0;
    usage.completionTokens += s.completion_tokens ?? 0;
  }
  return {
    id: b.id,
    applicationId: b.application_id,
    template: { id: b.template_id, version: b.template_version, name: b.template_name },
    status: b.status,
    model: b.model,
    sectionCount: sections.length,
    sectionsDone: sections.filter((s) => s.status === 'done').length,
    sectionsFailed: sections.filter((s) => s.status === 'failed').length,
    usage,
    createdBy: b.created_by,
    authenticatedAs: b.authenticated_as,
    createdAt: b.created_at.toISOString(),
    readyAt: iso(b.ready_at),
  };
}

export const toBrief = (b: BriefRow, sections: readonly SectionRow[]): IntelBrief => ({ ...toListing(b, sections), sections: sections.map(toSection) });

export async function insertBrief(
  tx: Queryable,
  b: Omit<BriefRow, 'status' | 'created_at' | 'ready_at'>,
  questions: readonly { question: string; answerType: string | null; guidance: string | null }[],
): Promise<void> {
  await tx.query(
    `INSERT INTO intel_briefs (id, org_id, application_id, template_org_id, template_id, template_version, template_name, status, model, created_by, authenticated_as)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'running', $8, $9, $10)`,
    [b.id, b.org_id, b.application_id, b.template_org_id, b.template_id, b.template_version, b.template_name, JSON.stringify(b.model), b.created_by, b.authenticated_as],
  );
  await tx.query(
    `INSERT INTO intel_brief_sections (brief_id, n, org_id, question, answer_type, guidance, status)
     SELECT $1, q.n, $2, q.question, q.answer_type, q.guidance, 'pending'
       FROM jsonb_to_recordset($3::jsonb) AS q(n int, question text, answer_type text, guidance text)`,
    [b.id, b.org_id, JSON.stringify(questions.map((q, i) => ({ n: i + 1, question: q.question, answer_type: q.answerType, guidance: q.guidance })))],
  );
}

export async function briefRow(q: Queryable, orgId: string, applicationId: string, briefId: string, options: { lock?: boolean } = {}): Promise<BriefRow | undefined> {
  const { rows } = await q.query<BriefRow>(
    `SELECT * FROM intel_briefs WHERE id = $1 AND org_id = $2 AND application_id = $3 AND NOT deleted${options.lock ? ' FOR UPDATE' : ''}`,
    [briefId, orgId, applicationId],
  );
  return rows[0];
}

export async function briefById(q: Queryable, briefId: string): Promise<BriefRow | undefined> {
  const { rows } = await q.query<BriefRow>('SELECT * FROM intel_briefs WHERE id = $1 AND NOT deleted', [briefId]);
  return rows[0];
}

export async function sectionsOf(q: Queryable, briefIds: readonly string[]): Promise<Map<string, SectionRow[]>> {
  const out = new Map<string, SectionRow[]>(briefIds.map((id) => [id, []]));
  if (briefIds.length === 0) return out;
  const { rows } = await q.query<SectionRow>('SELECT * FROM intel_brief_sections WHERE brief_id = ANY($1::text[]) ORDER BY brief_id, n', [briefIds]);
  for (const r of rows) out.get(r.brief_id)!.push(r);
  return out;
}

export async function briefsOf(q: Queryable, orgId: string, applicationId: string): Promise<BriefRow[]> {
  const { rows } = await q.query<BriefRow>(
    'SELECT * FROM intel_briefs WHERE org_id = $1 AND application_id = $2 AND NOT deleted ORDER BY created_at DESC, id DESC',
    [orgId, applicationId],
  );
  return rows;
}

/** Takes a pending (or, after a lost worker, running) section; undefined when it already ended. */
export async function startSection(q: Queryable, briefId: string, n: number): Promise<SectionRow | undefined> {
  const { rows } = await q.query<SectionRow>(
    `UPDATE intel_brief_sections SET status = 'running', started_at = COALESCE(started_at, now())
      WHERE brief_id = $1 AND n = $2 AND status IN ('pending', 'running')
      RETURNING *`,
    [briefId, n],
  );
  return rows[0];
}

export interface SectionOutcome {
  status: 'done' | 'failed';
  answer: string | null;
  noEvidence: boolean;
  citations: IntelCitation[];
  droppedCitations: number;
  model: ResearchModel;
  usage: TokenUsage;
  error: string | null;
}

export async function finishSection(tx: Queryable, briefId: string, n: number, o: SectionOutcome): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE intel_brief_sections
        SET status = $3, answer = $4, no_evidence = $5, citations = $6::jsonb, dropped_citations = $7, model = $8::jsonb,
            prompt_tokens = $9, completion_tokens = $10, error = $11, finished_at = now()
      WHERE brief_id = $1 AND n = $2 AND status IN ('pending', 'running')`,
    [briefId, n, o.status, o.answer, o.noEvidence, JSON.stringify(o.citations), o.droppedCitations, JSON.stringify(o.model), o.usage.promptTokens, o.usage.completionTokens, o.error],
  );
  return rowCount > 0;
}

export async function markReady(tx: Queryable, briefId: string): Promise<void> {
  await tx.query("UPDATE intel_briefs SET status = 'ready', ready_at = now() WHERE id = $1", [briefId]);
}
