import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiKey, CreateApiKeyInput, CreatedApiKey, errorResponses, GuestKey, newId } from '@portal/shared';
import { requireCaller } from '../access/auth-plugin.js';
import { API_KEY_PREFIX } from '../access/authenticate.js';
import { hashSecret, newSecret } from '../access/secrets.js';
import { notFound } from '../http-error.js';
import { insertOrganization } from '../organization/service.js';

interface KeyRow {
  id: string;
  name: string;
  prefix: string;
  created_at: Date;
  created_by: string | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

const toApiKey = (r: KeyRow) => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  createdAt: r.created_at.toISOString(),
  createdBy: r.created_by,
  revokedAt: r.revoked_at?.toISOString() ?? null,
  lastUsedAt: r.last_used_at?.toISOString() ?? null,
});

/** Mints `cpk_<id>_<secret>`; only the secret's hash is kept. */
function mintKey() {
  const id = newId('key').slice(4);
  const secret = newSecret();
  const token = `${API_KEY_PREFIX}${id}_${secret}`;
  return { id, token, prefix: token.slice(0, API_KEY_PREFIX.length + 8), hash: hashSecret(secret) };
}

const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = { access: 'keys.manage', usersOnly: true } as const;

  app.get(
    '/api-keys',
    {
      config: manage,
      schema: {
        tags: ['keys'],
        summary: 'API keys of your organization, active and revoked, newest first',
        response: { 200: z.array(ApiKey), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { rows } = await app.db.query<KeyRow>(
        'SELECT * FROM api_keys WHERE org_id = $1 AND NOT guest ORDER BY created_at DESC, id DESC',
        [requireCaller(request).orgId],
      );
      return rows.map(toApiKey);
    },
  );

  app.post(
    '/api-keys',
    {
      config: manage,
      schema: {
        tags: ['keys'],
        summary: 'Create an API key; its secret is shown only in this answer',
        body: CreateApiKeyInput,
        response: { 201: CreatedApiKey, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      const key = mintKey();
      const { rows } = await app.db.query<KeyRow>(
        `INSERT INTO api_keys (id, org_id, name, prefix, secret_hash, created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
        [key.id, caller.orgId, request.body.name, key.prefix, key.hash, caller.userId, app.clock()],
      );
      return reply.code(201).send({ ...toApiKey(rows[0]!), secret: key.token });
    },
  );

  app.delete(
    '/api-keys/:id',
    {
      config: manage,
      schema: {
        tags: ['keys'],
        summary: 'Revoke an API key (the row stays, listed as revoked)',
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 204: z.undefined().describe('Revoked, also when it already was.'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { rows } = await app.db.query<{ id: string }>(
        `UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $3) WHERE id = $1 AND org_id = $2 AND NOT guest RETURNING id`,
        [request.params.id, requireCaller(request).orgId, app.clock()],
      );
      if (!rows[0]) throw notFound('No such API key in your organization');
      return reply.code(204).send();
    },
  );

  app.post(
    '/guest',
    {
      config: { access: 'public' },
      schema: {
        tags: ['access'],
        summary: 'A guest key opening its own sandbox, no account needed',
        description:
          'No body. The key acts as an Originator in a new sandbox organization, which is deleted with everything in it when the key expires. Limits: see `limits` (spec Part 8).',
        response: { 201: GuestKey, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      await app.throttle.hit(`guest:${request.ip}`, app.config.throttles.guest, 'Too many guest keys from this address');
      const now = app.clock();
      const expiresAt = new Date(now.getTime() + app.config.guestHours * 3_600_000);
      const key = mintKey();
      const org = await app.db.transaction(async (tx) => {
        const org = await insertOrganization(tx, app.organizationInitializers, {
          name: 'Guest sandbox',
          sandbox: true,
          expiresAt,
          uploadPageQuota: app.config.guestUploadPages,
        });
        await tx.query(
          `INSERT INTO api_keys (id, org_id, name, prefix, secret_hash, guest, created_at, expires_at) VALUES ($1, $2, 'Guest', $3, $4, true, $5, $6)`,
          [key.id, org.id, key.prefix, key.hash, now, expiresAt],
        );
        return org;
      });
      return reply.code(201).send({
        key: key.token,
        organizationId: org.id,
        expiresAt: expiresAt.toISOString(),
        limits: {
          requestsPerMinute: app.config.throttles.guestRate.max * Math.max(1, Math.round(60_000 / app.config.throttles.guestRate.windowMs)),
          uploadPages: app.config.guestUploadPages,
          validHours: app.config.guestHours,
        },
      });
    },
  );
};

export default apiKeyRoutes;
