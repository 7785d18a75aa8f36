-- Informative flags raised when a source file is received (`active_content`: JavaScript, launch
-- or submit actions, embedded files, XFA found by the intake's probe). They never hold a case at
-- the gate, so they live with the file, not with a run. Files received before are not re-read.
ALTER TABLE application_files ADD COLUMN flags jsonb NOT NULL DEFAULT '[]'::jsonb;
