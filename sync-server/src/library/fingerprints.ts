import type { Queryable } from '../db/db.js';

/**
 * What a caller sees of some kinds of library items, in one query: per kind, the count and rev
 * sum of its own and the official organization's versions and families, and its default; with
 * `organization`, its organization row's rev too (the marked catalogue). Every write bumps a
 * row's rev, so any change changes it, including a transaction that commits after a later one
 * (a max would miss that). Index-only scans per organization (migration 008).
 */
export async function libraryFingerprint(
  q: Queryable,
  o: { kinds: readonly string[]; viewerOrgId: string; officialOrgId: string; organization?: boolean },
): Promise<string> {
  const parts = o.kinds.flatMap((_, i) => {
    const k = `$${i + 3}`;
    return [
      `(SELECT count(*) || '.' || coalesce(sum(rev), 0) FROM library_versions WHERE family_kind = ${k} AND org_id = $1)`,
      `(SELECT count(*) || '.' || coalesce(sum(rev), 0) FROM library_versions WHERE family_kind = ${k} AND org_id = $2)`,
      `(SELECT count(*) || '.' || coalesce(sum(rev), 0) FROM library_families WHERE family_kind = ${k} AND org_id = $1)`,
      `(SELECT count(*) || '.' || coalesce(sum(rev), 0) FROM library_families WHERE family_kind = ${k} AND org_id = $2)`,
      `(SELECT coalesce(max(rev), 0) FROM library_defaults WHERE family_kind = ${k} AND org_id = $1)`,
    ];
  });
  if (o.organization) parts.push('(SELECT rev FROM organizations WHERE id = $1)');
  const { rows } = await q.query<{ f: string }>(`SELECT concat_ws(':', ${parts.join(', ')}) AS f`, [o.viewerOrgId, o.officialOrgId, ...o.kinds]);
  return `${o.kinds.join('+')}${o.organization ? '+organization' : ''}=${rows[0]!.f}`;
}

/** Rows of an organization in a table with `rev`: their count and rev sum (see FamilyEngine.fingerprint). */
export async function tableFingerprint(q: Queryable, table: 'document_bundles' | 'saved_sections', orgId: string): Promise<string> {
  const { rows } = await q.query<{ f: string }>(`SELECT count(*) || '.' || coalesce(sum(rev), 0) AS f FROM ${table} WHERE org_id = $1`, [orgId]);
  return `${table}=${rows[0]!.f}`;
}
