import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_CHANNEL } from '../identity/credential-cache.js';

export const RETENTION_JOB = 'retention.purge';

/**
 * Deletes what has outlived its retention: instant accounts never given an email and guest
 * sandboxes (with everything they own, through ON DELETE CASCADE), and stale sessions, tokens
 * and throttle counters.
 *
 * Each deleted organization is announced on `portal_auth` in the same transaction, so every
 * instance's credential cache forgets its sessions and keys on commit. (They were refused since
 * the organization expired anyway: a cached credential carries its organization's expiry. Sessions
 * deleted here have expired or ended long ago, so they need no announcement.)
 */
export async function purgeExpired(app: FastifyInstance): Promise<{ organizations: number }> {
  const now = app.clock();
  return app.db.transaction(async (tx) => {
    const orgs = await tx.query(
      `WITH purged AS (DELETE FROM organizations WHERE (instant OR sandbox) AND expires_at <= $1 RETURNING id)
       SELECT id, pg_notify($2, json_build_object('org', id)::text) FROM purged`,
      [now, AUTH_CHANNEL],
    );
    await tx.query(`DELETE FROM sessions WHERE expires_at <= $1 OR ended_at <= $1::timestamptz - interval '30 days'`, [now]);
    await tx.query(`DELETE FROM password_tokens WHERE expires_at <= $1::timestamptz - interval '1 day'`, [now]);
    await tx.query(`DELETE FROM throttle_counters WHERE window_start <= $1::timestamptz - interval '2 days'`, [now]);
    return { organizations: orgs.rowCount };
  });
}

export default fp(
  async function retention(app: FastifyInstance) {
    app.jobs.register(RETENTION_JOB, async () => {
      const purged = await purgeExpired(app);
      if (purged.organizations > 0) app.log.info(purged, 'purged expired accounts and sandboxes');
    }, { every: app.config.retentionSweepMs });
  },
  { name: 'retention' },
);
