import type { Db } from '../db/db.js';
import type { Caller } from './caller.js';
import { timingSafeEqual } from 'node:crypto';
import { secretMatches } from './secrets.js';

/**
 * Sessions and keys a server has recently seen, so an authenticated request costs no database
 * round trip: resolving the credential was the largest fixed cost of every call under /api.
 *
 * Safe because it only ever forgets early. A hit still checks the presented secret against the
 * stored hash (constant time) and the expiry against the app clock on every request. Every write
 * that ends or changes a credential (logout, password change or reset, deactivation, role change,
 * key revocation, an organization deleted by retention) announces it with
 * `pg_notify('portal_auth', …)` in its own transaction (`repository.ts`, `retention/purge.ts`), so
 * every instance, this one included, evicts on commit; the revoking instance also evicts at once.
 * While the listener is down nothing is cached, and the cache is emptied when it drops: a missed
 * notification cannot leave a revoked credential alive. An entry also lives one minute at most,
 * when the credential is read (and its last use recorded) again.
 */

export const AUTH_CHANNEL = 'portal_auth';

/** What a write ended or changed: one session, every session of a user, one key, an organization. */
export type Revocation = { session: string } | { user: string } | { key: string } | { org: string };

/** A live credential as read from the database. */
export interface CredentialRecord {
  caller: Caller;
  secretHash: Uint8Array;
  /** When the credential or its organization expires (app-clock ms); Infinity when neither does. */
  expiresAt: number;
}

interface Entry extends CredentialRecord {
  loadedAt: number;
  /**
   * The secret last proven against `secretHash`: the same secret presented again is compared
   * with it (constant time) instead of hashed again on every request.
   */
  proven?: Buffer;
}

/** Whether `secret` matches the entry, hashing it only when it is not the one proven before. */
function matches(entry: Entry, secret: string): boolean {
  const given = Buffer.from(secret);
  if (entry.proven && entry.proven.length === given.length && timingSafeEqual(entry.proven, given)) return true;
  if (!secretMatches(secret, entry.secretHash)) return false;
  entry.proven = given;
  return true;
}

export interface CredentialCacheOptions {
  maxEntries?: number;
  /** How long an entry is trusted before the credential is read again (app-clock ms). */
  maxAgeMs?: number;
  log?: { warn(obj: object, msg: string): void };
  /**
   * Told of every revocation after the cache forgot it (`all` when it forgot everything: the
   * listener dropped or came back, or a notification could not be read), so connections that
   * outlive their request (live-connections.ts) are checked again too.
   */
  onRevoked?: (r: Revocation | 'all') => void;
}

export class CredentialCache {
  private readonly entries = new Map<string, Entry>();
  /** Loads under way, shared by the concurrent requests of one credential. */
  private readonly loading = new Map<string, Promise<CredentialRecord | undefined>>();
  /** Bumped by every eviction: a load that started before one may be stale, and is not kept. */
  private generation = 0;
  private listening = false;
  private stopListening: (() => Promise<void>) | undefined;
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;

  constructor(private readonly options: CredentialCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 10_000;
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
  }

  /** Starts listening for revocations; caching starts once the listener is up. */
  async start(db: Db): Promise<void> {
    this.stopListening = await db.listen(
      AUTH_CHANNEL,
      (payload) => this.onNotification(payload),
      (listening) => this.setListening(listening),
    );
    this.setListening(true);
  }

  async stop(): Promise<void> {
    this.setListening(false);
    await this.stopListening?.();
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The caller of credential `id` (namespaced: `session:…`, `key:…`) presenting `secret`, from
   * the cache or else from `load`; undefined when it is unknown, expired or the secret is wrong.
   * `loaded` runs after a load this call made found the right secret (to record a last use).
   */
  async resolve(
    id: string,
    secret: string,
    now: Date,
    load: () => Promise<CredentialRecord | undefined>,
    loaded?: (record: CredentialRecord) => Promise<void>,
  ): Promise<Caller | undefined> {
    const t = now.getTime();
    const hit = this.entries.get(id);
    if (hit) {
      this.entries.delete(id);
      if (t >= hit.expiresAt) return undefined;
      if (t >= hit.loadedAt && t - hit.loadedAt < this.maxAgeMs) {
        this.entries.set(id, hit); // most recently used last
        return matches(hit, secret) ? hit.caller : undefined;
      }
    }
    const started = !this.loading.has(id);
    const record = await this.load(id, t, load);
    if (!record || t >= record.expiresAt || !secretMatches(secret, record.secretHash)) return undefined;
    if (started) await loaded?.(record);
    return record.caller;
  }

  /** Forgets what a committed write ended (also called for notifications from any instance). */
  evict(r: Revocation): void {
    this.forgetLoads();
    if ('session' in r) this.entries.delete(`session:${r.session}`);
    else if ('key' in r) this.entries.delete(`key:${r.key}`);
    else {
      const matches = 'user' in r ? (e: Entry) => e.caller.userId === r.user : (e: Entry) => e.caller.orgId === r.org;
      for (const [id, e] of this.entries) if (matches(e)) this.entries.delete(id);
    }
    this.options.onRevoked?.(r);
  }

  clear(): void {
    this.forgetLoads();
    this.entries.clear();
    this.options.onRevoked?.('all');
  }

  /** Requests from now on must not join a load that may predate the eviction, nor keep its result. */
  private forgetLoads(): void {
    this.generation++;
    this.loading.clear();
  }

  private load(id: string, t: number, load: () => Promise<CredentialRecord | undefined>): Promise<CredentialRecord | undefined> {
    const pending = this.loading.get(id);
    if (pending) return pending;
    const generation = this.generation;
    const loaded = load().then((record) => {
      // Kept only when nothing was evicted meanwhile (the read may predate a revocation) and
      // while revocations can reach us.
      if (record && this.listening && generation === this.generation) {
        this.entries.set(id, { ...record, caller: Object.freeze(record.caller), loadedAt: t });
        if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      }
      return record;
    });
    this.loading.set(id, loaded);
    const done = () => {
      if (this.loading.get(id) === loaded) this.loading.delete(id);
    };
    loaded.then(done, done);
    return loaded;
  }

  private setListening(listening: boolean): void {
    this.listening = listening;
    this.clear();
  }

  private onNotification(payload: string): void {
    let r: Partial<Record<'session' | 'user' | 'key' | 'org', unknown>>;
    try {
      r = JSON.parse(payload) as typeof r;
    } catch {
      r = {};
    }
    for (const field of ['session', 'user', 'key', 'org'] as const) {
      const value = r[field];
      if (typeof value === 'string') return this.evict({ [field]: value } as Revocation);
    }
    // Nothing else publishes on this channel; whatever it was, forgetting everything is safe.
    this.options.log?.warn({ payload }, 'unreadable revocation notification; credential cache cleared');
    this.clear();
  }
}
