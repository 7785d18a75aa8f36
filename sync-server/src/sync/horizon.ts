import type { Queryable } from '../db/db.js';

/** The smallest rev of a transaction still in flight (see migration 005): pulls read below it. */
export async function syncHorizon(q: Queryable): Promise<number | null> {
  const { rows } = await q.query<{ horizon: number | null }>('SELECT sync_horizon() AS horizon');
  return rows[0]?.horizon ?? null;
}
