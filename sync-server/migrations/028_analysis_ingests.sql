-- What integrators' own engines read of a case's source files (spec tag "analysis",
-- sync-server/src/analysis/). An ingest is kept as received, normalized: page lines with boxes
-- as fractions of the page (scaled to the PDF's page size when a run takes them), documents with
-- our document types and key values checked against their fields. The latest ingest of a file is
-- the one a run of the file takes; earlier ones stay as the record of what was sent.
CREATE TABLE analysis_ingests (
  id text PRIMARY KEY,
  -- Order of arrival: the latest of a file wins, whatever the clocks say.
  n bigint GENERATED ALWAYS AS IDENTITY,
  org_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  file_id text NOT NULL REFERENCES application_files (id) ON DELETE CASCADE,
  format text NOT NULL CHECK (format IN ('prediction', 'azure-document-intelligence')),
  engine text,
  -- [{page, lines: [{text, box: {x, y, w, h} (fractions of the page), confidence}]}]
  pages jsonb NOT NULL,
  -- [{pages, docType, confidence, boundaryConfidence, runnersUp, keyData, keyFields: {field: {confidence, page, line}}}]
  documents jsonb NOT NULL,
  -- [{where, why}]: what was left out of the body, and why.
  ignored jsonb NOT NULL DEFAULT '[]'::jsonb,
  received_by text NOT NULL,
  received_at timestamptz NOT NULL,
  -- The run that read the file with it and landed.
  used_by_run integer
);
CREATE INDEX analysis_ingests_file_idx ON analysis_ingests (file_id, n DESC);
CREATE INDEX analysis_ingests_app_idx ON analysis_ingests (application_id, n DESC);

-- Provenance of what a run stored: a page whose lines came from an ingest, and a document whose
-- boundaries and type did not come from the built-in analyzer (`analysis:<id>`, `model:<name>`,
-- `parse` for a whole file listed by a run that only parsed). Null: the built-in analyzer.
ALTER TABLE application_pages ADD COLUMN analysis_id text;
ALTER TABLE application_documents ADD COLUMN source text;
