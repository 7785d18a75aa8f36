-- A reviewer's decisions pushed from the desktop (DESIGN.md, Local-first desktop): the one
-- replicated collection the client writes. Each request is kept with its outcome, so a push
-- retried (the answer lost on the way back, the app restarted) is answered from here and never
-- applied twice; an applied one is written in the same transaction as its decision.
--
-- The id is the client's, so it is unique only per owner: the caller that pushed it (`user:<id>`,
-- `apiKey:<id>`, `guest:<id>`), who alone pulls it back. No reference to the case: a request for
-- a case that is not there is kept too, refused.
CREATE TABLE decision_requests (
  org_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  owner text NOT NULL,
  id text NOT NULL,
  application_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('approve', 'settle', 'junk', 'bypass')),
  address text,
  expected_doc_id text,
  spans jsonb,
  decided_by text NOT NULL,
  -- The client's clock: informative only.
  made_at timestamptz NOT NULL,
  -- Never `pending`: that state is the client's until the server answers.
  state text NOT NULL CHECK (state IN ('applied', 'conflict', 'refused')),
  decision_id text,
  applied_at timestamptz,
  conflict jsonb,
  error jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  rev bigint NOT NULL DEFAULT 0,
  -- The reviewer dropped it (a conflict or a refusal read and dismissed).
  deleted boolean NOT NULL DEFAULT false,
  PRIMARY KEY (org_id, owner, id)
);
CREATE INDEX decision_requests_rev_idx ON decision_requests (rev);
CREATE INDEX decision_requests_owner_rev_idx ON decision_requests (org_id, owner, rev);
CREATE TRIGGER decision_requests_rev BEFORE INSERT OR UPDATE ON decision_requests FOR EACH ROW EXECUTE FUNCTION bump_rev();
