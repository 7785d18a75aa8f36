-- 010's bound is sound, but it could step back, and a stream relies on it never doing so: a
-- stream starts at the bound, the client's pull after its RESYNC must reach at least as far, or
-- the rows in between are in neither. Two ways it stepped back:
-- - a key was the sequence's last value, and the bound stopped below the smallest key; but a
--   transaction's revs are all above its key, so the row at the key itself was held back by a
--   transaction that started after it was final. Keys are now "every rev of mine is above this"
--   (the last rev taken, or one less than the start value before the first), and the bound
--   stops at the smallest key plus one.
-- - a writer read the sequence, then locked: a reader looking in between missed it, then saw its
--   lower key a moment later. Writers now first take a shared "entering" lock (the top key of the
--   schema's band) and keep it to the end; a reader that sees a writer holding it without a rev
--   key yet looks again a moment later, so the bound it answers never goes below an earlier one.

CREATE OR REPLACE FUNCTION sync_entry_key() RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT sync_lock_base() + 281474976710655
$$;

CREATE OR REPLACE FUNCTION bump_rev() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  taken bigint;
BEGIN
  IF current_setting('portal.rev_held', true) IS DISTINCT FROM '1' THEN
    PERFORM pg_advisory_xact_lock_shared(sync_entry_key());
    SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END INTO taken FROM rev_seq;
    PERFORM pg_advisory_xact_lock_shared(sync_lock_base() + taken);
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

-- The smallest key an in-flight transaction holds: every rev it takes is above it. Null when none.
CREATE OR REPLACE FUNCTION sync_horizon() RETURNS bigint LANGUAGE sql VOLATILE AS $$
  SELECT min(l.key) - sync_lock_base()
    FROM (SELECT (classid::bigint << 32) | objid::bigint AS key
            FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 1 AND granted) l
   WHERE l.key >= sync_lock_base() AND l.key < sync_entry_key()
$$;

-- Every rev below the answer is final (committed, or never to be), and a later answer is never
-- lower. The sequence is read before the locks: a rev taken before that read belongs to a
-- transaction that had ended, or held a key below it, when the locks were read.
CREATE OR REPLACE FUNCTION sync_bound() RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  base bigint := sync_lock_base();
  entry bigint := sync_entry_key();
  taken bigint;
  held bigint;
  entering bigint;
BEGIN
  FOR attempt IN 1..5000 LOOP
    SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END INTO taken FROM rev_seq;
    -- One read of the lock table (materialized: pg_locks is read once, so it is consistent).
    WITH locks AS MATERIALIZED (
      SELECT virtualtransaction AS tx, (classid::bigint << 32) | objid::bigint AS key
        FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 1 AND granted
    )
    SELECT (SELECT min(key) - base FROM locks WHERE key >= base AND key < entry),
           (SELECT count(*) FROM (SELECT tx FROM locks WHERE key = entry
                                  EXCEPT SELECT tx FROM locks WHERE key >= base AND key < entry) w)
      INTO held, entering;
    -- A writer between its entering lock and its key takes microseconds; wait it out.
    EXIT WHEN entering = 0;
    PERFORM pg_sleep(0.0002);
  END LOOP;
  RETURN least(taken, held) + 1;
END
$$;
