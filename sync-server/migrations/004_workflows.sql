-- Workflows and intel templates (issue 5) are versioned families in library_families and
-- library_versions (003) with family_kind 'workflow' and 'intel-template'; the default workflow
-- is a row of library_defaults. What they need beyond that is here.

-- The model each analyzer stage runs on, chosen by a Manager for the whole organization. No row
-- means the stage runs on the built-in local engine. `option` is `local` or `openai:<model>`;
-- which options exist is server configuration, so a choice can outlive its model and then falls
-- back to `local` when read (the row keeps what the Manager chose).
CREATE TABLE model_choices (
  org_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  stage text NOT NULL CHECK (stage IN ('preview', 'parse', 'classify', 'extract', 'intel', 'assistant')),
  option text NOT NULL,
  chosen_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  rev bigint NOT NULL DEFAULT 0,
  deleted boolean NOT NULL DEFAULT false,
  PRIMARY KEY (org_id, stage)
);
CREATE INDEX model_choices_rev_idx ON model_choices (rev);
CREATE TRIGGER model_choices_rev BEFORE INSERT OR UPDATE ON model_choices FOR EACH ROW EXECUTE FUNCTION bump_rev();
