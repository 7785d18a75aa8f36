-- Insights (insights/): how well the analyzer reads an organization's documents is counted from
-- its ledger, starting from every `document.proposed` row of a period. The ledger's own indexes
-- are per case (its key) and per organization and case; this one makes "the rows of one action
-- of one organization within a period" an index range however long the ledger grows. Decisions
-- about those documents are then read per case, through the key.
CREATE INDEX ledger_org_action_at_idx ON ledger (org_id, action, at);
