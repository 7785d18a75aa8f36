-- Cases replicated to the desktop (DESIGN.md, Local-first desktop): the case, its listed
-- documents, its decisions and its ledger are pulled by `rev` like the library. Three tables of
-- them had no rev: case_documents, document_decisions and ledger.
--
-- Their existing rows need a rev too, or a desktop would never pull them. The ledger refuses
-- every UPDATE (012), so no row is updated: each column is added with `nextval('rev_seq')` as
-- its default, which PostgreSQL computes row by row while it rewrites the table (an ALTER
-- TABLE, which fires no row trigger), and the default is then put back to 0 for the bump_rev
-- trigger to overwrite. This transaction takes its revs the way bump_rev does (011): the
-- entering lock, then a key below every rev it will take, so no pull hands out a checkpoint
-- past them before it commits.
SELECT pg_advisory_xact_lock_shared(sync_entry_key());
SELECT pg_advisory_xact_lock_shared(sync_lock_base() + (SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM rev_seq));
SELECT set_config('portal.rev_held', '1', true);

-- bump_rev sets updated_at as well as rev.
ALTER TABLE case_documents
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN rev bigint NOT NULL DEFAULT nextval('rev_seq');
ALTER TABLE case_documents ALTER COLUMN rev SET DEFAULT 0;
CREATE INDEX case_documents_rev_idx ON case_documents (rev);
CREATE TRIGGER case_documents_rev BEFORE INSERT OR UPDATE ON case_documents FOR EACH ROW EXECUTE FUNCTION bump_rev();

ALTER TABLE document_decisions
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN rev bigint NOT NULL DEFAULT nextval('rev_seq');
ALTER TABLE document_decisions ALTER COLUMN rev SET DEFAULT 0;
CREATE INDEX document_decisions_rev_idx ON document_decisions (rev);
CREATE TRIGGER document_decisions_rev BEFORE INSERT OR UPDATE ON document_decisions FOR EACH ROW EXECUTE FUNCTION bump_rev();

-- Rows are only ever inserted: the trigger numbers each as it arrives (and announces it).
ALTER TABLE ledger
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN rev bigint NOT NULL DEFAULT nextval('rev_seq');
ALTER TABLE ledger ALTER COLUMN rev SET DEFAULT 0;
CREATE INDEX ledger_rev_idx ON ledger (rev);
CREATE TRIGGER ledger_rev BEFORE INSERT ON ledger FOR EACH ROW EXECUTE FUNCTION bump_rev();

-- case_documents is the list as it stands: a document that leaves it (junked, replaced by its
-- pieces, cut by new boundaries) is a deleted row, which a desktop pulling by rev would never
-- hear of. Its last state is kept here, with a rev of its own, until the address is listed
-- again. A table of its own rather than a `deleted` flag: every reader of the list (the
-- listing's docsFiled, the runs area, completeness) keeps reading case_documents as it is.
CREATE TABLE case_document_tombstones (
  application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  address text NOT NULL,
  org_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  ord integer NOT NULL,
  entry jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  rev bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (application_id, address)
);
CREATE INDEX case_document_tombstones_rev_idx ON case_document_tombstones (rev);
CREATE TRIGGER case_document_tombstones_rev BEFORE INSERT OR UPDATE ON case_document_tombstones FOR EACH ROW EXECUTE FUNCTION bump_rev();

CREATE FUNCTION case_documents_tombstone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- Listed again: the row's own rev, newer than the tombstone's, says so.
    DELETE FROM case_document_tombstones WHERE application_id = NEW.application_id AND address = NEW.address;
    RETURN NEW;
  END IF;
  -- A case or organization being deleted takes its list with it (ON DELETE CASCADE): then
  -- there is nobody left to tell, and a tombstone would point at rows already gone.
  IF EXISTS (SELECT 1 FROM applications a JOIN organizations o ON o.id = a.org_id WHERE a.id = OLD.application_id) THEN
    INSERT INTO case_document_tombstones (application_id, address, org_id, ord, entry)
    VALUES (OLD.application_id, OLD.address, OLD.org_id, OLD.ord, OLD.entry)
    ON CONFLICT (application_id, address) DO UPDATE SET ord = EXCLUDED.ord, entry = EXCLUDED.entry;
  END IF;
  RETURN OLD;
END
$$;
CREATE TRIGGER case_documents_tombstone AFTER INSERT OR DELETE ON case_documents
  FOR EACH ROW EXECUTE FUNCTION case_documents_tombstone();
