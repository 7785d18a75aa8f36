import type { Queryable } from '../db/db.js';
import type { IngestedDocument, IngestedLine } from '../runs/ingested.js';

// Every SQL statement of analysis ingests (migration 028). The latest ingest of a file (by
// arrival, `n`) is the one in force.

export interface IngestRow {
  id: string;
  org_id: string;
  application_id: string;
  file_id: string;
  format: 'prediction' | 'azure-document-intelligence';
  engine: string | null;
  pages: { page: number; lines: IngestedLine[] }[];
  documents: IngestedDocument[];
  ignored: { where: string; why: string }[];
  received_by: string;
  received_at: Date;
  used_by_run: number | null;
  /** Whether it is the latest of its file. */
  current: boolean;
}

const COLUMNS = `i.id, i.org_id, i.application_id, i.file_id, i.format, i.engine, i.pages, i.documents, i.ignored, i.received_by, i.received_at, i.used_by_run,
                 NOT EXISTS (SELECT 1 FROM analysis_ingests l WHERE l.file_id = i.file_id AND l.n > i.n) AS current`;

export async function insertIngest(
  tx: Queryable,
  r: Omit<IngestRow, 'used_by_run' | 'current' | 'pages' | 'documents' | 'ignored'> & { json: { pages: string; documents: string; ignored: string } },
): Promise<IngestRow> {
  await tx.query(
    `INSERT INTO analysis_ingests (id, org_id, application_id, file_id, format, engine, pages, documents, ignored, received_by, received_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9::jsonb, $10, $11)`,
    [r.id, r.org_id, r.application_id, r.file_id, r.format, r.engine, r.json.pages, r.json.documents, r.json.ignored, r.received_by, r.received_at],
  );
  const { rows } = await tx.query<IngestRow>(`SELECT ${COLUMNS} FROM analysis_ingests i WHERE i.id = $1`, [r.id]);
  return rows[0]!;
}

/**
 * Deletes the ingests of a file older than its latest `keep`, but never one a run used (a run
 * reads a file once, so that one is the latest anyway). Returns the ids deleted, oldest first.
 */
export async function keepLatest(tx: Queryable, fileId: string, keep: number): Promise<string[]> {
  const { rows } = await tx.query<{ id: string; n: string }>(
    `DELETE FROM analysis_ingests WHERE file_id = $1 AND used_by_run IS NULL
        AND n < ALL (SELECT n FROM analysis_ingests WHERE file_id = $1 ORDER BY n DESC LIMIT $2)
      RETURNING id, n`,
    [fileId, keep],
  );
  return rows.sort((a, b) => Number(a.n) - Number(b.n)).map((r) => r.id);
}

/** Every ingest of a case, newest first. */
export async function listIngests(q: Queryable, applicationId: string): Promise<IngestRow[]> {
  const { rows } = await q.query<IngestRow>(`SELECT ${COLUMNS} FROM analysis_ingests i WHERE i.application_id = $1 ORDER BY i.n DESC`, [applicationId]);
  return rows;
}

/** The ingest in force for each of `fileIds` that has one. */
export async function currentIngests(q: Queryable, applicationId: string, fileIds: readonly string[]): Promise<IngestRow[]> {
  if (fileIds.length === 0) return [];
  const { rows } = await q.query<IngestRow>(
    `SELECT DISTINCT ON (i.file_id) ${COLUMNS} FROM analysis_ingests i
      WHERE i.application_id = $1 AND i.file_id = ANY($2::text[]) ORDER BY i.file_id, i.n DESC`,
    [applicationId, fileIds],
  );
  return rows;
}

export async function markUsed(tx: Queryable, ids: readonly string[], runN: number): Promise<void> {
  if (ids.length === 0) return;
  await tx.query('UPDATE analysis_ingests SET used_by_run = $2 WHERE id = ANY($1::text[])', [ids, runN]);
}
