import type { FileFlag, LineOverride, RunPreflight } from '@portal/shared';
import type { Queryable } from '../db/db.js';
import type { ApplicationRow, FileRow, PinnedLine, RunRow } from './rows.js';

// Every SQL statement of the cases' tables. The case resource shows its latest run, so reads join
// `runs` (the runs area writes it); the fingerprint reads the ledger's head row.

const RUN_DATES = ['created_at', 'started_at', 'ended_at'] as const;

/** A run read as JSON (row_to_json) back into its row type. */
export function runFromJson(json: Record<string, unknown> | null): RunRow | null {
  if (!json) return null;
  const row = { ...json } as Record<string, unknown>;
  for (const k of RUN_DATES) row[k] = row[k] ? new Date(row[k] as string) : null;
  return row as unknown as RunRow;
}

const WITH_RUN = `(SELECT row_to_json(r) FROM runs r WHERE r.application_id = a.id AND r.n = a.current_run) AS run`;

/**
 * How many listed documents are filed against each line of case `a`, `{expectedDocId: n}`: what
 * `docsFiled` is counted from (rows.ts `docCounts`), by the one rule of shared/src/expected-docs.ts,
 * which knows the lines waived and added by hand. The sync collection of cases reads it too.
 */
export const FILED_COUNTS = `(SELECT coalesce(jsonb_object_agg(f.line, f.n), '{}'::jsonb)
                                FROM (SELECT d.expected_doc_id AS line, count(*)::int AS n FROM case_documents d
                                       WHERE d.application_id = a.id AND d.expected_doc_id IS NOT NULL GROUP BY d.expected_doc_id) f) AS filed_counts`;

export async function insertApplication(
  tx: Queryable,
  a: {
    id: string;
    orgId: string;
    applicantName: string;
    list: { orgId: string; id: string; version: number; name: string; source: 'own' | 'official'; lines: PinnedLine[] };
    sample: boolean;
    createdBy: string;
    createdAt: Date;
  },
): Promise<ApplicationRow> {
  const { rows } = await tx.query<ApplicationRow>(
    `INSERT INTO applications (id, org_id, applicant_name, list_org_id, list_id, list_version, list_name, list_source, list_lines, sample, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $12) RETURNING *`,
    [a.id, a.orgId, a.applicantName, a.list.orgId, a.list.id, a.list.version, a.list.name, a.list.source, JSON.stringify(a.list.lines), a.sample, a.createdBy, a.createdAt],
  );
  return rows[0]!;
}

