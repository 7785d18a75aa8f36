-- People's decisions on what runs proposed (spec tags "documents", "approved-docs"), and the
-- document list they produce (sync-server/src/documents/).
--
-- The list a case shows is a function of two things: what its runs proposed
-- (application_documents, written when a run lands) and the decisions people made since, in
-- order. documents/listing.ts computes it; every write that changes either recomputes it in the
-- same transaction and stores the result here, so GET /applications/{id}/documents and the case
-- listing's `docsFiled` read it in one query without deriving anything.

-- One row per decision, numbered per case in the order they were made. An undone decision stays
-- (with who undid it): the ledger says both, and the list is recomputed without it.
CREATE TABLE document_decisions (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('approve', 'settle', 'junk')),
  -- The listed document (or proposed piece) the decision was made on.
  address text NOT NULL,
  -- [{fileId, pages}] the person set (new boundaries, or the pages to junk); null: the document's own.
  spans jsonb,
  -- approve: the line it is filed against; null with `unmatched` when kept as matching nothing,
  -- null without it when the proposed line stands.
  expected_doc_id text,
  unmatched boolean NOT NULL DEFAULT false,
  approved_doc_id text,
  decided_by text NOT NULL,
  authenticated_as text NOT NULL,
  created_at timestamptz NOT NULL,
  undone_at timestamptz,
  undone_by text,
  undone_authenticated_as text,
  UNIQUE (application_id, seq)
);
CREATE INDEX document_decisions_app_idx ON document_decisions (application_id, seq);

-- Filed PDFs: cut from the packet at approval (the pages of the document's spans, in order), a
-- blob named by its SHA-256. An approval undone withdraws its filed PDF (the blob stays: blobs
-- are content-addressed and may be shared).
CREATE TABLE approved_docs (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  decision_id text NOT NULL REFERENCES document_decisions (id) ON DELETE CASCADE,
  address text NOT NULL,
  spans jsonb NOT NULL,
  sha256 text NOT NULL,
  size bigint NOT NULL,
  page_count integer NOT NULL,
  suggested_name text NOT NULL,
  created_at timestamptz NOT NULL,
  withdrawn_at timestamptz
);
CREATE INDEX approved_docs_app_idx ON approved_docs (application_id);

-- Pages a decision holds (approved into a document, junked, or settled): a page is held by one
-- active decision at most, whatever races to take it. The case row lock orders deciders; this
-- key is the database's own guarantee.
CREATE TABLE document_page_claims (
  application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  file_id text NOT NULL,
  page integer NOT NULL,
  decision_id text NOT NULL REFERENCES document_decisions (id) ON DELETE CASCADE,
  PRIMARY KEY (application_id, file_id, page)
);
CREATE INDEX document_page_claims_decision_idx ON document_page_claims (decision_id);

-- The list as it stands: each entry in page order, as the API shows it (`entry`), with the line
-- it counts for (`docsFiled`).
CREATE TABLE case_documents (
  application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  address text NOT NULL,
  org_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  ord integer NOT NULL,
  expected_doc_id text,
  entry jsonb NOT NULL,
  PRIMARY KEY (application_id, address)
);
CREATE INDEX case_documents_ord_idx ON case_documents (application_id, ord);
CREATE INDEX case_documents_line_idx ON case_documents (application_id, expected_doc_id);
