-- Intel briefs and the case assistant (spec tags `intel-briefs`, `agent`, `agent-stream`):
-- DESIGN.md "Briefs and the assistant". Sections and turns are answered by jobs of the research
-- lane; what they cite is checked against `application_pages.lines` before it is stored.

CREATE TABLE intel_briefs (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  template_org_id text NOT NULL,
  template_id text NOT NULL,
  template_version integer NOT NULL,
  template_name text NOT NULL,
  status text NOT NULL CHECK (status IN ('running', 'ready')),
  -- The engine of the `intel` stage when it started: {id, name, provider}.
  model jsonb NOT NULL,
  created_by text NOT NULL,
  authenticated_as text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  ready_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  rev bigint NOT NULL DEFAULT 0,
  deleted boolean NOT NULL DEFAULT false
);
CREATE INDEX intel_briefs_app_idx ON intel_briefs (application_id, created_at DESC, id DESC);
CREATE INDEX intel_briefs_rev_idx ON intel_briefs (rev);
CREATE TRIGGER intel_briefs_rev BEFORE INSERT OR UPDATE ON intel_briefs FOR EACH ROW EXECUTE FUNCTION bump_rev();

CREATE TABLE intel_brief_sections (
  brief_id text NOT NULL REFERENCES intel_briefs (id) ON DELETE CASCADE,
  n integer NOT NULL CHECK (n >= 1),
  org_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  question text NOT NULL,
  answer_type text,
  guidance text,
  status text NOT NULL CHECK (status IN ('pending', 'running', 'done', 'failed')),
  answer text,
  no_evidence boolean NOT NULL DEFAULT false,
  citations jsonb NOT NULL DEFAULT '[]'::jsonb,
  dropped_citations integer NOT NULL DEFAULT 0,
  model jsonb,
  prompt_tokens integer,
  completion_tokens integer,
  error text,
  started_at timestamptz,
  finished_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  rev bigint NOT NULL DEFAULT 0,
  deleted boolean NOT NULL DEFAULT false,
  PRIMARY KEY (brief_id, n)
);
CREATE INDEX intel_brief_sections_rev_idx ON intel_brief_sections (rev);
CREATE TRIGGER intel_brief_sections_rev BEFORE INSERT OR UPDATE ON intel_brief_sections FOR EACH ROW EXECUTE FUNCTION bump_rev();

-- A conversation belongs to one case and one caller (`owner`: `user:<id>` or `apiKey:<id>`).
CREATE TABLE assistant_conversations (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  owner text NOT NULL,
  title text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  rev bigint NOT NULL DEFAULT 0,
  deleted boolean NOT NULL DEFAULT false
);
CREATE INDEX assistant_conversations_owner_idx ON assistant_conversations (application_id, owner, updated_at DESC);
CREATE INDEX assistant_conversations_rev_idx ON assistant_conversations (rev);
CREATE TRIGGER assistant_conversations_rev BEFORE INSERT OR UPDATE ON assistant_conversations FOR EACH ROW EXECUTE FUNCTION bump_rev();

CREATE TABLE assistant_turns (
  id text PRIMARY KEY,
  conversation_id text NOT NULL REFERENCES assistant_conversations (id) ON DELETE CASCADE,
  org_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  n integer NOT NULL,
  question text NOT NULL,
  status text NOT NULL CHECK (status IN ('answering', 'done', 'failed')),
  answer text,
  citations jsonb NOT NULL DEFAULT '[]'::jsonb,
  dropped_citations integer NOT NULL DEFAULT 0,
  model jsonb,
  prompt_tokens integer,
  completion_tokens integer,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  UNIQUE (conversation_id, n)
);

-- What a turn's stream sent, numbered from 1: a reader that reconnects with Last-Event-ID gets
-- the rest from here, whichever instance answers the turn.
CREATE TABLE assistant_events (
  turn_id text NOT NULL REFERENCES assistant_turns (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  event text NOT NULL,
  data jsonb NOT NULL,
  PRIMARY KEY (turn_id, seq)
);
