-- What an organization's corrections teach its runs stays "needs review" until confirmed (issue
-- 37, point 8; learning/): one reviewer alone must not teach every later run of a layout. An
-- example is confirmed by a Manager's own correction (the row names that decision), or by a
-- second person's approval of a document carrying what it taught: the corrected document itself,
-- or a later run's document whose value the example read. Undoing the confirming approval takes
-- its confirmations back (learning/ deletes them: an undone decision keeps its row).
CREATE TABLE learning_confirmations (
  example_id text NOT NULL REFERENCES learning_examples (id) ON DELETE CASCADE,
  decision_id text NOT NULL REFERENCES document_decisions (id) ON DELETE CASCADE,
  -- Who confirmed it, as they proved it (`authenticatedAs`): never the one who taught it.
  confirmed_by text NOT NULL,
  confirmed_at timestamptz NOT NULL,
  PRIMARY KEY (example_id, decision_id)
);
CREATE INDEX learning_confirmations_decision_idx ON learning_confirmations (decision_id);
