-- Learning from reviewers (DESIGN.md, The analyzer; sync-server/src/learning/).
--
-- A person correcting a key value of a document is a decision like approve, settle and junk
-- (documents/): numbered with them, replayed with them when the list is recomputed, undone like
-- them. It takes no pages (`document_page_claims`): correcting a value never races a filing.
ALTER TABLE document_decisions DROP CONSTRAINT document_decisions_kind_check;
ALTER TABLE document_decisions ADD CONSTRAINT document_decisions_kind_check CHECK (kind IN ('approve', 'settle', 'junk', 'correct'));
-- correct: the field of the document's extraction schema, the value set (SQL NULL: cleared),
-- and where the value is printed ({fileId, page, line}; NULL when the pages do not print it).
ALTER TABLE document_decisions ADD COLUMN field text;
ALTER TABLE document_decisions ADD COLUMN value jsonb;
ALTER TABLE document_decisions ADD COLUMN value_at jsonb;

-- The desktop sends corrections as decision requests too.
ALTER TABLE decision_requests DROP CONSTRAINT decision_requests_kind_check;
ALTER TABLE decision_requests ADD CONSTRAINT decision_requests_kind_check CHECK (kind IN ('approve', 'settle', 'junk', 'bypass', 'correct'));
ALTER TABLE decision_requests ADD COLUMN field text;
ALTER TABLE decision_requests ADD COLUMN value jsonb;

-- What an organization's decisions teach its runs: a type example per approval into a line of a
-- type (the document's layout vector), a field example per corrected value found on its page
-- (the anchor: label, relation, position; analyzer/learn). Derived from the organization's own
-- cases and used only by its own runs; nothing here leaves the server. An example goes with the
-- decision that taught it (undone: deleted) and with its case (deleted cases teach nothing; a
-- purged one takes its examples along).
CREATE TABLE learning_examples (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  decision_id text NOT NULL REFERENCES document_decisions (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('type', 'field')),
  doc_type text NOT NULL,
  -- field: the field; NULL for a type example.
  field text,
  -- The document the decision was made on: a later correction of the same field replaces this one.
  address text NOT NULL,
  example jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX learning_examples_org_idx ON learning_examples (org_id, kind, created_at DESC);
CREATE INDEX learning_examples_decision_idx ON learning_examples (decision_id);
CREATE INDEX learning_examples_doc_idx ON learning_examples (application_id, address, field);
