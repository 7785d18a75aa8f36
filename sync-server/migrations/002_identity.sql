-- Identity and access: people, sessions, machine keys, password resets, throttles, contact.

ALTER TABLE organizations
  ADD COLUMN instant boolean NOT NULL DEFAULT false,
  ADD COLUMN sandbox boolean NOT NULL DEFAULT false,
  -- Instant accounts and guest sandboxes are purged with everything they own at this time.
  ADD COLUMN expires_at timestamptz,
  -- Pages a sandbox may upload in all; null means no cap (enforced by intake).
  ADD COLUMN upload_page_quota integer;
CREATE INDEX organizations_expires_idx ON organizations (expires_at) WHERE expires_at IS NOT NULL;

CREATE TABLE users (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- Stored lower-case; unique across the whole service (one account per address).
  email text,
  password_hash text,
  role text NOT NULL CHECK (role IN ('Manager', 'Originator')),
  active boolean NOT NULL DEFAULT true,
  must_change_password boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  rev bigint NOT NULL DEFAULT 0,
  deleted boolean NOT NULL DEFAULT false
);
CREATE UNIQUE INDEX users_email_idx ON users (email) WHERE email IS NOT NULL;
CREATE INDEX users_org_idx ON users (org_id);
CREATE INDEX users_rev_idx ON users (rev);
CREATE TRIGGER users_rev BEFORE INSERT OR UPDATE ON users FOR EACH ROW EXECUTE FUNCTION bump_rev();

-- A session is named by a cookie `<id>.<secret>`; only the secret's SHA-256 is stored.
CREATE TABLE sessions (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  secret_hash bytea NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  ended_at timestamptz,
  user_agent text
);
CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE ended_at IS NULL;

-- API keys are `cpk_<id>_<secret>`; guest keys the same with `guest` set and an expiry.
CREATE TABLE api_keys (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  name text NOT NULL,
  prefix text NOT NULL,
  secret_hash bytea NOT NULL,
  guest boolean NOT NULL DEFAULT false,
  created_by text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz,
  revoked_at timestamptz,
  last_used_at timestamptz
);
CREATE INDEX api_keys_org_idx ON api_keys (org_id, created_at DESC);

-- Password reset and invitation links; the token's SHA-256 is the key.
CREATE TABLE password_tokens (
  token_hash bytea PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('reset', 'invite')),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- Fixed-window counters shared by every instance: sign-ups per address, login failures,
-- contact messages, guest requests. `key` names the throttle and the subject.
CREATE TABLE throttle_counters (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL
);

-- Messages from the public contact form. They belong to no organization (org_id is null).
CREATE TABLE contact_messages (
  id text PRIMARY KEY,
  org_id text REFERENCES organizations (id) ON DELETE SET NULL,
  name text NOT NULL,
  email text NOT NULL,
  topics text[] NOT NULL,
  message text,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Secrets the server generates for itself on first start (the cookie signing key), so that
-- every instance sharing a database signs alike with nothing to configure.
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
