-- The library (issue 4): versioned families (expected document lists, which include document
-- catalogues, and extraction schemas; workflows and intel templates use the same tables), each
-- organization's default per family kind, document bundles and saved sections. Official content
-- is owned by the one official organization and read by everyone.

-- Exactly one organization publishes the official content; seeding relies on it.
CREATE UNIQUE INDEX organizations_one_official_idx ON organizations (is_official) WHERE is_official;

-- A family is one id of one kind in one organization. Every write that changes its versions
-- locks this row first (SELECT ... FOR UPDATE), so concurrent activations and new versions of
-- one family run one after the other and see each other's result.
CREATE TABLE library_families (
  org_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  family_kind text NOT NULL,
  id text NOT NULL,
  -- The sort of item within the kind (an expected document list's `kind`); null when the kind has one sort.
  item_kind text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  rev bigint NOT NULL DEFAULT 0,
  deleted boolean NOT NULL DEFAULT false,
  PRIMARY KEY (org_id, family_kind, id)
);
CREATE INDEX library_families_rev_idx ON library_families (rev);
CREATE TRIGGER library_families_rev BEFORE INSERT OR UPDATE ON library_families FOR EACH ROW EXECUTE FUNCTION bump_rev();

CREATE TABLE library_versions (
  org_id text NOT NULL,
  family_kind text NOT NULL,
  id text NOT NULL,
  version integer NOT NULL CHECK (version >= 1),
  -- A version never changes its name; rename-as-new-version names the next version.
  name text NOT NULL,
  status text NOT NULL CHECK (status IN ('draft', 'active', 'superseded')),
  content jsonb NOT NULL,
  -- {orgId, id, version} of the version this one was copied from.
  derived_from jsonb,
  created_by text,
  activated_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  rev bigint NOT NULL DEFAULT 0,
  deleted boolean NOT NULL DEFAULT false,
  -- Two writers racing to make the same version number: one insert wins.
  PRIMARY KEY (org_id, family_kind, id, version),
  FOREIGN KEY (org_id, family_kind, id) REFERENCES library_families (org_id, family_kind, id) ON DELETE CASCADE
);
CREATE INDEX library_versions_rev_idx ON library_versions (rev);
CREATE TRIGGER library_versions_rev BEFORE INSERT OR UPDATE ON library_versions FOR EACH ROW EXECUTE FUNCTION bump_rev();
-- At most one active version per family, except workflows, which keep every activated version
-- active (spec Part 3: activation of a workflow does not supersede).
CREATE UNIQUE INDEX library_versions_one_active_idx ON library_versions (org_id, family_kind, id)
  WHERE status = 'active' AND family_kind <> 'workflow' AND NOT deleted;

-- The organization's default per family kind (its default list, its default workflow). One row
-- per organization and kind, so "exactly one default" holds by construction and setting it is
-- one atomic upsert. The target may be an official family.
CREATE TABLE library_defaults (
  org_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  family_kind text NOT NULL,
  target_org_id text NOT NULL,
  target_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  rev bigint NOT NULL DEFAULT 0,
  deleted boolean NOT NULL DEFAULT false,
  PRIMARY KEY (org_id, family_kind),
  FOREIGN KEY (target_org_id, family_kind, target_id) REFERENCES library_families (org_id, family_kind, id) ON DELETE CASCADE
);
CREATE INDEX library_defaults_rev_idx ON library_defaults (rev);
CREATE TRIGGER library_defaults_rev BEFORE INSERT OR UPDATE ON library_defaults FOR EACH ROW EXECUTE FUNCTION bump_rev();

CREATE TABLE document_bundles (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- Document type ids, in the order given.
  members jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  rev bigint NOT NULL DEFAULT 0,
  deleted boolean NOT NULL DEFAULT false
);
-- Names are unique per organization ignoring case; a deleted bundle frees its name.
CREATE UNIQUE INDEX document_bundles_name_idx ON document_bundles (org_id, lower(name)) WHERE NOT deleted;
CREATE INDEX document_bundles_rev_idx ON document_bundles (rev);
CREATE TRIGGER document_bundles_rev BEFORE INSERT OR UPDATE ON document_bundles FOR EACH ROW EXECUTE FUNCTION bump_rev();

CREATE TABLE saved_sections (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- {note, lines, subsections}: a copy of a section, in the list content's shape.
  content jsonb NOT NULL,
  derived_from jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  rev bigint NOT NULL DEFAULT 0,
  deleted boolean NOT NULL DEFAULT false
);
CREATE INDEX saved_sections_org_idx ON saved_sections (org_id);
CREATE INDEX saved_sections_rev_idx ON saved_sections (rev);
CREATE TRIGGER saved_sections_rev BEFORE INSERT OR UPDATE ON saved_sections FOR EACH ROW EXECUTE FUNCTION bump_rev();
