-- sync_bound() no longer waits for autovacuum (issue 28).
--
-- An autovacuum worker that analyses a table takes a transaction id in this database (it writes
-- pg_statistic), and its backend is not a portal server, so the bound stayed below it for as long
-- as the analysis ran: every pull and stream of the database held back meanwhile, seconds for a
-- large table. Autovacuum writes no row of ours (no rev trigger fires on the catalogues), so its
-- transactions are ignored like another schema's servers'. Every other backend still counts.

CREATE OR REPLACE FUNCTION sync_bound() RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  snap pg_snapshot := pg_current_snapshot();
  ceiling bigint := pg_snapshot_xmax(snap)::text::bigint;
  lowest bigint;
  ours text := current_setting('application_name');
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_snapshot_xip(snap)) THEN
    RETURN ceiling << 20;
  END IF;
  SELECT min(x::text::bigint) INTO lowest
    FROM pg_snapshot_xip(snap) x
   WHERE NOT EXISTS (
     SELECT 1 FROM pg_stat_get_activity(NULL) a
      WHERE a.backend_xid IS NOT NULL
        AND a.backend_xid::text::bigint = (x::text::bigint & 4294967295)
        AND (a.datid IS DISTINCT FROM (SELECT oid FROM pg_database WHERE datname = current_database())
             OR a.backend_type = 'autovacuum worker'
             OR (a.application_name LIKE 'portal:%' AND ours LIKE 'portal:%' AND a.application_name <> ours)));
  RETURN least(ceiling, lowest) << 20;
END
$$;
