-- The case ledger (DESIGN.md, Ledger and webhooks): an append-only trail per case. Each row
-- carries the hash of the row before it and its own (SHA-256 of a canonical encoding computed by
-- the server, ledger/service.ts), so a changed or removed row breaks the chain.
--
-- `seq` counts 1, 2, 3… per case without gaps: a writer takes the next number from the case's
-- head row, whose row lock it holds until it commits, so concurrent writers of one case queue
-- there and a rolled-back write returns its number.

CREATE TABLE ledger_heads (
  application_id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  -- The hash of row `seq`; null only between taking a number and writing the row, in one transaction.
  hash text
);
CREATE INDEX ledger_heads_org_idx ON ledger_heads (org_id);

CREATE TABLE ledger (
  org_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  application_id text NOT NULL,
  seq integer NOT NULL CHECK (seq >= 1),
  at timestamptz NOT NULL,
  actor text NOT NULL,
  action text NOT NULL,
  target text NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  prev_hash text NOT NULL,
  hash text NOT NULL,
  PRIMARY KEY (application_id, seq)
);
CREATE INDEX ledger_org_idx ON ledger (org_id, application_id);

-- Nothing changes or removes a ledger row, whoever asks. The one exception is the purge of an
-- expired sandbox or instant account: its organization is deleted with everything it owns
-- (ON DELETE CASCADE), and by then the organization row is gone.
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM organizations WHERE id = OLD.org_id) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'ledger rows are append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER ledger_append_only BEFORE UPDATE OR DELETE ON ledger
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_no_truncate BEFORE TRUNCATE ON ledger
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
