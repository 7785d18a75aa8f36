import { newId } from '@portal/shared';
import type { Queryable } from '../db/db.js';
import type { OrganizationRow } from '../users/user-row.js';

/** Work every new organization needs in its first transaction (a default workflow, a sample case). */
export type OrganizationInitializer = (tx: Queryable, org: OrganizationRow) => Promise<void>;

export async function insertOrganization(
  tx: Queryable,
  initializers: readonly OrganizationInitializer[],
  o: { name: string; instant?: boolean; sandbox?: boolean; expiresAt?: Date | null; uploadPageQuota?: number | null },
): Promise<OrganizationRow> {
  const { rows } = await tx.query<OrganizationRow>(
    `INSERT INTO organizations (id, name, instant, sandbox, expires_at, upload_page_quota)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
    [newId('org'), o.name, o.instant ?? false, o.sandbox ?? false, o.expiresAt ?? null, o.uploadPageQuota ?? null],
  );
  const org = rows[0]!;
  for (const init of initializers) await init(tx, org);
  return org;
}

export async function getOrganization(q: Queryable, orgId: string): Promise<OrganizationRow | undefined> {
  const { rows } = await q.query<OrganizationRow>('SELECT * FROM organizations WHERE id = $1 AND NOT deleted', [orgId]);
  return rows[0];
}
