-- A library version's sync rev is its own row's rev (issue 28).
--
-- Pulls of library collections used the latest of three revs (the version's, its family's, and
-- for an official version the caller's own family of the same id), a union of three candidate
-- scans and a sort. The planner could not use an index for it: every pull read every version of
-- the organization (1.3 s a pull at 2,000 lists while statistics lagged behind a growing table,
-- and pulls were most of the database's work under two dozen writers).
--
-- Now a version's rev moves whenever anything it is sent with changes, so a pull is a range scan
-- of (family_kind, org_id, rev) per organization:
--   * its family row: a change to it touches all its versions (trigger below), in the same
--     transaction, so their new revs are consecutive with the family's;
--   * the caller's own family of an official id: no longer sent with the official version at all.
--     Since official versions stay replicated after a copy (issue 29, item 6), whether one is gone
--     does not depend on the caller's family, and the device decides what it shadows.
--
-- Versions whose family changed after them get a new rev once here, so no checkpoint between
-- the two revs can skip them.

CREATE OR REPLACE FUNCTION touch_family_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE library_versions SET rev = rev
   WHERE org_id = NEW.org_id AND family_kind = NEW.family_kind AND id = NEW.id;
  RETURN NULL;
END
$$;

CREATE TRIGGER library_families_touch_versions AFTER UPDATE ON library_families
  FOR EACH ROW EXECUTE FUNCTION touch_family_versions();

UPDATE library_versions v SET rev = v.rev
  FROM library_families f
 WHERE f.org_id = v.org_id AND f.family_kind = v.family_kind AND f.id = v.id AND f.rev > v.rev;

-- A pull meets each version's family by its key. The (family_kind, org_id, rev) index of
-- families served a range on rev that no query makes any more, and on a table that grew faster
-- than autovacuum analyzed it the planner took it for that key lookup, reading every family of
-- the organization per row (20 ms a pull at 3,000 lists). Keyed by id instead, with rev carried
-- along for the library fingerprints' index-only sums, either index finds a family at once.
DROP INDEX library_families_kind_org_rev_idx;
CREATE INDEX library_families_kind_org_id_idx ON library_families (family_kind, org_id, id) INCLUDE (rev);
