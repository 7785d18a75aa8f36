import { roleOf } from '@portal/shared';
import type { Clock } from '../clock.js';
import type { Queryable } from '../db/db.js';
import type { Caller } from './caller.js';
import type { CredentialCache, CredentialRecord } from './credential-cache.js';
import { findLiveKey, findLiveSession, touchKey, touchSession } from './repository.js';
import { toUser } from './rows.js';
import { splitCredential } from './secrets.js';

export const API_KEY_PREFIX = 'cpk_';
/** A device session is a session row handed to the desktop app as a bearer token `ses_<id>.<secret>`. */
export const DEVICE_SESSION_PREFIX = 'ses_';

export interface AuthenticateDeps {
  db: Queryable;
  clock: Clock;
  credentials: CredentialCache;
}

const expiry = (...dates: (Date | null)[]) => Math.min(...dates.map((d) => d?.getTime() ?? Infinity));

/** Resolves `Authorization: Bearer cpk_<id>_<secret>`; undefined for anything not a live key. */
export async function callerFromApiKey({ db, clock, credentials }: AuthenticateDeps, token: string): Promise<Caller | undefined> {
  if (!token.startsWith(API_KEY_PREFIX)) return undefined;
  const parts = splitCredential(token.slice(API_KEY_PREFIX.length), '_');
  if (!parts) return undefined;
  const now = clock();
  const load = async (): Promise<CredentialRecord | undefined> => {
    const key = await findLiveKey(db, parts.id, now);
    if (!key) return undefined;
    const kind = key.guest ? 'guest' : 'apiKey';
    return {
      secretHash: key.secret_hash,
      expiresAt: expiry(key.expires_at, key.org_expires_at),
      caller: {
        kind,
        orgId: key.org_id,
        role: roleOf(kind, undefined),
        userId: null,
        apiKeyId: key.id,
        sessionId: null,
        name: key.name,
        authenticatedAs: `${kind}:${key.id}`,
        user: null,
      },
    };
  };
  // A key is read again at most once a minute (the cache's age limit): the precision of its last use.
  return credentials.resolve(`key:${parts.id}`, parts.secret, now, load, () => touchKey(db, parts.id, now));
}

/** Resolves a session cookie value `<id>.<secret>` (already unsigned), or a device session's token. */
export async function callerFromSession({ db, clock, credentials }: AuthenticateDeps, value: string): Promise<Caller | undefined> {
  const parts = splitCredential(value, '.');
  if (!parts) return undefined;
  const now = clock();
  let lastSeen = 0;
  const load = async (): Promise<CredentialRecord | undefined> => {
    const s = await findLiveSession(db, parts.id, now);
    if (!s) return undefined;
    lastSeen = s.last_seen_at.getTime();
    return {
      secretHash: s.secret_hash,
      expiresAt: expiry(s.expires_at, s.org_expires_at),
      caller: {
        kind: 'user',
        orgId: s.org_id,
        role: roleOf('user', s.role),
        userId: s.user_id,
        apiKeyId: null,
        sessionId: s.id,
        name: s.name,
        authenticatedAs: `user:${s.email ?? s.user_id}`,
        user: toUser({
          id: s.user_id,
          org_id: s.org_id,
          name: s.name,
          email: s.email,
          password_hash: null,
          role: s.role,
          active: s.active,
          must_change_password: s.must_change_password,
          created_at: s.user_created_at,
          // Signed in, so joined (when exactly does not show).
          joined_at: s.user_created_at,
        }),
      },
    };
  };
  // Like a key's last use: a minute's precision spares a write per request.
  return credentials.resolve(`session:${parts.id}`, parts.secret, now, load, async () => {
    if (now.getTime() - lastSeen > 60_000) await touchSession(db, parts.id, now);
  });
}
