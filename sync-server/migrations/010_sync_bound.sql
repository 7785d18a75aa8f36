-- A pull hands out rows below a bound and the client's checkpoint jumps to the last one; every rev
-- below it must then be final: committed and visible, or never to be. Two holes let a late
-- commit land below a checkpoint already handed out:
-- - with no transaction in flight, sync_horizon() is null and pulls read without an upper bound,
--   so a transaction that took its rev after that look, and was still in flight when the rows
--   were read, was skipped by a later rev that had committed;
-- - bump_rev took its rev before its lock, so for a moment a rev was taken and nobody could see
--   that it was in flight.
-- Now a transaction locks before it takes a rev, on a key no greater than any rev it will take
-- (the sequence's last value: the sequence has no cache, so nextval is always above it). Keys
-- can repeat, so the locks are shared: still no waiting. And sync_bound() reads the sequence
-- first and the locks second: a rev at or below the value read was taken before, so its
-- transaction had either ended or was holding a key no greater than it when the locks were read.
-- pg_locks and sequences are not transactional: the bound must be read before the snapshot the
-- rows are read from (its own statement, then the rows), never within it.

CREATE OR REPLACE FUNCTION bump_rev() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('portal.rev_held', true) IS DISTINCT FROM '1' THEN
    PERFORM pg_advisory_xact_lock_shared(sync_lock_base() + (SELECT last_value FROM rev_seq));
    PERFORM set_config('portal.rev_held', '1', true);
  END IF;
  NEW.rev := nextval('rev_seq');
  NEW.updated_at := now();
  PERFORM pg_notify('portal_changes', json_build_object(
    'table', TG_TABLE_NAME,
    'org', CASE WHEN TG_TABLE_NAME = 'organizations' THEN to_jsonb(NEW) ->> 'id' ELSE to_jsonb(NEW) ->> 'org_id' END,
    'rev', NEW.rev)::text);
  RETURN NEW;
END
$$;

-- Every rev below the answer is final. VOLATILE: it reads state that is not in any snapshot.
CREATE FUNCTION sync_bound() RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  taken bigint;
BEGIN
  SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END INTO taken FROM rev_seq;
  RETURN least(taken + 1, sync_horizon());
END
$$;
