import type { Db, Queryable } from '../db/db.js';

/**
 * The sync bound (migration 010): every rev below it is final, committed or never to be, so a
 * checkpoint below it never has a row land under it later. Read before the rows' snapshot.
 */
export async function syncBound(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ bound: number }>('SELECT sync_bound() AS bound');
  return Number(rows[0]!.bound);
}

/**
 * `read` of changes below the sync bound: the bound in a statement of its own, then the rows in
 * one read-only snapshot taken after it. Reading the bound within the rows' snapshot is not
 * enough: the locks and the sequence it reads are not in any snapshot, so a transaction
 * committing between the snapshot and the bound would be in neither.
 */
export async function readBelowBound<T>(db: Db, read: (q: Queryable, below: number) => Promise<T>): Promise<T> {
  const below = await syncBound(db);
  return db.transaction((tx) => read(tx, below), { isolation: 'repeatable read', readOnly: true });
}
