import type { Db, Queryable } from '../db/db.js';

/**
 * The sync bound (migration 025): every rev below it is final, committed or never to be, so a
 * checkpoint below it never has a row land under it later. It is computed from the calling
 * statement's snapshot (the transaction ids still in flight), takes no lock and waits for no
 * writer.
 */
export async function syncBound(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ bound: number }>('SELECT sync_bound() AS bound');
  return Number(rows[0]!.bound);
}

/**
 * `read` of changes below the sync bound, in one read-only repeatable-read transaction: the bound
 * is read first, so it describes the very snapshot every row is then read from.
 */
export function readBelowBound<T>(db: Db, read: (q: Queryable, below: number) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => read(tx, await syncBound(tx)), { isolation: 'repeatable read', readOnly: true });
}
