import type { AssistantTurn, ConversationListing, IntelCitation, ResearchModel, TokenUsage } from '@portal/shared';
import type { Queryable } from '../db/db.js';

/** The job that answers one turn (research lane). */
export const ASSISTANT_TURN_JOB = 'assistant.turn';

export interface ConversationRow {
  id: string;
  org_id: string;
  application_id: string;
  owner: string;
  title: string;
  created_at: Date;
  updated_at: Date;
  turn_count?: number;
}

export interface TurnRow {
  id: string;
  conversation_id: string;
  org_id: string;
  application_id: string;
  n: number;
  question: string;
  status: AssistantTurn['status'];
  answer: string | null;
  citations: IntelCitation[];
  dropped_citations: number;
  model: ResearchModel | null;
  prompt_tokens: number | null;
  completion_tokens: number | null;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
}

export interface EventRow {
  seq: number;
  event: string;
  data: unknown;
}

export const streamPath = (t: Pick<TurnRow, 'application_id' | 'conversation_id' | 'id'>) =>
  `/api/applications/${t.application_id}/assistant/conversations/${t.conversation_id}/turns/${t.id}/stream`;

export const toTurn = (t: TurnRow): AssistantTurn => ({
  id: t.id,
  conversationId: t.conversation_id,
  n: t.n,
  question: t.question,
  status: t.status,
  answer: t.answer,
  citations: t.citations,
  droppedCitations: t.dropped_citations,
  model: t.model,
  usage: t.prompt_tokens === null ? null : { promptTokens: t.prompt_tokens, completionTokens: t.completion_tokens ?? 0 },
  error: t.error,
  streamUrl: streamPath(t),
  createdAt: t.created_at.toISOString(),
  finishedAt: t.finished_at?.toISOString() ?? null,
});

export const toListing = (c: ConversationRow): ConversationListing => ({
  id: c.id,
  applicationId: c.application_id,
  title: c.title,
  turnCount: c.turn_count ?? 0,
  createdAt: c.created_at.toISOString(),
  updatedAt: c.updated_at.toISOString(),
});

export async function insertConversation(q: Queryable, c: Pick<ConversationRow, 'id' | 'org_id' | 'application_id' | 'owner' | 'title'>): Promise<ConversationRow> {
  const { rows } = await q.query<ConversationRow>(
    'INSERT INTO assistant_conversations (id, org_id, application_id, owner, title) VALUES ($1, $2, $3, $4, $5) RETURNING *, 0 AS turn_count',
    [c.id, c.org_id, c.application_id, c.owner, c.title],
  );
  return rows[0]!;
}

export async function conversations(q: Queryable, orgId: string, applicationId: string, owner: string): Promise<ConversationRow[]> {
  const { rows } = await q.query<ConversationRow>(
    `SELECT c.*, (SELECT count(*)::int FROM assistant_turns t WHERE t.conversation_id = c.id) AS turn_count
       FROM assistant_conversations c
      WHERE c.org_id = $1 AND c.application_id = $2 AND c.owner = $3 AND NOT c.deleted
      ORDER BY c.updated_at DESC, c.id DESC`,
    [orgId, applicationId, owner],
  );
  return rows;
}

export async function conversation(q: Queryable, o: { orgId: string; applicationId: string; owner: string; id: string; lock?: boolean }): Promise<ConversationRow | undefined> {
  const { rows } = await q.query<ConversationRow>(
    `SELECT c.*, (SELECT count(*)::int FROM assistant_turns t WHERE t.conversation_id = c.id) AS turn_count
       FROM assistant_conversations c
      WHERE c.id = $1 AND c.org_id = $2 AND c.application_id = $3 AND c.owner = $4 AND NOT c.deleted${o.lock ? ' FOR UPDATE OF c' : ''}`,
    [o.id, o.orgId, o.applicationId, o.owner],
  );
  return rows[0];
}

export async function deleteConversation(q: Queryable, id: string): Promise<void> {
  await q.query('DELETE FROM assistant_conversations WHERE id = $1', [id]);
}

export async function turnsOf(q: Queryable, conversationId: string): Promise<TurnRow[]> {
  const { rows } = await q.query<TurnRow>('SELECT * FROM assistant_turns WHERE conversation_id = $1 ORDER BY n', [conversationId]);
  return rows;
}

export async function turnById(q: Queryable, turnId: string): Promise<TurnRow | undefined> {
  const { rows } = await q.query<TurnRow>('SELECT * FROM assistant_turns WHERE id = $1', [turnId]);
  return rows[0];
}

export async function insertTurn(q: Queryable, t: Pick<TurnRow, 'id' | 'conversation_id' | 'org_id' | 'application_id' | 'question' | 'model'>): Promise<TurnRow> {
  const { rows } = await q.query<TurnRow>(
    `INSERT INTO assistant_turns (id, conversation_id, org_id, application_id, n, question, status, model)
     VALUES ($1, $2, $3, $4, (SELECT COALESCE(max(n), 0) + 1 FROM assistant_turns WHERE conversation_id = $2), $5, 'answering', $6)
     RETURNING *`,
    [t.id, t.conversation_id, t.org_id, t.application_id, t.question, JSON.stringify(t.model)],
  );
  await q.query('UPDATE assistant_conversations SET updated_at = now() WHERE id = $1', [t.conversation_id]);
  return rows[0]!;
}

export async function finishTurn(
  q: Queryable,
  id: string,
  o: { status: 'done' | 'failed'; answer: string | null; citations: IntelCitation[]; droppedCitations: number; usage: TokenUsage; error: string | null },
): Promise<TurnRow | undefined> {
  const { rows } = await q.query<TurnRow>(
    `UPDATE assistant_turns SET status = $2, answer = $3, citations = $4::jsonb, dropped_citations = $5, prompt_tokens = $6, completion_tokens = $7, error = $8, finished_at = now()
      WHERE id = $1 AND status = 'answering' RETURNING *`,
    [id, o.status, o.answer, JSON.stringify(o.citations), o.droppedCitations, o.usage.promptTokens, o.usage.completionTokens, o.error],
  );
  return rows[0];
}

/** Appends an event to a turn's stream; its number is the next after the last. */
export async function appendEvent(q: Queryable, turnId: string, event: string, data: unknown): Promise<void> {
  await q.query(
    `INSERT INTO assistant_events (turn_id, seq, event, data)
     VALUES ($1, (SELECT COALESCE(max(seq), 0) + 1 FROM assistant_events WHERE turn_id = $1), $2, $3::jsonb)`,
    [turnId, event, JSON.stringify(data)],
  );
}

export async function eventsAfter(q: Queryable, turnId: string, seq: number): Promise<EventRow[]> {
  const { rows } = await q.query<EventRow>('SELECT seq, event, data FROM assistant_events WHERE turn_id = $1 AND seq > $2 ORDER BY seq LIMIT 500', [turnId, seq]);
  return rows;
}
