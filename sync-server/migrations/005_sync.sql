-- Replication to the desktop (DESIGN.md, Local-first desktop).
--
-- Clients pull "every row with rev > checkpoint". Revs come from one sequence, but transactions
-- commit in any order: a client that saw rev 11 must not later miss rev 10 committing after it.
-- So every writing transaction holds an advisory lock keyed by the first rev it took until it
-- ends, and a pull only reads below the smallest rev still held ("the horizon"): rows from
-- transactions still in flight are not handed out yet, and nothing is skipped. One lock per
-- transaction, on a key no other transaction uses: no waiting, no deadlock.
--
-- Each commit also announces itself on the channel `portal_changes`, so sync streams of every
-- server instance sharing the database learn of it at once.

CREATE OR REPLACE FUNCTION bump_rev() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.rev := nextval('rev_seq');
  NEW.updated_at := now();
  IF current_setting('portal.rev_held', true) IS DISTINCT FROM '1' THEN
    -- Keys 2^60 + rev: a range no other advisory lock of ours uses (see sync_horizon()).
    PERFORM pg_advisory_xact_lock(1152921504606846976 + NEW.rev);
    PERFORM set_config('portal.rev_held', '1', true);
  END IF;
  PERFORM pg_notify('portal_changes', json_build_object('table', TG_TABLE_NAME, 'org', NEW.org_id, 'rev', NEW.rev)::text);
  RETURN NEW;
END
$$;

-- The smallest rev a transaction still in flight has taken; null when none. Pulls read below it.
CREATE FUNCTION sync_horizon() RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT min(((classid::bigint << 32) | objid::bigint) - 1152921504606846976)
    FROM pg_locks
   WHERE locktype = 'advisory' AND objsubid = 1 AND classid BETWEEN 268435456 AND 536870911
$$;

-- Collaborative documents (Yjs): updates appended as they arrive, compacted into one from time
-- to time. `doc` names the document, for example `expected-doc-list:<listId>:<version>`.
CREATE TABLE collab_updates (
  id bigserial PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  doc text NOT NULL,
  update bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX collab_updates_doc_idx ON collab_updates (org_id, doc, id);
