import { roleOf } from '@portal/shared';
import type { Clock } from '../clock.js';
import type { Queryable } from '../db/db.js';
import type { Caller } from './caller.js';
import { findLiveKey, findLiveSession, touchKey, touchSession } from './repository.js';
import { secretMatches, splitCredential } from './secrets.js';

export const API_KEY_PREFIX = 'cpk_';
/** A device session is a session row handed to the desktop app as a bearer token `ses_<id>.<secret>`. */
export const DEVICE_SESSION_PREFIX = 'ses_';

/** Resolves `Authorization: Bearer cpk_<id>_<secret>`; undefined for anything not a live key. */
export async function callerFromApiKey(db: Queryable, clock: Clock, token: string): Promise<Caller | undefined> {
  if (!token.startsWith(API_KEY_PREFIX)) return undefined;
  const parts = splitCredential(token.slice(API_KEY_PREFIX.length), '_');
  if (!parts) return undefined;
  const now = clock();
  const key = await findLiveKey(db, parts.id, now);
  if (!key || !secretMatches(parts.secret, key.secret_hash)) return undefined;
  await touchKey(db, key.id, now);
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

/** Resolves a session cookie value `<id>.<secret>` (already unsigned). */
export async function callerFromSession(db: Queryable, clock: Clock, value: string): Promise<Caller | undefined> {
  const parts = splitCredential(value, '.');
  if (!parts) return undefined;
  const now = clock();
  const s = await findLiveSession(db, parts.id, now);
  if (!s || !secretMatches(parts.secret, s.secret_hash)) return undefined;
  // Like a key's last use: a minute's precision spares a write per request.
  if (now.getTime() - s.last_seen_at.getTime() > 60_000) await touchSession(db, s.id, now);
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
