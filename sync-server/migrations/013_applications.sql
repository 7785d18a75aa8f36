-- Cases (spec "intake", "files") and their runs (spec "runs"): DESIGN.md, The server's areas.
--
-- A case is pinned to one expected document list version for good (spec Part 9.4). That version
-- is active or superseded, so its content never changes: its lines are copied here, and listings
-- count satisfied lines without reading the library.

CREATE TABLE applications (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  applicant_name text NOT NULL,
  list_org_id text NOT NULL,
  list_id text NOT NULL,
  list_version integer NOT NULL,
  list_name text NOT NULL,
  list_source text NOT NULL CHECK (list_source IN ('own', 'official')),
  -- [{id, docType, name, requirement, minCount, maxCount}] of the pinned version, in list order.
  list_lines jsonb NOT NULL,
  sample boolean NOT NULL DEFAULT false,
  created_by text NOT NULL,
  -- The number of the case's latest run (runs.n); null before the first.
  current_run integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  rev bigint NOT NULL DEFAULT 0,
  deleted boolean NOT NULL DEFAULT false
);
CREATE INDEX applications_org_idx ON applications (org_id, created_at DESC, id DESC);
CREATE INDEX applications_rev_idx ON applications (rev);
CREATE TRIGGER applications_rev BEFORE INSERT OR UPDATE ON applications FOR EACH ROW EXECUTE FUNCTION bump_rev();

-- Source files: immutable records of what was received (the bytes are a blob named by sha256).
-- Only two facts are added later, once each: the run that read the file and landed, and its
-- removal at the gate by a person (allowed only while no run has read it).
CREATE TABLE application_files (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  position integer NOT NULL,
  name text NOT NULL,
  size bigint NOT NULL,
  sha256 text NOT NULL,
  page_count integer NOT NULL CHECK (page_count >= 1),
  expected_doc_id text,
  received_by text NOT NULL,
  received_at timestamptz NOT NULL,
  read_by_run integer,
  removed_at timestamptz,
  removed_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  rev bigint NOT NULL DEFAULT 0,
  deleted boolean NOT NULL DEFAULT false,
  UNIQUE (application_id, position)
);
CREATE INDEX application_files_app_idx ON application_files (application_id, position);
CREATE INDEX application_files_sha_idx ON application_files (sha256);
CREATE INDEX application_files_rev_idx ON application_files (rev);
CREATE TRIGGER application_files_rev BEFORE INSERT OR UPDATE ON application_files FOR EACH ROW EXECUTE FUNCTION bump_rev();

-- Every run of a case, numbered 1, 2, 3… per case. A run refused at the gate is a run too: it
-- waits there (state `gated`, with why) until a person bypasses it or a new run replaces it.
CREATE TABLE runs (
  application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  n integer NOT NULL CHECK (n >= 1),
  org_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  kind text NOT NULL DEFAULT 'parse',
  state text NOT NULL CHECK (state IN ('gated', 'previewing', 'inventory', 'running', 'report')),
  gate_reason text CHECK (gate_reason IN ('flags', 'emailRequired', 'analyzerUnreachable', 'failed', 'cancelled', 'interrupted')),
  flags jsonb NOT NULL DEFAULT '[]'::jsonb,
  last_error text,
  workflow_org_id text NOT NULL,
  workflow_id text NOT NULL,
  workflow_version integer NOT NULL,
  -- The steps of that workflow version, as resolved (active versions never change).
  steps jsonb NOT NULL,
  -- The files the run covers, in case order.
  file_ids jsonb NOT NULL,
  decided_by text NOT NULL,
  authenticated_as text NOT NULL,
  bypassed_by text,
  step text,
  pages_done integer NOT NULL DEFAULT 0,
  pages_total integer NOT NULL DEFAULT 0,
  -- Set when a person asks a run in flight to stop; the engine stops at its next check.
  cancel_requested_by text,
  -- How many times the engine has taken a stage up again after its server stopped.
  attempts integer NOT NULL DEFAULT 0,
  -- The completeness report of a run that landed: missing lines and extra documents.
  report jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  ended_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  rev bigint NOT NULL DEFAULT 0,
  deleted boolean NOT NULL DEFAULT false,
  PRIMARY KEY (application_id, n)
);
-- At most one run in flight per case, whoever races to start one.
CREATE UNIQUE INDEX runs_in_flight_idx ON runs (application_id) WHERE state IN ('previewing', 'inventory', 'running');
CREATE INDEX runs_in_flight_all_idx ON runs (state) WHERE state IN ('previewing', 'inventory', 'running');
CREATE INDEX runs_rev_idx ON runs (rev);
CREATE TRIGGER runs_rev BEFORE INSERT OR UPDATE ON runs FOR EACH ROW EXECUTE FUNCTION bump_rev();

-- What a run read: the text lines of every page, with their boxes (citations name page and line).
CREATE TABLE application_pages (
  file_id text NOT NULL REFERENCES application_files (id) ON DELETE CASCADE,
  page integer NOT NULL,
  org_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  run_n integer NOT NULL,
  width real NOT NULL,
  height real NOT NULL,
  source text NOT NULL,
  -- Painted as an image with no text layer: parse reads it by OCR (pre-flight reads no scans).
  scan boolean NOT NULL DEFAULT false,
  lines jsonb NOT NULL,
  PRIMARY KEY (file_id, page)
);
CREATE INDEX application_pages_app_idx ON application_pages (application_id);

-- Documents a run proposed: a page range of one source file read as one document. The address
-- `<fileId>:p<first>-<last>` is its identity (spec Part 2); there is no minted id.
CREATE TABLE application_documents (
  application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  address text NOT NULL,
  org_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  file_id text NOT NULL REFERENCES application_files (id) ON DELETE CASCADE,
  first_page integer NOT NULL,
  last_page integer NOT NULL,
  -- [{fileId, pages: [n, …]}]
  spans jsonb NOT NULL,
  title text NOT NULL,
  doc_type text NOT NULL,
  confidence real NOT NULL,
  -- [{docType, confidence}] the next most likely types.
  runners_up jsonb NOT NULL DEFAULT '[]'::jsonb,
  boundary_confidence real NOT NULL DEFAULT 1,
  -- The line of the pinned list it was filed against; null when it matched none (common, not an error).
  expected_doc_id text,
  settled boolean NOT NULL DEFAULT false,
  suggested_name text NOT NULL,
  -- {field: value} and {field: {value, confidence, page, line}}: what extract-key-data read, and where.
  key_data jsonb NOT NULL DEFAULT '{}'::jsonb,
  key_fields jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- [{check, code, note}] raised by the workflow's checks (expiry, applicant name).
  findings jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- A range the splitter read as several documents is listed whole until a person or the workflow
  -- confirms the split: its pieces are stored with `split_of` naming the whole range's address.
  split_confirmed boolean NOT NULL DEFAULT true,
  split_of text,
  run_n integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  rev bigint NOT NULL DEFAULT 0,
  deleted boolean NOT NULL DEFAULT false,
  PRIMARY KEY (application_id, address)
);
CREATE INDEX application_documents_line_idx ON application_documents (application_id, expected_doc_id) WHERE NOT deleted;
CREATE INDEX application_documents_rev_idx ON application_documents (rev);
CREATE TRIGGER application_documents_rev BEFORE INSERT OR UPDATE ON application_documents FOR EACH ROW EXECUTE FUNCTION bump_rev();
