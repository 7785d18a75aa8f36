-- Issue 37: mailed links end with what should end them, invitations need a confirmed inviter,
-- and adding a colleague does not tell whether an address has an account elsewhere.

-- An address is confirmed when its owner used a link mailed to it: the confirmation mailed at
-- sign-up (or when the address changes), a reset link or an invitation. People already here keep
-- the trust they had: their addresses count as confirmed.
ALTER TABLE users ADD COLUMN email_confirmed_at timestamptz;
UPDATE users SET email_confirmed_at = created_at WHERE email IS NOT NULL;

-- Who added a colleague, and whether the mail of that addition waits for that Manager's address
-- to be confirmed (sent when it is).
ALTER TABLE users ADD COLUMN invited_by text REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE users ADD COLUMN invitation_held boolean NOT NULL DEFAULT false;
CREATE INDEX users_held_invitations_idx ON users (invited_by) WHERE invitation_held;

-- A colleague added with an address that already has an account in another organization: listed
-- like any other invitation, but it never becomes an account (no link is minted, sign-in and
-- resets find the address's own account); its mail tells the owner of the address instead. So
-- an address has one account across the service, and one row per organization at most.
ALTER TABLE users ADD COLUMN address_taken boolean NOT NULL DEFAULT false;
DROP INDEX users_email_idx;
CREATE UNIQUE INDEX users_email_idx ON users (email) WHERE email IS NOT NULL AND NOT address_taken;
CREATE UNIQUE INDEX users_org_email_idx ON users (org_id, email) WHERE email IS NOT NULL;

-- Confirmation links join reset and invitation links; a user's open links are found to cancel them.
ALTER TABLE password_tokens DROP CONSTRAINT password_tokens_purpose_check;
ALTER TABLE password_tokens ADD CONSTRAINT password_tokens_purpose_check CHECK (purpose IN ('reset', 'invite', 'confirm'));
CREATE INDEX password_tokens_open_idx ON password_tokens (user_id) WHERE used_at IS NULL;
