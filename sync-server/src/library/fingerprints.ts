import type { Queryable } from '../db/db.js';

/** Rows of an organization in a table with `rev`: their count and rev sum (see FamilyEngine.fingerprint). */
export async function tableFingerprint(q: Queryable, table: 'document_bundles' | 'saved_sections', orgId: string): Promise<string> {
  const { rows } = await q.query<{ f: string }>(`SELECT count(*) || '.' || coalesce(sum(rev), 0) AS f FROM ${table} WHERE org_id = $1`, [orgId]);
  return `${table}=${rows[0]!.f}`;
}

/** The organization row's rev: its marked catalogue decides which catalogues make its chain. */
export async function organizationFingerprint(q: Queryable, orgId: string): Promise<string> {
  const { rows } = await q.query<{ rev: number }>('SELECT rev FROM organizations WHERE id = $1', [orgId]);
  return `organization=${rows[0]?.rev ?? 0}`;
}
