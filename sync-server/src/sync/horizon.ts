import type { Queryable } from '../db/db.js';

/** The smallest rev of a transaction still in flight (see migration 005): pulls read below it. */
export async function syncHorizon(q: Queryable): Promise<number | null> {
  const { rows } = await q.query<{ horizon: number | null }>('SELECT sync_horizon() AS horizon');
  return rows[0]?.horizon ?? null;
}

export async function officialOrgId(q: Queryable): Promise<string | null> {
  const { rows } = await q.query<{ id: string }>('SELECT id FROM organizations WHERE is_official AND NOT deleted LIMIT 1');
  return rows[0]?.id ?? null;
}