/** The case with its latest run; `lock` holds the case row until the transaction ends (one writer of a case at a time). */
export async function findApplication(q: Queryable, orgId: string, id: string, lock = false): Promise<{ app: ApplicationRow; run: RunRow | null } | undefined> {
  if (lock) await q.query('SELECT 1 FROM applications WHERE id = $1 AND org_id = $2 AND NOT deleted FOR UPDATE', [id, orgId]);
  const { rows } = await q.query<ApplicationRow & { run: Record<string, unknown> | null }>(
    `SELECT a.*, ${WITH_RUN} FROM applications a WHERE a.id = $1 AND a.org_id = $2 AND NOT a.deleted`,
    [id, orgId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { run, ...app } = row;
  return { app: app as ApplicationRow, run: runFromJson(run) };
}

export async function listApplications(q: Queryable, orgId: string) {
  const { rows } = await q.query<ApplicationRow & { run: Record<string, unknown> | null; file_count: number; page_count: number; filed_counts: Record<string, number> }>(
    `SELECT a.*, ${WITH_RUN},
            (SELECT count(*) FROM application_files f WHERE f.application_id = a.id AND f.removed_at IS NULL)::int AS file_count,
            (SELECT coalesce(sum(f.page_count), 0) FROM application_files f WHERE f.application_id = a.id AND f.removed_at IS NULL)::int AS page_count,
            ${FILED_COUNTS}
       FROM applications a
      WHERE a.org_id = $1 AND NOT a.deleted
      ORDER BY a.created_at DESC, a.id DESC`,
    [orgId],
  );
  return rows.map(({ run, ...app }) => ({ app, run: runFromJson(run) }));
}

/** The case's files in the order received; removed ones left out unless asked for. */
export async function filesOf(q: Queryable, applicationId: string, options: { removed?: boolean } = {}): Promise<FileRow[]> {
  const { rows } = await q.query<FileRow>(
    `SELECT * FROM application_files WHERE application_id = $1 ${options.removed ? '' : 'AND removed_at IS NULL'} ORDER BY position`,
    [applicationId],
  );
  return rows;
}

export async function insertFiles(
  tx: Queryable,
  files: readonly {
    id: string;
    orgId: string;
    applicationId: string;
    name: string;
    size: number;
    sha256: string;
    pageCount: number;
    expectedDocId: string | null;
    receivedBy: string;
    receivedAt: Date;
    flags: readonly FileFlag[];
  }[],
): Promise<FileRow[]> {
  if (files.length === 0) return [];
  const { rows } = await tx.query<FileRow>(
    `INSERT INTO application_files (id, org_id, application_id, position, name, size, sha256, page_count, expected_doc_id, received_by, received_at, flags)
     SELECT f.id, f.org_id, f.application_id,
            (SELECT coalesce(max(position), 0) FROM application_files WHERE application_id = f.application_id) + f.ord,
            f.name, f.size, f.sha256, f.page_count, f.expected_doc_id, f.received_by, f.received_at, f.flags
       FROM jsonb_to_recordset($1::jsonb) AS f(id text, org_id text, application_id text, name text, size bigint, sha256 text,
                                                              page_count int, expected_doc_id text, received_by text, received_at timestamptz, ord int, flags jsonb)
     RETURNING *`,
    [
      JSON.stringify(
        files.map((f, i) => ({
          ord: i + 1,
          id: f.id,
          org_id: f.orgId,
          application_id: f.applicationId,
          name: f.name,
          size: f.size,
          sha256: f.sha256,
          page_count: f.pageCount,
          expected_doc_id: f.expectedDocId,
          received_by: f.receivedBy,
          received_at: f.receivedAt.toISOString(),
          flags: f.flags,
        })),
      ),
    ],
  );
  return rows.sort((a, b) => a.position - b.position);
}

/** Pages every upload of the organization has brought, sample cases left out (guest quota). */
export async function uploadedPages(q: Queryable, orgId: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `SELECT coalesce(sum(f.page_count), 0)::int AS n FROM application_files f JOIN applications a ON a.id = f.application_id
      WHERE f.org_id = $1 AND NOT a.sample`,
    [orgId],
  );
  return rows[0]?.n ?? 0;
}

/** The organization's page quota (guest sandboxes), locking its row so concurrent uploads count one after another. */
export async function lockUploadQuota(tx: Queryable, orgId: string): Promise<number | null> {
  const { rows } = await tx.query<{ upload_page_quota: number | null }>('SELECT upload_page_quota FROM organizations WHERE id = $1', [orgId]);
  const quota = rows[0]?.upload_page_quota ?? null;
  if (quota !== null) await tx.query('SELECT 1 FROM organizations WHERE id = $1 FOR UPDATE', [orgId]);
  return quota;
}

/**
 * Sets what the case is checked against: its list version (its lines copied, as at creation) and
 * the lines set by hand on it. The caller holds the case's row lock.
 */
export async function setExpectedDocs(
  tx: Queryable,
  id: string,
  s: { list?: { orgId: string; id: string; version: number; name: string; source: 'own' | 'official'; lines: PinnedLine[] }; overrides: readonly LineOverride[] },
): Promise<void> {
  if (s.list) {
    await tx.query(
      `UPDATE applications SET list_org_id = $2, list_id = $3, list_version = $4, list_name = $5, list_source = $6, list_lines = $7::jsonb, line_overrides = $8::jsonb, updated_at = now()
        WHERE id = $1`,
      [id, s.list.orgId, s.list.id, s.list.version, s.list.name, s.list.source, JSON.stringify(s.list.lines), JSON.stringify(s.overrides)],
    );
  } else {
    await tx.query('UPDATE applications SET line_overrides = $2::jsonb, updated_at = now() WHERE id = $1', [id, JSON.stringify(s.overrides)]);
  }
}

export async function markFileRemoved(tx: Queryable, fileId: string, by: string, at: Date): Promise<void> {
  await tx.query('UPDATE application_files SET removed_at = $2, removed_by = $3 WHERE id = $1 AND removed_at IS NULL', [fileId, at, by]);
}

export async function setPreflight(q: Queryable, id: string, preflight: RunPreflight | null): Promise<void> {
  await q.query('UPDATE applications SET preflight = $2::jsonb WHERE id = $1', [id, preflight === null ? null : JSON.stringify(preflight)]);
}

export async function clearStalePreflights(q: Queryable, silentMs: number): Promise<number> {
  const { rows } = await q.query<{ id: string }>(
    `UPDATE applications SET preflight = NULL
      WHERE preflight IS NOT NULL AND (preflight->>'updatedAt')::timestamptz < now() - make_interval(secs => $1::double precision / 1000)
      RETURNING id`,
    [silentMs],
  );
  return rows.length;
}

export async function touchApplication(tx: Queryable, id: string): Promise<void> {
  await tx.query('UPDATE applications SET updated_at = now() WHERE id = $1', [id]);
}

/**
 * What GET /applications/{id} is made of, cheaply: every change to a case appends a ledger row
 * (its head seq moves), and a run's progress moves its rev.
 */
export async function fingerprint(q: Queryable, orgId: string, id: string): Promise<string> {
  const { rows } = await q.query<{ rev: number; run_rev: number | null; seq: number | null }>(
    `SELECT a.rev, (SELECT r.rev FROM runs r WHERE r.application_id = a.id AND r.n = a.current_run) AS run_rev,
            (SELECT h.seq FROM ledger_heads h WHERE h.application_id = a.id) AS seq
       FROM applications a WHERE a.id = $1 AND a.org_id = $2`,
    [id, orgId],
  );
  const r = rows[0];
  return r ? `${r.rev}:${r.run_rev}:${r.seq}` : 'none';
}

/** What GET /applications is made of: every case's rev, its current run's rev and its ledger head. */
export async function listFingerprint(q: Queryable, orgId: string): Promise<string> {
  const { rows } = await q.query<{ n: number; revs: string; runs: string; seqs: string }>(
    `SELECT count(*)::int AS n, coalesce(sum(a.rev), 0)::text AS revs, coalesce(sum(r.rev), 0)::text AS runs, coalesce(sum(h.seq), 0)::text AS seqs
       FROM applications a
       LEFT JOIN runs r ON r.application_id = a.id AND r.n = a.current_run
       LEFT JOIN ledger_heads h ON h.application_id = a.id
      WHERE a.org_id = $1 AND NOT a.deleted`,
    [orgId],
  );
  const r = rows[0]!;
  return `${r.n}:${r.revs}:${r.runs}:${r.seqs}`;
}
