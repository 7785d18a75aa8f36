-- Sync bounds from snapshots instead of locks (issue 28).
--
-- 010/011 made a pull safe by having every writing transaction take advisory locks and every
-- pull read pg_locks, waiting out writers "entering". Sound, but it did not scale: reading
-- pg_locks takes every lock-partition lock, a pull could spin while writers kept entering, and
-- with two dozen writers pulls stalled for seconds behind them.
--
-- Now a row's rev says which transaction wrote it: the writing transaction's id (xid8, assigned
-- at its first write, never reused) times 2^20, plus a count of the rows it has revved so far.
-- Revs of one transaction are consecutive and distinct; a transaction's revs are all below those
-- of any transaction whose id is higher. So "every rev below B is final" holds for
-- B = (lowest id of a transaction still in flight) << 20, and a snapshot says which ones are in
-- flight: pg_current_snapshot()'s xip list, and its xmax for every transaction that starts later.
-- The bound is read from the very snapshot the rows are read from (a repeatable-read
-- transaction's), costs nothing that grows with the number of writers, and no writer takes or
-- waits for anything.
--
-- Transaction ids are shared by every database of a PostgreSQL cluster. A transaction of another
-- database cannot write our rows, so an in-flight id that pg_stat_activity shows running in
-- another database does not hold pulls back (read after the snapshot: an id that has ended by
-- then is not shown and still counts, which is only ever more careful). Transactions of other
-- schemas of this database do hold them back, for as long as they run.
--
-- Revs written before this migration came from rev_seq and are far below any new one (rev_seq
-- counts rows, ids count transactions, and 2^20 rows a transaction is the most a transaction
-- may rev), so checkpoints clients hold stay valid.

CREATE OR REPLACE FUNCTION bump_rev() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n bigint := coalesce(nullif(current_setting('portal.rev_n', true), ''), '0')::bigint;
BEGIN
  IF n >= 1048576 THEN
    RAISE EXCEPTION 'A transaction may change at most 1048576 synced rows';
  END IF;
  PERFORM set_config('portal.rev_n', (n + 1)::text, true);
  NEW.rev := (pg_current_xact_id()::text::bigint << 20) + n;
  NEW.updated_at := now();
  PERFORM pg_notify('portal_changes', json_build_object(
    'table', TG_TABLE_NAME,
    'org', CASE WHEN TG_TABLE_NAME = 'organizations' THEN to_jsonb(NEW) ->> 'id' ELSE to_jsonb(NEW) ->> 'org_id' END,
    'rev', NEW.rev)::text);
  RETURN NEW;
END
$$;

-- Every rev below the answer is final (committed and visible to the calling statement's
-- snapshot, or never to be), and a later answer is never lower. In a repeatable-read transaction
-- it describes the transaction's snapshot: read it first, then the rows below it.
CREATE OR REPLACE FUNCTION sync_bound() RETURNS bigint LANGUAGE sql VOLATILE AS $$
  WITH s AS (SELECT pg_current_snapshot() AS snap),
  ours AS (
    SELECT x::text::bigint AS xid
      FROM s, pg_snapshot_xip(s.snap) x
     WHERE NOT EXISTS (
       SELECT 1 FROM pg_stat_activity a
        WHERE a.datname IS DISTINCT FROM current_database()
          AND a.backend_xid IS NOT NULL
          AND a.backend_xid::text::bigint = (x::text::bigint & 4294967295))
  )
  SELECT least(pg_snapshot_xmax(s.snap)::text::bigint, (SELECT min(xid) FROM ours)) << 20 FROM s
$$;

DROP FUNCTION IF EXISTS sync_horizon();
DROP FUNCTION IF EXISTS sync_entry_key();
DROP FUNCTION IF EXISTS sync_lock_base();
