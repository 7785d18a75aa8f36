import type { ChangeFeed } from '../db/change-feed.js';
import type { Db, Queryable } from '../db/db.js';

/**
 * What a caller sees of some kinds of library items, in one query: per kind, the count and rev
 * sum of its own and the official organization's versions and families, and its default; with
 * `organization`, its organization row's rev too (the marked catalogue). Every write bumps a
 * row's rev, so any change changes it, including a transaction that commits after a later one
 * (a max would miss that). Index-only scans per organization (migration 008).
 */
export async function libraryFingerprint(
  q: Queryable,
  o: { kinds: readonly string[]; viewerOrgId: string; officialOrgId: string; organization?: boolean },
): Promise<string> {
  const parts = o.kinds.flatMap((_, i) => {
    const k = `$${i + 3}`;
    return [
      `(SELECT count(*) || '.' || coalesce(sum(rev), 0) FROM library_versions WHERE family_kind = ${k} AND org_id = $1)`,
      `(SELECT count(*) || '.' || coalesce(sum(rev), 0) FROM library_versions WHERE family_kind = ${k} AND org_id = $2)`,
      `(SELECT count(*) || '.' || coalesce(sum(rev), 0) FROM library_families WHERE family_kind = ${k} AND org_id = $1)`,
      `(SELECT count(*) || '.' || coalesce(sum(rev), 0) FROM library_families WHERE family_kind = ${k} AND org_id = $2)`,
      `(SELECT coalesce(max(rev), 0) FROM library_defaults WHERE family_kind = ${k} AND org_id = $1)`,
    ];
  });
  if (o.organization) parts.push('(SELECT rev FROM organizations WHERE id = $1)');
  const { rows } = await q.query<{ f: string }>(`SELECT concat_ws(':', ${parts.join(', ')}) AS f`, [o.viewerOrgId, o.officialOrgId, ...o.kinds]);
  return `${o.kinds.join('+')}${o.organization ? '+organization' : ''}=${rows[0]!.f}`;
}

/** Rows of an organization in a table with `rev`: their count and rev sum (see FamilyEngine.fingerprint). */
export async function tableFingerprint(q: Queryable, table: 'document_bundles' | 'saved_sections', orgId: string): Promise<string> {
  const { rows } = await q.query<{ f: string }>(`SELECT count(*) || '.' || coalesce(sum(rev), 0) AS f FROM ${table} WHERE org_id = $1`, [orgId]);
  return `${table}=${rows[0]!.f}`;
}

interface Memoized {
  value: string;
  at: number;
}

/**
 * Fingerprints remembered until something they are made of changes, so a conditional GET costs
 * no query at all while nothing changed. Every committed write announces its organization on
 * `portal_changes` (the rev trigger), which forgets that organization's fingerprints on every
 * instance — the official organization's, everyone's — and a write through this instance forgets
 * them before its answer is sent, so a caller reads its own writes here at once.
 *
 * It only ever forgets early: a fingerprint computed while a change arrived is not kept, nothing
 * is kept while the listener is down (a missed notification must not keep a tag alive), and
 * nothing is kept longer than `maxAgeMs`.
 */
export class FingerprintMemo {
  private readonly byOrg = new Map<string, Map<string, Memoized>>();
  private readonly generations = new Map<string, number>();
  private generation = 0;
  private listening = false;
  private stopFollowing: (() => void) | undefined;

  constructor(
    private readonly officialOrgId: string,
    private readonly o: { maxAgeMs?: number; maxOrgs?: number; now?: () => number } = {},
  ) {}

  /** Follows the server's change feed; nothing is remembered while it is not listening. */
  start(changes: ChangeFeed): void {
    const unsubscribe = changes.subscribe((c) => this.forget(c.org ?? undefined));
    const unwatch = changes.onState((listening) => this.setListening(listening));
    this.stopFollowing = () => {
      unsubscribe();
      unwatch();
    };
    this.setListening(changes.listening);
  }

  stop(): void {
    this.setListening(false);
    this.stopFollowing?.();
  }

  private setListening(listening: boolean): void {
    this.listening = listening;
    this.forget(undefined);
  }

  /** Forgets an organization's fingerprints (all of them for the official one, or none given). */
  forget(orgId: string | undefined): void {
    if (orgId === undefined || orgId === this.officialOrgId) {
      this.generation++;
      this.byOrg.clear();
      return;
    }
    this.generations.set(orgId, (this.generations.get(orgId) ?? 0) + 1);
    this.byOrg.delete(orgId);
  }

  async get(orgId: string, what: string, compute: () => Promise<string>): Promise<string> {
    const now = this.o.now?.() ?? Date.now();
    const hit = this.byOrg.get(orgId)?.get(what);
    if (hit && now - hit.at < (this.o.maxAgeMs ?? 60_000)) return hit.value;
    const generation = this.generation;
    const own = this.generations.get(orgId) ?? 0;
    const value = await compute();
    if (this.listening && generation === this.generation && own === (this.generations.get(orgId) ?? 0)) {
      if (!this.byOrg.has(orgId) && this.byOrg.size >= (this.o.maxOrgs ?? 10_000)) this.byOrg.clear();
      const memo = this.byOrg.get(orgId) ?? new Map<string, Memoized>();
      memo.set(what, { value, at: now });
      this.byOrg.set(orgId, memo);
    }
    return value;
  }
}

/** The fingerprints of the library's conditional GETs, remembered by a `FingerprintMemo`. */
export class LibraryFingerprints {
  constructor(
    private readonly db: Db,
    private readonly officialOrgId: string,
    readonly memo: FingerprintMemo,
  ) {}

  /** Some kinds of library items as the caller sees them (and its organization row, with `organization`). */
  kinds(orgId: string, kinds: readonly string[], o: { organization?: boolean } = {}): Promise<string> {
    const what = `${kinds.join('+')}${o.organization ? '+organization' : ''}`;
    return this.memo.get(orgId, what, () => libraryFingerprint(this.db, { kinds, viewerOrgId: orgId, officialOrgId: this.officialOrgId, ...o }));
  }

  table(orgId: string, table: 'document_bundles' | 'saved_sections'): Promise<string> {
    return this.memo.get(orgId, table, () => tableFingerprint(this.db, table, orgId));
  }
}
