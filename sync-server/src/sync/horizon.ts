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
 * `read` of changes below the sync bound. Reading the bound first, in a statement of its own, is
 * enough for any later snapshot: every rev below it belongs to a transaction that had ended when
 * it was read (transaction ids are handed out in order, so none can start below it later), so
 * every such row is visible to whatever reads next, or has since moved to a rev at or above the
 * bound, which a later pull sends. A `read` of one statement (`oneStatement`) therefore needs no
 * transaction: two round trips instead of four, on a path every client takes many times a minute.
 * A `read` of several statements that must agree with each other gets one read-only
 * repeatable-read transaction, the bound read first inside it.
 */
export function readBelowBound<T>(db: Db, read: (q: Queryable, below: number) => Promise<T>, options: { oneStatement?: boolean } = {}): Promise<T> {
  if (options.oneStatement) return syncBound(db).then((below) => read(db, below));
  return db.transaction(async (tx) => read(tx, await syncBound(tx)), { isolation: 'repeatable read', readOnly: true });
}
