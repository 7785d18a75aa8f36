-- Conventions every later migration follows (DESIGN.md, Storage):
--  * every row carries org_id and every query filters by it;
--  * rows that replicate to the desktop carry `rev` from the one global sequence below, bumped on
--    every write by the trigger `bump_rev`, and are deleted softly (`deleted`), so a client can
--    pull "everything after rev N" and learn about deletions too.

CREATE SEQUENCE rev_seq AS bigint;

CREATE FUNCTION bump_rev() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.rev := nextval('rev_seq');
  NEW.updated_at := now();
  RETURN NEW;
END
$$;

-- Organizations replicate (the desktop shows the organization's name and marked catalogue);
-- an organization is its own org_id.
CREATE TABLE organizations (
  id text PRIMARY KEY,
  org_id text NOT NULL GENERATED ALWAYS AS (id) STORED,
  name text NOT NULL,
  is_official boolean NOT NULL DEFAULT false,
  marked_doc_type_catalog text NOT NULL DEFAULT 'generic',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  rev bigint NOT NULL DEFAULT 0,
  deleted boolean NOT NULL DEFAULT false
);
CREATE TRIGGER organizations_rev BEFORE INSERT OR UPDATE ON organizations
  FOR EACH ROW EXECUTE FUNCTION bump_rev();
CREATE INDEX organizations_rev_idx ON organizations (rev);

-- The durable job queue (DESIGN.md, Work that takes time). org_id is null only for jobs that
-- belong to no organization (retention sweeps over all of them).
CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  org_id text REFERENCES organizations (id) ON DELETE CASCADE,
  kind text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 5 CHECK (max_attempts >= 1),
  run_at timestamptz NOT NULL DEFAULT now(),
  locked_by text,
  lease_until timestamptz,
  last_error text,
  -- At most one unfinished job per key (for example one purge sweep at a time).
  dedupe_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
-- What workers scan: queued work by due time, and running work by lease expiry.
CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE status = 'queued';
CREATE INDEX jobs_lease_idx ON jobs (lease_until) WHERE status = 'running';
CREATE UNIQUE INDEX jobs_dedupe_idx ON jobs (dedupe_key) WHERE dedupe_key IS NOT NULL AND status IN ('queued', 'running');
