-- Issue 29: a decision taken back from the desktop is a decision request too (`undo`, naming the
-- decision in `undoes`), so it waits offline like the others and is applied once on reconnect.
ALTER TABLE decision_requests DROP CONSTRAINT decision_requests_kind_check;
ALTER TABLE decision_requests ADD CONSTRAINT decision_requests_kind_check CHECK (kind IN ('approve', 'settle', 'junk', 'bypass', 'correct', 'undo'));
ALTER TABLE decision_requests ADD COLUMN undoes text;

-- When a person first signed in or chose their password: until then a colleague added by a
-- Manager is invited, not active. People already here have a password or a session: they count
-- as joined when they were added (or at their first session), the invitations still open do not.
ALTER TABLE users ADD COLUMN joined_at timestamptz;
UPDATE users u SET joined_at = coalesce(
  (SELECT min(s.created_at) FROM sessions s WHERE s.user_id = u.id),
  CASE WHEN u.password_hash IS NOT NULL AND NOT u.must_change_password THEN u.created_at END
);
