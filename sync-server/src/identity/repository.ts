import { newId, type RoleName } from '@portal/shared';
import type { Queryable } from '../db/db.js';
import { AUTH_CHANNEL, type Revocation } from './credential-cache.js';
import type { OrganizationRow, UserRow } from './rows.js';

/**
 * Every SQL statement of identity, one function each, grouped by table. Each takes the
 * `Queryable` to run on, so a service decides what shares a transaction.
 *
 * A write that ends or changes what a credential resolves to announces it on `portal_auth` in
 * the same statement or transaction, so every instance's credential cache forgets it on commit.
 */

/** Announces `r` to every instance when the transaction of `q` commits (after the write, always). */
export async function announceRevocation(q: Queryable, r: Revocation): Promise<void> {
  await q.query('SELECT pg_notify($1, $2)', [AUTH_CHANNEL, JSON.stringify(r)]);
}

// ── organizations ──────────────────────────────────────────────────────────────────────────

export async function insertOrganization(
  q: Queryable,
  o: { name: string; instant: boolean; sandbox: boolean; expiresAt: Date | null; uploadPageQuota: number | null },
): Promise<OrganizationRow> {
  const { rows } = await q.query<OrganizationRow>(
    `INSERT INTO organizations (id, name, instant, sandbox, expires_at, upload_page_quota)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
    [newId('org'), o.name, o.instant, o.sandbox, o.expiresAt, o.uploadPageQuota],
  );
  return rows[0]!;
}

export async function findOrganization(q: Queryable, orgId: string): Promise<OrganizationRow | undefined> {
  const { rows } = await q.query<OrganizationRow>('SELECT * FROM organizations WHERE id = $1 AND NOT deleted', [orgId]);
  return rows[0];
}

export async function renameOrganization(q: Queryable, orgId: string, name: string): Promise<OrganizationRow | undefined> {
  const { rows } = await q.query<OrganizationRow>('UPDATE organizations SET name = $2 WHERE id = $1 AND NOT deleted RETURNING *', [orgId, name]);
  return rows[0];
}

export async function setMarkedDocTypeCatalog(q: Queryable, orgId: string, catalogId: string): Promise<OrganizationRow | undefined> {
  const { rows } = await q.query<OrganizationRow>(
    'UPDATE organizations SET marked_doc_type_catalog = $2 WHERE id = $1 AND NOT deleted RETURNING *',
    [orgId, catalogId],
  );
  return rows[0];
}

/**
 * An instant account given an email is an account to keep: no longer instant, no expiry (cached
 * credentials of the organization carry the old expiry, so they are forgotten).
 */
export async function keepInstantOrganization(q: Queryable, orgId: string): Promise<void> {
  await q.query(
    `WITH kept AS (UPDATE organizations SET instant = false, expires_at = NULL WHERE id = $1 AND instant RETURNING id)
     SELECT pg_notify($2, $3) FROM kept`,
    [orgId, AUTH_CHANNEL, JSON.stringify({ org: orgId } satisfies Revocation)],
  );
}

// ── users ──────────────────────────────────────────────────────────────────────────────────

export async function insertUser(
  q: Queryable,
  u: {
    orgId: string;
    name: string;
    email: string | null;
    passwordHash: string | null;
    role: RoleName;
    mustChangePassword: boolean;
    invitedBy?: string | null;
    invitationHeld?: boolean;
    addressTaken?: boolean;
  },
): Promise<UserRow> {
  const { rows } = await q.query<UserRow>(
    `INSERT INTO users (id, org_id, name, email, password_hash, role, must_change_password, invited_by, invitation_held, address_taken)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *`,
    [newId('usr'), u.orgId, u.name, u.email, u.passwordHash, u.role, u.mustChangePassword, u.invitedBy ?? null, u.invitationHeld ?? false, u.addressTaken ?? false],
  );
  return rows[0]!;
}

/**
 * The account of an email, inactive ones included (login answers them like a wrong password).
 * An invitation to an address taken elsewhere is no account: never found here.
 */
export async function findUserByEmail(q: Queryable, email: string, opts: { activeOnly?: boolean } = {}): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(`SELECT * FROM users WHERE email = $1 AND NOT deleted AND NOT address_taken${opts.activeOnly ? ' AND active' : ''}`, [email]);
  return rows[0];
}

/** Where an address stands: a row of this organization has it, the account of another has it, or neither. */
export async function emailStanding(q: Queryable, orgId: string, email: string): Promise<'organization' | 'elsewhere' | 'free'> {
  const { rows } = await q.query<{ org_id: string; address_taken: boolean }>('SELECT org_id, address_taken FROM users WHERE email = $1', [email]);
  if (rows.some((r) => r.org_id === orgId)) return 'organization';
  return rows.some((r) => !r.address_taken) ? 'elsewhere' : 'free';
}

/** Colleagues this Manager added whose mail waits for the Manager's address to be confirmed. */
const HELD_BY = 'invited_by = $1 AND invitation_held AND active AND NOT deleted AND joined_at IS NULL';

/** Marks every held invitation of `inviterId` as no longer held, in one statement; returns them in the order they were added. */
export async function releaseHeldInvitations(q: Queryable, inviterId: string): Promise<UserRow[]> {
  const { rows } = await q.query<UserRow>(`UPDATE users SET invitation_held = false WHERE ${HELD_BY} RETURNING *`, [inviterId]);
  return rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || (a.id < b.id ? -1 : 1));
}

/** The ids of the held invitations, read without locking them: what the Manager is told waits. */
export async function heldInvitationIds(q: Queryable, inviterId: string): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(`SELECT id FROM users WHERE ${HELD_BY} ORDER BY created_at, id`, [inviterId]);
  return rows.map((r) => r.id);
}

/** A not-yet-joined colleague invited again (a new address) by `inviterId`; `held` as for a new one. */
export async function reinvite(q: Queryable, userId: string, inviterId: string, held: boolean): Promise<void> {
  await q.query('UPDATE users SET invited_by = $2, invitation_held = $3 WHERE id = $1', [userId, inviterId, held]);
}

/** The owner of the address read a link mailed to it. */
export async function confirmEmail(q: Queryable, userId: string, now: Date): Promise<void> {
  await q.query('UPDATE users SET email_confirmed_at = coalesce(email_confirmed_at, $2) WHERE id = $1', [userId, now]);
}

export async function findUser(q: Queryable, orgId: string, userId: string, opts: { forUpdate?: boolean } = {}): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(`SELECT * FROM users WHERE id = $1 AND org_id = $2 AND NOT deleted${opts.forUpdate ? ' FOR UPDATE' : ''}`, [
    userId,
    orgId,
  ]);
  return rows[0];
}

export async function listUsers(q: Queryable, orgId: string): Promise<UserRow[]> {
  const { rows } = await q.query<UserRow>('SELECT * FROM users WHERE org_id = $1 AND NOT deleted ORDER BY created_at, id', [orgId]);
  return rows;
}

/** Locks the organization's active Managers (in id order, so two transactions cannot deadlock); their ids. */
export async function lockActiveManagers(q: Queryable, orgId: string): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `SELECT id FROM users WHERE org_id = $1 AND role = 'Manager' AND active AND NOT deleted ORDER BY id FOR UPDATE`,
    [orgId],
  );
  return rows.map((r) => r.id);
}

/**
 * Applies the given fields; a new password hash makes the user change it at next sign-in. Name,
 * email, role and activity are part of what the user's sessions resolve to: announced.
 */
export async function updateUser(
  q: Queryable,
  orgId: string,
  userId: string,
  u: {
    name?: string | undefined;
    email?: string | undefined;
    role?: RoleName | undefined;
    active?: boolean | undefined;
    temporaryPasswordHash: string | null;
    /** With a new email: whether that address has an account elsewhere (an invitation only). */
    addressTaken?: boolean | undefined;
  },
): Promise<UserRow> {
  const { rows } = await q.query<UserRow>(
    `UPDATE users SET
       name = COALESCE($3, name),
       -- A new address is not confirmed until its owner uses a link mailed to it.
       email_confirmed_at = CASE WHEN $4::text IS NOT NULL AND $4 IS DISTINCT FROM email THEN NULL ELSE email_confirmed_at END,
       email = COALESCE($4, email),
       address_taken = COALESCE($8, address_taken),
       role = COALESCE($5, role),
       active = COALESCE($6, active),
       password_hash = COALESCE($7, password_hash),
       must_change_password = CASE WHEN $7::text IS NOT NULL THEN true ELSE must_change_password END
     WHERE id = $1 AND org_id = $2 RETURNING *`,
    [userId, orgId, u.name ?? null, u.email ?? null, u.role ?? null, u.active ?? null, u.temporaryPasswordHash, u.addressTaken ?? null],
  );
  await announceRevocation(q, { user: userId });
  return rows[0]!;
}

/** A password the user chose: no longer a temporary one, and an invited user has joined. */
export async function setOwnPassword(q: Queryable, userId: string, passwordHash: string, now: Date): Promise<void> {
  await q.query('UPDATE users SET password_hash = $2, must_change_password = false, joined_at = coalesce(joined_at, $3) WHERE id = $1', [userId, passwordHash, now]);
}

// ── sessions ───────────────────────────────────────────────────────────────────────────────

export async function insertSession(
  q: Queryable,
  s: { id: string; orgId: string; userId: string; secretHash: Buffer; now: Date; expiresAt: Date; userAgent: string | null },
): Promise<void> {
  await q.query(
    `INSERT INTO sessions (id, org_id, user_id, secret_hash, created_at, expires_at, last_seen_at, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6, $5, $7)`,
    [s.id, s.orgId, s.userId, s.secretHash, s.now, s.expiresAt, s.userAgent],
  );
  // The first sign-in ends an invitation (a colleague given a temporary password, say).
  await q.query('UPDATE users SET joined_at = $2 WHERE id = $1 AND joined_at IS NULL', [s.userId, s.now]);
}

/** Ends a session; one statement with its announcement, so it is atomic even outside a transaction. */
export async function endSession(q: Queryable, sessionId: string, now: Date): Promise<void> {
  await q.query(
    `WITH ended AS (UPDATE sessions SET ended_at = $2 WHERE id = $1 AND ended_at IS NULL)
     SELECT pg_notify($3, $4)`,
    [sessionId, now, AUTH_CHANNEL, JSON.stringify({ session: sessionId } satisfies Revocation)],
  );
}

/** Ends every live session of a user, except `keep` when given. */
export async function endUserSessions(q: Queryable, userId: string, now: Date, keep?: string): Promise<void> {
  await q.query(
    `WITH ended AS (UPDATE sessions SET ended_at = $2 WHERE user_id = $1 AND ended_at IS NULL AND ($3::text IS NULL OR id <> $3))
     SELECT pg_notify($4, $5)`,
    [userId, now, keep ?? null, AUTH_CHANNEL, JSON.stringify({ user: userId } satisfies Revocation)],
  );
}

export interface LiveSessionRow {
  id: string;
  org_id: string;
  user_id: string;
  secret_hash: Uint8Array;
  last_seen_at: Date;
  expires_at: Date;
  org_expires_at: Date | null;
  name: string;
  email: string | null;
  role: RoleName;
  active: boolean;
  must_change_password: boolean;
  user_created_at: Date;
}

/** A session still valid at `now`, of an active user of a live organization. */
export async function findLiveSession(q: Queryable, sessionId: string, now: Date): Promise<LiveSessionRow | undefined> {
  const { rows } = await q.query<LiveSessionRow>(
    `SELECT s.id, s.org_id, s.user_id, s.secret_hash, s.last_seen_at, s.expires_at, o.expires_at AS org_expires_at, u.name, u.email, u.role,
            u.active, u.must_change_password, u.created_at AS user_created_at
       FROM sessions s
       JOIN users u ON u.id = s.user_id AND u.org_id = s.org_id
       JOIN organizations o ON o.id = s.org_id
      WHERE s.id = $1 AND s.ended_at IS NULL AND s.expires_at > $2
        AND u.active AND NOT u.deleted AND NOT o.deleted AND (o.expires_at IS NULL OR o.expires_at > $2)`,
    [sessionId, now],
  );
  return rows[0];
}

export async function touchSession(q: Queryable, sessionId: string, now: Date): Promise<void> {
  await q.query('UPDATE sessions SET last_seen_at = $2 WHERE id = $1', [sessionId, now]);
}

// ── password tokens (reset links, invitations) ─────────────────────────────────────────────

export type TokenPurpose = 'reset' | 'invite' | 'confirm';

export async function insertPasswordToken(
  q: Queryable,
  t: { tokenHash: Buffer; orgId: string; userId: string; purpose: TokenPurpose; now: Date; expiresAt: Date },
): Promise<void> {
  await q.query(
    `INSERT INTO password_tokens (token_hash, org_id, user_id, purpose, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
    [t.tokenHash, t.orgId, t.userId, t.purpose, t.now, t.expiresAt],
  );
}

/**
 * The user of a live token of one of `purposes` (unused, unexpired, of an active user), without
 * using it: a made-up or spent token is known for one before any work is spent on it.
 */
export async function findLiveToken(q: Queryable, tokenHash: Buffer, now: Date, purposes: TokenPurpose[]): Promise<{ user_id: string; org_id: string } | undefined> {
  const { rows } = await q.query<{ user_id: string; org_id: string }>(
    `SELECT t.user_id, t.org_id FROM password_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > $2 AND t.purpose = ANY($3::text[])
        AND u.active AND NOT u.deleted`,
    [tokenHash, now, purposes],
  );
  return rows[0];
}

/** Any token of one of `purposes`, live or not, with its account and organization: what a link's page says of it. */
export async function findTokenAndAccount(
  q: Queryable,
  tokenHash: Buffer,
  purposes: TokenPurpose[],
): Promise<{ purpose: TokenPurpose; used: boolean; expires_at: Date; email: string | null; name: string; org_name: string; usable_account: boolean } | undefined> {
  const { rows } = await q.query<{ purpose: TokenPurpose; used: boolean; expires_at: Date; email: string | null; name: string; org_name: string; usable_account: boolean }>(
    `SELECT t.purpose, t.used_at IS NOT NULL AS used, t.expires_at, u.email, u.name, o.name AS org_name, (u.active AND NOT u.deleted) AS usable_account
       FROM password_tokens t JOIN users u ON u.id = t.user_id JOIN organizations o ON o.id = t.org_id
      WHERE t.token_hash = $1 AND t.purpose = ANY($2::text[]) AND NOT o.deleted`,
    [tokenHash, purposes],
  );
  return rows[0];
}

/** Marks a live token of one of `purposes` of an active user used; that user's id, or undefined when there is none. */
export async function consumePasswordToken(q: Queryable, tokenHash: Buffer, now: Date, purposes: TokenPurpose[]): Promise<string | undefined> {
  const { rows } = await q.query<{ user_id: string }>(
    `UPDATE password_tokens t SET used_at = $2
       FROM users u
      WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > $2 AND t.purpose = ANY($3::text[])
        AND u.id = t.user_id AND u.active AND NOT u.deleted
     RETURNING t.user_id`,
    [tokenHash, now, purposes],
  );
  return rows[0]?.user_id;
}

/** When the newest confirmation link of the user that still works was minted; undefined when none does. */
export async function liveConfirmationSince(q: Queryable, userId: string, now: Date): Promise<Date | undefined> {
  const { rows } = await q.query<{ created_at: Date }>(
    `SELECT created_at FROM password_tokens WHERE user_id = $1 AND used_at IS NULL AND purpose = 'confirm' AND expires_at > $2 ORDER BY created_at DESC LIMIT 1`,
    [userId, now],
  );
  return rows[0]?.created_at;
}

/**
 * Ends every open link of a user (of `purposes`, or all): a cancelled link reads as used. Using a
 * reset link, a new password or a new address ends what was mailed before it.
 */
export async function cancelUserTokens(q: Queryable, userId: string, now: Date, purposes?: TokenPurpose[]): Promise<number> {
  const { rowCount } = await q.query(
    `UPDATE password_tokens SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL AND ($3::text[] IS NULL OR purpose = ANY($3::text[]))`,
    [userId, now, purposes ?? null],
  );
  return rowCount ?? 0;
}

// ── API and guest keys ─────────────────────────────────────────────────────────────────────

export interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  created_at: Date;
  created_by: string | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

export async function listApiKeys(q: Queryable, orgId: string): Promise<ApiKeyRow[]> {
  const { rows } = await q.query<ApiKeyRow>('SELECT * FROM api_keys WHERE org_id = $1 AND NOT guest ORDER BY created_at DESC, id DESC', [orgId]);
  return rows;
}

export async function insertApiKey(
  q: Queryable,
  k: { id: string; orgId: string; name: string; prefix: string; secretHash: Buffer; createdBy: string | null; now: Date },
): Promise<ApiKeyRow> {
  const { rows } = await q.query<ApiKeyRow>(
    `INSERT INTO api_keys (id, org_id, name, prefix, secret_hash, created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
    [k.id, k.orgId, k.name, k.prefix, k.secretHash, k.createdBy, k.now],
  );
  return rows[0]!;
}

export async function insertGuestKey(
  q: Queryable,
  k: { id: string; orgId: string; prefix: string; secretHash: Buffer; now: Date; expiresAt: Date },
): Promise<void> {
  await q.query(
    `INSERT INTO api_keys (id, org_id, name, prefix, secret_hash, guest, created_at, expires_at) VALUES ($1, $2, 'Guest', $3, $4, true, $5, $6)`,
    [k.id, k.orgId, k.prefix, k.secretHash, k.now, k.expiresAt],
  );
}

/** Revokes (idempotently) a non-guest key of the organization; false when there is no such key. */
export async function revokeApiKey(q: Queryable, orgId: string, keyId: string, now: Date): Promise<boolean> {
  const { rows } = await q.query<{ id: string }>(
    `WITH revoked AS (UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $3) WHERE id = $1 AND org_id = $2 AND NOT guest RETURNING id)
     SELECT id, pg_notify($4, $5) FROM revoked`,
    [keyId, orgId, now, AUTH_CHANNEL, JSON.stringify({ key: keyId } satisfies Revocation)],
  );
  return rows.length > 0;
}

export interface LiveKeyRow {
  id: string;
  org_id: string;
  name: string;
  secret_hash: Uint8Array;
  guest: boolean;
  expires_at: Date | null;
  org_expires_at: Date | null;
}

/** A key neither revoked nor expired at `now`, of a live organization. */
export async function findLiveKey(q: Queryable, keyId: string, now: Date): Promise<LiveKeyRow | undefined> {
  const { rows } = await q.query<LiveKeyRow>(
    `SELECT k.id, k.org_id, k.name, k.secret_hash, k.guest, k.expires_at, o.expires_at AS org_expires_at
       FROM api_keys k JOIN organizations o ON o.id = k.org_id
      WHERE k.id = $1 AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > $2)
        AND NOT o.deleted AND (o.expires_at IS NULL OR o.expires_at > $2)`,
    [keyId, now],
  );
  return rows[0];
}

/** Last use is for people auditing keys; minute precision is plenty and spares a write per call. */
export async function touchKey(q: Queryable, keyId: string, now: Date): Promise<void> {
  await q.query(
    `UPDATE api_keys SET last_used_at = $2 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $2::timestamptz - interval '1 minute')`,
    [keyId, now],
  );
}

// ── server secrets ─────────────────────────────────────────────────────────────────────────

/** A secret generated once and shared by every instance through the database (`candidate` if first). */
export async function serverSecret(q: Queryable, name: string, candidate: string): Promise<string> {
  await q.query(`INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [name, candidate]);
  const { rows } = await q.query<{ value: string }>(`SELECT value FROM server_secrets WHERE name = $1`, [name]);
  return rows[0]!.value;
}
