-- What a case is checked against (spec tag "sets", sync-server/src/sets/). A case keeps the
-- lines of its list version in `list_lines` (013); a person may set another list or version for
-- it (those columns are rewritten, with a `list.changed` ledger row) and set lines by hand for
-- that case alone: a line of the list waived, a line the list lacks added. Those are kept here,
-- [{kind: 'waived'|'added', id, reason, decidedBy, authenticatedAs, decidedAt, …the line's
-- fields when added}], and the lines a case is checked against are the two together
-- (shared/src/expected-docs.ts). A constant default: adding the column rewrites no row, so no
-- rev moves.
ALTER TABLE applications ADD COLUMN line_overrides jsonb NOT NULL DEFAULT '[]'::jsonb;
