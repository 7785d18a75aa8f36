import type { Clock } from '../clock.js';
import type { Queryable } from '../db/db.js';
import { hashSecret, newSecret } from '../access/secrets.js';
import { newId } from '@portal/shared';

export interface NewSession {
  id: string;
  /** The cookie value, `<id>.<secret>`; signed again by the cookie layer. */
  value: string;
  expiresAt: Date;
}

export async function createSession(
  q: Queryable,
  clock: Clock,
  ttlHours: number,
  s: { orgId: string; userId: string; userAgent?: string | undefined },
): Promise<NewSession> {
  const id = newId('ses');
  const secret = newSecret();
  const now = clock();
  const expiresAt = new Date(now.getTime() + ttlHours * 3_600_000);
  await q.query(
    `INSERT INTO sessions (id, org_id, user_id, secret_hash, created_at, expires_at, last_seen_at, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6, $5, $7)`,
    [id, s.orgId, s.userId, hashSecret(secret), now, expiresAt, s.userAgent?.slice(0, 300) ?? null],
  );
  return { id, value: `${id}.${secret}`, expiresAt };
}

/** Ends every live session of a user, except `keep` when given. */
export async function endSessions(q: Queryable, clock: Clock, userId: string, keep?: string): Promise<void> {
  await q.query(
    `UPDATE sessions SET ended_at = $2 WHERE user_id = $1 AND ended_at IS NULL AND ($3::text IS NULL OR id <> $3)`,
    [userId, clock(), keep ?? null],
  );
}
