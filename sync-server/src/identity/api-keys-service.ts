import { newId, type ApiKey, type CreatedApiKey, type GuestKey } from '@portal/shared';
import type { z } from 'zod';
import type { Clock } from '../clock.js';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/db.js';
import { notFound } from '../http-error.js';
import type { Throttle } from '../throttle/throttle.js';
import { API_KEY_PREFIX } from './authenticate.js';
import type { Caller } from './caller.js';
import type { CredentialCache } from './credential-cache.js';
import type { OrganizationService } from './organization-service.js';
import * as repo from './repository.js';
import { hashSecret, newSecret } from './secrets.js';

type ApiKeyOut = z.infer<typeof ApiKey>;

const toApiKey = (r: repo.ApiKeyRow): ApiKeyOut => ({
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

/** API keys of an organization, and guest keys that open a sandbox of their own. */
export class ApiKeyService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      config: AppConfig;
      throttle: Throttle;
      organizations: OrganizationService;
      credentials: CredentialCache;
    },
  ) {}

  async list(orgId: string): Promise<ApiKeyOut[]> {
    return (await repo.listApiKeys(this.deps.db, orgId)).map(toApiKey);
  }

  /** A new key; its secret is in this answer only. */
  async create(caller: Caller, name: string): Promise<z.infer<typeof CreatedApiKey>> {
    const key = mintKey();
    const row = await repo.insertApiKey(this.deps.db, {
      id: key.id,
      orgId: caller.orgId,
      name,
      prefix: key.prefix,
      secretHash: key.hash,
      createdBy: caller.userId,
      now: this.deps.clock(),
    });
    return { ...toApiKey(row), secret: key.token };
  }

  /** Revokes a key of the organization; the row stays, listed as revoked. Idempotent. */
  async revoke(orgId: string, keyId: string): Promise<void> {
    if (!(await repo.revokeApiKey(this.deps.db, orgId, keyId, this.deps.clock()))) throw notFound('No such API key in your organization');
    this.deps.credentials.evict({ key: keyId });
  }

  /** A guest key acting in a new sandbox organization, both expiring together. */
  async openGuestSandbox(ip: string): Promise<z.infer<typeof GuestKey>> {
    const { config, clock, db } = this.deps;
    await this.deps.throttle.hit(`guest:${ip}`, config.throttles.guest, 'Too many guest keys from this address');
    const now = clock();
    const expiresAt = new Date(now.getTime() + config.guestHours * 3_600_000);
    const key = mintKey();
    const org = await db.transaction(async (tx) => {
      const org = await this.deps.organizations.create(tx, {
        name: 'Guest sandbox',
        sandbox: true,
        expiresAt,
        uploadPageQuota: config.guestUploadPages,
      });
      await repo.insertGuestKey(tx, { id: key.id, orgId: org.id, prefix: key.prefix, secretHash: key.hash, now, expiresAt });
      return org;
    });
    return {
      key: key.token,
      organizationId: org.id,
      expiresAt: expiresAt.toISOString(),
      limits: {
        requestsPerMinute: config.throttles.guestRate.max * Math.max(1, Math.round(60_000 / config.throttles.guestRate.windowMs)),
        uploadPages: config.guestUploadPages,
        validHours: config.guestHours,
      },
    };
  }
}
