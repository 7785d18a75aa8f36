-- Advisory locks are shared by the whole database, but revs count per schema: two deployments
-- (or test suites) in two schemas of one database would hold back each other's pulls. Each
-- schema now takes its rev locks in a band of its own, 2^60 + band * 2^48 + rev, where the band
-- is its rev sequence's oid modulo 4096; sync_horizon() reads only its band.

CREATE FUNCTION sync_lock_base() RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT 1152921504606846976 + (('rev_seq'::regclass::oid::bigint % 4096) << 48)
$$;

CREATE OR REPLACE FUNCTION bump_rev() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.rev := nextval('rev_seq');
  NEW.updated_at := now();
  IF current_setting('portal.rev_held', true) IS DISTINCT FROM '1' THEN
    PERFORM pg_advisory_xact_lock(sync_lock_base() + NEW.rev);
    PERFORM set_config('portal.rev_held', '1', true);
  END IF;
  PERFORM pg_notify('portal_changes', json_build_object(
    'table', TG_TABLE_NAME,
    'org', CASE WHEN TG_TABLE_NAME = 'organizations' THEN to_jsonb(NEW) ->> 'id' ELSE to_jsonb(NEW) ->> 'org_id' END,
    'rev', NEW.rev)::text);
  RETURN NEW;
END
$$;

CREATE OR REPLACE FUNCTION sync_horizon() RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT min(l.key) - sync_lock_base()
    FROM (SELECT (classid::bigint << 32) | objid::bigint AS key
            FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 1) l
   WHERE l.key >= sync_lock_base() AND l.key < sync_lock_base() + 281474976710656
$$;
