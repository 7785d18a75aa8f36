import { roleOf, type RoleName } from '@portal/shared';
import type { Clock } from '../clock.js';
import type { Db } from '../db/db.js';
import type { Caller } from './caller.js';
import { secretMatches, splitCredential } from './secrets.js';

export const API_KEY_PREFIX = 'cpk_';
/** A device session is a session row handed to the desktop app as a bearer token `ses_<id>.<secret>`. */
export const DEVICE_SESSION_PREFIX = 'ses_';

interface KeyRow {
  id: string;
  org_id: string;
  name: string;
  secret_hash: Uint8Array;
  guest: boolean;
}

/** Resolves `Authorization: Bearer cpk_<id>_<secret>`; undefined for anything not a live key. */
export async function callerFromApiKey(db: Db, clock: Clock, token: string): Promise<Caller | undefined> {
  if (!token.startsWith(API_KEY_PREFIX)) return undefined;
  const parts = splitCredential(token.slice(API_KEY_PREFIX.length), '_');
  if (!parts) return undefined;
  const now = clock();
  const { rows } = await db.query<KeyRow>(
    `SELECT k.id, k.org_id, k.name, k.secret_hash, k.guest
       FROM api_keys k JOIN organizations o ON o.id = k.org_id
      WHERE k.id = $1 AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > $2)
        AND NOT o.deleted AND (o.expires_at IS NULL OR o.expires_at > $2)`,
    [parts.id, now],
  );
  const key = rows[0];
  if (!key || !secretMatches(parts.secret, key.secret_hash)) return undefined;
  // Last use is for people auditing keys; minute precision is plenty and spares a write per call.
  await db.query(
    `UPDATE api_keys SET last_used_at = $2 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $2::timestamptz - interval '1 minute')`,
    [key.id, now],
  );
  const kind = key.guest ? 'guest' : 'apiKey';
  return {
    kind,
    orgId: key.org_id,
    role: roleOf(kind, undefined),
    userId: null,
    apiKeyId: key.id,
    sessionId: null,
    name: key.name,
    authenticatedAs: `${kind}:${key.id}`,
  };
}

interface SessionRow {
  id: string;
  org_id: string;
  user_id: string;
  secret_hash: Uint8Array;
  last_seen_at: Date;
  name: string;
  email: string | null;
  role: RoleName;
}

/** Resolves a session cookie value `<id>.<secret>` (already unsigned). */
export async function callerFromSession(db: Db, clock: Clock, value: string): Promise<Caller | undefined> {
  const parts = splitCredential(value, '.');
  if (!parts) return undefined;
  const now = clock();
  const { rows } = await db.query<SessionRow>(
    `SELECT s.id, s.org_id, s.user_id, s.secret_hash, s.last_seen_at, u.name, u.email, u.role
       FROM sessions s
       JOIN users u ON u.id = s.user_id AND u.org_id = s.org_id
       JOIN organizations o ON o.id = s.org_id
      WHERE s.id = $1 AND s.ended_at IS NULL AND s.expires_at > $2
        AND u.active AND NOT u.deleted AND NOT o.deleted AND (o.expires_at IS NULL OR o.expires_at > $2)`,
    [parts.id, now],
  );
  const s = rows[0];
  if (!s || !secretMatches(parts.secret, s.secret_hash)) return undefined;
  if (now.getTime() - s.last_seen_at.getTime() > 60_000) {
    await db.query('UPDATE sessions SET last_seen_at = $2 WHERE id = $1', [s.id, now]);
  }
  return {
    kind: 'user',
    orgId: s.org_id,
    role: roleOf('user', s.role),
    userId: s.user_id,
    apiKeyId: null,
    sessionId: s.id,
    name: s.name,
    authenticatedAs: `user:${s.email ?? s.user_id}`,
  };
}
