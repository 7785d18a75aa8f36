-- Committed changes are found by their revs, not announced by NOTIFY, on PostgreSQL (issue 28).
--
-- bump_rev sent a NOTIFY for every row it revved. A transaction that has notified takes one lock
-- of the whole database at commit and holds it until its commit is on disk, so every writing
-- transaction committed one after another, each waiting out the others' flushes: 1,346 bare
-- inserts a second on one connection fell to 445 on eight once they notified.
--
-- A portal server on PostgreSQL now finds what committed by reading the revs between two sync
-- bounds (db/change-feed.ts), and names its connections' setting portal.announce = 'poll' so
-- their rows are not announced. Any other connection (psql, a tool, the embedded database, whose
-- one process listens to itself) still announces, as before.

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
  IF coalesce(current_setting('portal.announce', true), '') <> 'poll' THEN
    PERFORM pg_notify('portal_changes', json_build_object(
      'table', TG_TABLE_NAME,
      'org', CASE WHEN TG_TABLE_NAME = 'organizations' THEN to_jsonb(NEW) ->> 'id' ELSE to_jsonb(NEW) ->> 'org_id' END,
      'rev', NEW.rev)::text);
  END IF;
  RETURN NEW;
END
$$;
