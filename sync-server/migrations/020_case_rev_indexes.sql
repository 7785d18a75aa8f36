-- A replicated case carries the greatest rev of the rows it is built from (sync/collections/
-- cases.ts): one `max(rev)` per source table and case. Without an index on (case, rev) each is a
-- walk down the table's rev index past every other case's rows, so a stream's read of one
-- approval grew with the organization's cases × rows.
CREATE INDEX runs_case_rev_idx ON runs (application_id, rev);
CREATE INDEX application_files_case_rev_idx ON application_files (application_id, rev);
CREATE INDEX application_documents_case_rev_idx ON application_documents (application_id, rev);
CREATE INDEX case_documents_case_rev_idx ON case_documents (application_id, rev);
CREATE INDEX case_document_tombstones_case_rev_idx ON case_document_tombstones (application_id, rev);
CREATE INDEX document_decisions_case_rev_idx ON document_decisions (application_id, rev);
