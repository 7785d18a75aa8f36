/**
 * The versioned-family engine: spec Part 3's "Library item status" table, implemented once for
 * every versioned library item (expected document lists and catalogues, extraction schemas,
 * workflows, intel templates). The decisions themselves are the pure rules of
 * `@portal/shared` (library/lifecycle.ts); this file applies them to the database.
 *
 * Define a kind once, build an engine from it per app, and call it inside a transaction:
 *
 *   const workflowKind: FamilyKind<WorkflowContent, WorkflowEdit> = {  // Edit defaults to Content
 *     kind: 'workflow',                      // stored in family_kind; 003's one-active index
 *     noun: 'workflow',                      // covers every kind but 'workflow'
 *     policy: { supersedeOnActivate: false },
 *     validate: async (edit, ctx) => …,      // contract validation on save: the edit as
 *                                            // content, or throw badRequest(…) (400)
 *     incompleteness: async (content, ctx) => null | 'why not', // activation gate (409)
 *   };
 *   const workflows = new FamilyEngine(workflowKind);
 *   await app.db.transaction((tx) => workflows.create(tx, { orgId, id, name, content }));
 *
 * Operations (each throws HttpError 404/409 with a readable message, as the spec lists them):
 *   create(tx, …)                 v1 draft; 409 when the organization has the id already
 *   save(tx, org, id, v, produce) draft only (409), `produce(current)` gives the new content,
 *                                 `validate` checks it (400)
 *   activate(tx, org, id, v)      draft only (409), complete only (409); supersedes the active
 *                                 version in the same write when the policy says so
 *   newVersion(tx, org, id, v, { name? })  v(N+1) draft copied from the active version vN (409
 *                                 when vN is not active or a newer one exists); with `name` it
 *                                 is rename-as-new-version
 *   copyToFamily(tx, source, target)  duplicate, or an organization's copy of official content:
 *                                 a new family whose v1 draft holds the source's content
 *   publish(tx, …)                versions the system makes (official content releases, coined
 *                                 document types): insert as active, no-op when it exists
 *   setDefault / defaultOf        the organization's one default family of this kind
 *   address / readVersion / listVisible  which family an id names for a caller (own, else
 *                                 official), hiding other organizations and official drafts
 *   lock / exists / version / versions / latestActive / statusOf   plain reads (lock: FOR UPDATE)
 *
 * What the engine leaves to each kind's service: who may see official content (read-only to
 * others: answer 409 before calling save/activate on a family the caller does not own), what
 * new-version on official content means (a copy via copyToFamily), and response shapes.
 *
 * Concurrency: every transition locks the family row (SELECT … FOR UPDATE) before reading its
 * versions, and the primary key (org, kind, id, version) plus the one-active index back it up,
 * so of two simultaneous activations or new versions exactly one wins and the other gets 409.
 */
import { refuseActivate, refuseNewVersion, refuseSave, supersededBy, type LibraryStatusName, type LifecyclePolicy } from '@portal/shared';
import { isUniqueViolation, type Queryable } from '../db/db.js';
import { conflict, HttpError, notFound } from '../http-error.js';

export interface FamilyContext {
  q: Queryable;
  orgId: string;
  id: string;
  itemKind: string | null;
}

export interface FamilyKind<C, I = C> {
  /** Stored in `family_kind`; one per sort of versioned item. */
  readonly kind: string;
  /** In messages: "expected document list", "extraction schema". */
  readonly noun: string;
  readonly policy: LifecyclePolicy;
  /** Contract validation on save: the edit (`I`) as stored content, or an HttpError 400 naming the problem. */
  validate(edit: I, ctx: FamilyContext): Promise<C>;
  /** Why the content cannot be activated yet (409), or null when it can. */
  incompleteness(content: C, ctx: FamilyContext): Promise<string | null>;
}

export interface VersionKey {
  orgId: string;
  id: string;
  version: number;
}

export interface FamilyVersion<C> {
  orgId: string;
  id: string;
  itemKind: string | null;
  version: number;
  name: string;
  status: LibraryStatusName;
  content: C;
  derivedFrom: VersionKey | null;
  createdBy: string | null;
  activatedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Which family an id names for a caller, and whose it is. */
export interface FamilyAddress {
  orgId: string;
  id: string;
  source: 'own' | 'official';
  itemKind: string | null;
}

export interface VersionRow {
  org_id: string;
  id: string;
  item_kind: string | null;
  version: number;
  name: string;
  status: LibraryStatusName;
  content: unknown;
  derived_from: VersionKey | null;
  created_by: string | null;
  activated_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const SELECT_VERSIONS = `
  SELECT v.org_id, v.id, f.item_kind, v.version, v.name, v.status, v.content, v.derived_from, v.created_by,
         v.activated_at, v.created_at, v.updated_at
    FROM library_versions v
    JOIN library_families f ON f.org_id = v.org_id AND f.family_kind = v.family_kind AND f.id = v.id
   WHERE v.family_kind = $1 AND NOT v.deleted AND NOT f.deleted`;

/**
 * Whether the viewer ($2) has its own family of `v`'s id in use: a published (active or
 * superseded) version of it. Only then does it shadow the official family of that id; a copy
 * that is still a draft leaves the official one listed and runnable (shared/src/library/shadowing.ts).
 */
const OWN_IN_USE = `EXISTS (SELECT 1 FROM library_versions ov
                     JOIN library_families o ON o.org_id = ov.org_id AND o.family_kind = ov.family_kind AND o.id = ov.id
                    WHERE ov.org_id = $2 AND ov.family_kind = v.family_kind AND ov.id = v.id
                      AND ov.status <> 'draft' AND NOT ov.deleted AND NOT o.deleted)`;

/**
 * What a viewer ($2) sees of `v`: its own versions in every status, and the official
 * organization's ($3) published ones, except families the viewer has its own of in use. The
 * listings use it as it is. `visibleChanges` sends deleted versions and official drafts as gone,
 * but keeps sending official versions the viewer has its own family of: cases pin them.
 */
const VISIBLE_TO_VIEWER = `(v.org_id = $2
     OR (v.org_id = $3 AND v.status <> 'draft' AND NOT ${OWN_IN_USE}))`;

/** A row of SELECT_VERSIONS (or any select of the same columns) as a version. */
export const toFamilyVersion = <C>(r: VersionRow): FamilyVersion<C> => ({
  orgId: r.org_id,
  id: r.id,
  itemKind: r.item_kind,
  version: r.version,
  name: r.name,
  status: r.status,
  content: r.content as C,
  derivedFrom: r.derived_from,
  createdBy: r.created_by,
  activatedAt: r.activated_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export class FamilyEngine<C, I = C> {
  constructor(readonly def: FamilyKind<C, I>) {}

  private toVersion(r: VersionRow): FamilyVersion<C> {
    return toFamilyVersion<C>(r);
  }

  private missingVersion(id: string, version: number): HttpError {
    return notFound(`No version ${version} of the ${this.def.noun} "${id}"`);
  }

  /** Locks the family for the rest of the transaction; undefined when it does not exist. */
  async lock(tx: Queryable, orgId: string, id: string): Promise<{ itemKind: string | null } | undefined> {
    const { rows } = await tx.query<{ item_kind: string | null }>(
      'SELECT item_kind FROM library_families WHERE org_id = $1 AND family_kind = $2 AND id = $3 AND NOT deleted FOR UPDATE',
      [orgId, this.def.kind, id],
    );
    return rows[0] ? { itemKind: rows[0].item_kind } : undefined;
  }

  async exists(q: Queryable, orgId: string, id: string): Promise<boolean> {
    const { rows } = await q.query('SELECT 1 FROM library_families WHERE org_id = $1 AND family_kind = $2 AND id = $3 AND NOT deleted', [
      orgId,
      this.def.kind,
      id,
    ]);
    return rows.length > 0;
  }

  async versions(q: Queryable, orgId: string, id: string): Promise<FamilyVersion<C>[]> {
    const { rows } = await q.query<VersionRow>(`${SELECT_VERSIONS} AND v.org_id = $2 AND v.id = $3 ORDER BY v.version`, [this.def.kind, orgId, id]);
    return rows.map((r) => this.toVersion(r));
  }

  async version(q: Queryable, orgId: string, id: string, version: number): Promise<FamilyVersion<C> | undefined> {
    const { rows } = await q.query<VersionRow>(`${SELECT_VERSIONS} AND v.org_id = $2 AND v.id = $3 AND v.version = $4`, [
      this.def.kind,
      orgId,
      id,
      version,
    ]);
    return rows[0] ? this.toVersion(rows[0]) : undefined;
  }

  /** A version's status, from one indexed row (without its content); undefined when it does not exist. */
  async statusOf(q: Queryable, orgId: string, id: string, version: number): Promise<LibraryStatusName | undefined> {
    const { rows } = await q.query<{ status: LibraryStatusName }>(
      'SELECT status FROM library_versions WHERE org_id = $1 AND family_kind = $2 AND id = $3 AND version = $4 AND NOT deleted',
      [orgId, this.def.kind, id, version],
    );
    return rows[0]?.status;
  }

  /** The active version with the highest number (workflows may have several). */
  async latestActive(q: Queryable, orgId: string, id: string): Promise<FamilyVersion<C> | undefined> {
    const { rows } = await q.query<VersionRow>(
      `${SELECT_VERSIONS} AND v.org_id = $2 AND v.id = $3 AND v.status = 'active' ORDER BY v.version DESC LIMIT 1`,
      [this.def.kind, orgId, id],
    );
    return rows[0] ? this.toVersion(rows[0]) : undefined;
  }

  private async insertVersion(
    tx: Queryable,
    o: { orgId: string; id: string; version: number; name: string; status: LibraryStatusName; content: C; derivedFrom?: VersionKey | null; createdBy?: string | null },
  ): Promise<FamilyVersion<C>> {
    try {
      await tx.query(
        `INSERT INTO library_versions (org_id, family_kind, id, version, name, status, content, derived_from, created_by, activated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, CASE WHEN $6 = 'active' THEN now() END)`,
        [
          o.orgId,
          this.def.kind,
          o.id,
          o.version,
          o.name,
          o.status,
          JSON.stringify(o.content),
          o.derivedFrom ? JSON.stringify(o.derivedFrom) : null,
          o.createdBy ?? null,
        ],
      );
    } catch (err) {
      // Only reachable if a writer skipped the family lock; the key still keeps one winner.
      if (isUniqueViolation(err)) throw conflict(`Version ${o.version} of the ${this.def.noun} "${o.id}" already exists`);
      throw err;
    }
    return (await this.version(tx, o.orgId, o.id, o.version))!;
  }

  /**
   * A new family: v1, a draft. 409 when the organization already has the id, or when `takenIn`'s
   * organization has a family of it (its own message). One statement, so a caller with nothing
   * else to write needs no transaction: one round trip.
   */
  async create(
    q: Queryable,
    o: {
      orgId: string;
      id: string;
      name: string;
      content: C;
      itemKind?: string | null;
      createdBy?: string | null;
      derivedFrom?: VersionKey | null;
      takenIn?: { orgId: string; conflict: () => HttpError };
      /** The answer when the organization has the id already (default: a plain 409). */
      exists?: () => HttpError;
    },
  ): Promise<FamilyVersion<C>> {
    const { rows } = await q.query<VersionRow & { taken: boolean }>(
      `WITH taken AS (
         SELECT EXISTS (SELECT 1 FROM library_families WHERE org_id = $9 AND family_kind = $2 AND id = $3 AND NOT deleted) AS taken
       ), family AS (
         INSERT INTO library_families (org_id, family_kind, id, item_kind)
         SELECT $1, $2, $3, $4 FROM taken WHERE NOT taken.taken
         ON CONFLICT DO NOTHING RETURNING org_id, family_kind, id, item_kind
       ), version AS (
         INSERT INTO library_versions (org_id, family_kind, id, version, name, status, content, derived_from, created_by)
         SELECT org_id, family_kind, id, 1, $5, 'draft', $6::jsonb, $7::jsonb, $8 FROM family
         RETURNING org_id, id, version, name, status, content, derived_from, created_by, activated_at, created_at, updated_at
       )
       SELECT taken.taken, v.org_id, v.id, f.item_kind, v.version, v.name, v.status, v.content, v.derived_from, v.created_by,
              v.activated_at, v.created_at, v.updated_at
         FROM taken LEFT JOIN (version v JOIN family f ON true) ON true`,
      [
        o.orgId,
        this.def.kind,
        o.id,
        o.itemKind ?? null,
        o.name,
        JSON.stringify(o.content),
        o.derivedFrom ? JSON.stringify(o.derivedFrom) : null,
        o.createdBy ?? null,
        o.takenIn?.orgId ?? null,
      ],
      // Prepared: planning three statements in one costs more than running them.
      { name: 'library-family-create' },
    );
    const r = rows[0]!;
    if (r.taken) throw o.takenIn!.conflict();
    if (r.version === null) throw o.exists?.() ?? conflict(`${capitalized(this.def.noun)} "${o.id}" already exists`);
    return this.toVersion(r);
  }

  /** Duplicate, or an organization's own copy of official content: a new family, v1 draft. */
  copyToFamily(
    tx: Queryable,
    source: FamilyVersion<C>,
    target: { orgId: string; id: string; name: string; itemKind?: string | null; createdBy?: string | null } & Pick<Parameters<FamilyEngine<C, I>['create']>[1], 'takenIn' | 'exists'>,
  ): Promise<FamilyVersion<C>> {
    return this.create(tx, {
      ...target,
      itemKind: target.itemKind === undefined ? source.itemKind : target.itemKind,
      content: source.content,
      derivedFrom: { orgId: source.orgId, id: source.id, version: source.version },
    });
  }

  /**
   * Saves a draft. `produce` turns the stored version into the content to save (so a body can
   * leave fields unchanged); the kind validates it.
   */
  async save(tx: Queryable, orgId: string, id: string, version: number, produce: (current: FamilyVersion<C>) => I | Promise<I>): Promise<FamilyVersion<C>> {
    const family = await this.lock(tx, orgId, id);
    const current = family && (await this.version(tx, orgId, id, version));
    if (!current) throw this.missingVersion(id, version);
    const refusal = refuseSave(current);
    if (refusal) throw new HttpError(refusal.status, refusal.message);
    const content = await this.def.validate(await produce(current), { q: tx, orgId, id, itemKind: current.itemKind });
    await tx.query(`UPDATE library_versions SET content = $5::jsonb WHERE org_id = $1 AND family_kind = $2 AND id = $3 AND version = $4`, [
      orgId,
      this.def.kind,
      id,
      version,
      JSON.stringify(content),
    ]);
    return (await this.version(tx, orgId, id, version))!;
  }

  async activate(tx: Queryable, orgId: string, id: string, version: number): Promise<{ activated: FamilyVersion<C>; superseded: number[] }> {
    if (!(await this.lock(tx, orgId, id))) throw this.missingVersion(id, version);
    const family = await this.versions(tx, orgId, id);
    const target = family.find((v) => v.version === version);
    if (!target) throw this.missingVersion(id, version);
    const incomplete = target.status === 'draft' ? await this.def.incompleteness(target.content, { q: tx, orgId, id, itemKind: target.itemKind }) : null;
    const refusal = refuseActivate(target, family, this.def.policy, incomplete);
    if (refusal) throw new HttpError(refusal.status, refusal.message);
    const superseded = supersededBy(target, family, this.def.policy);
    // Superseded first: the one-active index must never see two active versions.
    if (superseded.length > 0) {
      await tx.query(
        `UPDATE library_versions SET status = 'superseded' WHERE org_id = $1 AND family_kind = $2 AND id = $3 AND version = ANY($4::int[])`,
        [orgId, this.def.kind, id, superseded],
      );
    }
    await tx.query(
      `UPDATE library_versions SET status = 'active', activated_at = now() WHERE org_id = $1 AND family_kind = $2 AND id = $3 AND version = $4`,
      [orgId, this.def.kind, id, version],
    );
    return { activated: (await this.version(tx, orgId, id, version))!, superseded };
  }

  /** new-version, or rename-as-new-version when `name` is given: v(N+1) draft, one atomic write. */
  async newVersion(tx: Queryable, orgId: string, id: string, version: number, o: { name?: string; createdBy?: string | null } = {}): Promise<FamilyVersion<C>> {
    if (!(await this.lock(tx, orgId, id))) throw this.missingVersion(id, version);
    const family = await this.versions(tx, orgId, id);
    const source = family.find((v) => v.version === version);
    if (!source) throw this.missingVersion(id, version);
    const refusal = refuseNewVersion(source, family);
    if (refusal) throw new HttpError(refusal.status, refusal.message);
    return this.insertVersion(tx, {
      orgId,
      id,
      version: source.version + 1,
      name: o.name ?? source.name,
      status: 'draft',
      content: source.content,
      derivedFrom: { orgId, id, version: source.version },
      createdBy: o.createdBy ?? null,
    });
  }

  /**
   * Writes a version directly as active (superseding per policy), for versions the system makes:
   * official content releases and coined document types. False when that version exists
   * already, so a content release can be applied any number of times.
   */
  async publish(
    tx: Queryable,
    o: { orgId: string; id: string; version: number; name: string; content: C; itemKind?: string | null; derivedFrom?: VersionKey | null },
  ): Promise<boolean> {
    await tx.query(`INSERT INTO library_families (org_id, family_kind, id, item_kind) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, [
      o.orgId,
      this.def.kind,
      o.id,
      o.itemKind ?? null,
    ]);
    await this.lock(tx, o.orgId, o.id);
    const family = await this.versions(tx, o.orgId, o.id);
    if (family.some((v) => v.version === o.version)) return false;
    const target = { version: o.version, status: 'draft' as const };
    // A version older than one already published arrives as history, not as the active one.
    const outdated = family.some((v) => v.version > o.version && v.status !== 'draft');
    const superseded = outdated ? [] : supersededBy(target, family, this.def.policy);
    if (superseded.length > 0) {
      await tx.query(
        `UPDATE library_versions SET status = 'superseded' WHERE org_id = $1 AND family_kind = $2 AND id = $3 AND version = ANY($4::int[])`,
        [o.orgId, this.def.kind, o.id, superseded],
      );
    }
    await this.insertVersion(tx, { ...o, status: outdated && this.def.policy.supersedeOnActivate ? 'superseded' : 'active' });
    return true;
  }

  /** Makes a family the organization's default of this kind; the previous one loses it in the same write. */
  async setDefault(tx: Queryable, orgId: string, target: { orgId: string; id: string }): Promise<void> {
    await tx.query(
      `INSERT INTO library_defaults (org_id, family_kind, target_org_id, target_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT (org_id, family_kind) DO UPDATE SET target_org_id = EXCLUDED.target_org_id, target_id = EXCLUDED.target_id, deleted = false`,
      [orgId, this.def.kind, target.orgId, target.id],
    );
  }

  async defaultOf(q: Queryable, orgId: string): Promise<{ orgId: string; id: string } | undefined> {
    const { rows } = await q.query<{ target_org_id: string; target_id: string }>(
      'SELECT target_org_id, target_id FROM library_defaults WHERE org_id = $1 AND family_kind = $2 AND NOT deleted',
      [orgId, this.def.kind],
    );
    return rows[0] ? { orgId: rows[0].target_org_id, id: rows[0].target_id } : undefined;
  }

  /**
   * The family an id names for a caller: with `source` the one asked for, else the caller's own
   * when it has one, else the official one. Another organization's families do not exist here.
   */
  async address(q: Queryable, viewerOrgId: string, officialOrgId: string, id: string, source?: 'own' | 'official'): Promise<FamilyAddress> {
    const { rows } = await q.query<{ org_id: string; item_kind: string | null }>(
      `SELECT org_id, item_kind FROM library_families WHERE family_kind = $1 AND id = $2 AND org_id = ANY($3::text[]) AND NOT deleted`,
      [this.def.kind, id, source === 'official' ? [officialOrgId] : source === 'own' ? [viewerOrgId] : [viewerOrgId, officialOrgId]],
    );
    const own = rows.find((r) => r.org_id === viewerOrgId);
    const pick = own ?? rows[0];
    if (!pick) throw notFound(`No ${this.def.noun} "${id}"${source ? ` (${source})` : ''}`);
    return { orgId: pick.org_id, id, source: pick.org_id === officialOrgId ? 'official' : 'own', itemKind: pick.item_kind };
  }

  /**
   * The family an id names when it is used rather than edited (the list a case is pinned to, the
   * workflow a run follows, the template a brief answers): the caller's own once it has a
   * published version, else the official one while that has one (a copy still a draft does not
   * stop new cases of its kind), else whichever exists. 404 when neither does.
   */
  async inUseAddress(q: Queryable, viewerOrgId: string, officialOrgId: string, id: string): Promise<FamilyAddress> {
    const { rows } = await q.query<{ org_id: string; item_kind: string | null; published: boolean }>(
      `SELECT f.org_id, f.item_kind,
              EXISTS (SELECT 1 FROM library_versions v
                       WHERE v.org_id = f.org_id AND v.family_kind = f.family_kind AND v.id = f.id AND v.status <> 'draft' AND NOT v.deleted) AS published
         FROM library_families f
        WHERE f.family_kind = $1 AND f.id = $2 AND f.org_id = ANY($3::text[]) AND NOT f.deleted`,
      [this.def.kind, id, [viewerOrgId, officialOrgId]],
    );
    const own = rows.find((r) => r.org_id === viewerOrgId);
    const official = viewerOrgId === officialOrgId ? undefined : rows.find((r) => r.org_id === officialOrgId);
    const pick = own?.published ? own : official?.published ? official : (own ?? official);
    if (!pick) throw notFound(`No ${this.def.noun} "${id}"`);
    return { orgId: pick.org_id, id, source: pick.org_id === officialOrgId ? 'official' : 'own', itemKind: pick.item_kind };
  }

  /** A version as a caller may see it: other organizations' drafts (official ones) are hidden. */
  async readVersion(q: Queryable, address: FamilyAddress, viewerOrgId: string, version: number): Promise<FamilyVersion<C>> {
    const found = await this.version(q, address.orgId, address.id, version);
    if (!found || (found.status === 'draft' && address.orgId !== viewerOrgId)) throw this.missingVersion(address.id, version);
    return found;
  }

  /**
   * Every version a caller sees: its own (all statuses) and the official organization's (active
   * and superseded) except families the caller has its own of in use. The REST listings and the sync
   * collections both read through here and `visibleChanges`, so they agree on what exists.
   */
  async listVisible(q: Queryable, viewerOrgId: string, officialOrgId: string): Promise<FamilyVersion<C>[]> {
    const { rows } = await q.query<VersionRow>(
      `${SELECT_VERSIONS}
         AND ${VISIBLE_TO_VIEWER}
       ORDER BY v.id, v.version`,
      [this.def.kind, viewerOrgId, officialOrgId],
    );
    return rows.map((r) => this.toVersion(r));
  }

  /**
   * The listing of `listVisible` in one query and without the content: `summary` is a SQL
   * expression over `v.content` computed by the database (a line count, say), and `isDefault`
   * says whether the version's family is the viewer's default of this kind. Listings never
   * parse whole contents (an official catalogue holds hundreds of entries).
   */
  async listVisibleSummaries<S>(q: Queryable, viewerOrgId: string, officialOrgId: string, summary: string): Promise<(FamilyVersion<undefined> & { summary: S; isDefault: boolean })[]> {
    const { rows } = await q.query<VersionRow & { summary: S; is_default: boolean }>(
      `SELECT v.org_id, v.id, f.item_kind, v.version, v.name, v.status, NULL AS content, v.derived_from, v.created_by,
              v.activated_at, v.created_at, v.updated_at, (${summary}) AS summary,
              (d.target_id IS NOT NULL) AS is_default
         FROM library_versions v
         JOIN library_families f ON f.org_id = v.org_id AND f.family_kind = v.family_kind AND f.id = v.id
         LEFT JOIN library_defaults d ON d.org_id = $2 AND d.family_kind = v.family_kind AND d.target_org_id = v.org_id AND d.target_id = v.id AND NOT d.deleted
        WHERE v.family_kind = $1 AND NOT v.deleted AND NOT f.deleted
          AND ${VISIBLE_TO_VIEWER}
        ORDER BY v.id, v.version`,
      [this.def.kind, viewerOrgId, officialOrgId],
    );
    return rows.map((r) => Object.assign(toFamilyVersion<undefined>(r), { summary: r.summary, isDefault: r.is_default }));
  }

  /**
   * Every version a caller sees (own in every status, official when published), grouped by
   * family id: the caller's own first, then the official ones, newest first within each.
   */
  async visibleById(q: Queryable, viewerOrgId: string, officialOrgId: string): Promise<Map<string, { version: number; name: string; status: LibraryStatusName; source: 'own' | 'official' }[]>> {
    const { rows } = await q.query<{ org_id: string; id: string; version: number; name: string; status: LibraryStatusName }>(
      `SELECT org_id, id, version, name, status FROM library_versions
        WHERE family_kind = $1 AND NOT deleted AND (org_id = $2 OR (org_id = $3 AND status <> 'draft'))
        ORDER BY id, (org_id = $2) DESC, version DESC`,
      [this.def.kind, viewerOrgId, officialOrgId],
    );
    const out = new Map<string, { version: number; name: string; status: LibraryStatusName; source: 'own' | 'official' }[]>();
    for (const r of rows) {
      const list = out.get(r.id) ?? [];
      list.push({ version: r.version, name: r.name, status: r.status, source: sourceOf(r.org_id, officialOrgId) });
      out.set(r.id, list);
    }
    return out;
  }

  /**
   * What changed for a caller after `after` (and below `below`, the sync bound), oldest first:
   * each version with its rev, and `gone` when it is deleted or an official draft. Unlike
   * `listVisible`, an official family the caller has its own of is NOT gone here: cases pin
   * official versions by source+id+version and must still resolve them on the device after a
   * copy (issue #29, item 6); the client shadows those official versions itself (an own version
   * of the same id in use on the device hides them in the library: shared/src/library/shadowing.ts),
   * so making or activating the copy sends nothing again. Every row has a rev of its own, so a page ends between two revs and a checkpoint at a
   * rev is complete.
   */
  async visibleChanges(q: Queryable, viewerOrgId: string, officialOrgId: string, after: number, below: number | null, limit: number): Promise<VisibleChange<C>[]> {
    // One range scan of (family_kind, org_id, rev) per organization, merged: the cost of a pull
    // is the size of its page, whatever the size of the library (migration 030).
    const page = (org: string, also = '') =>
      `(SELECT * FROM library_versions
         WHERE family_kind = $1 AND org_id = ${org} AND rev > $4 AND ($5::bigint IS NULL OR rev < $5)${also}
         ORDER BY rev LIMIT $6)`;
    return this.changeRows(
      q,
      `SELECT * FROM (${page('$2')} UNION ALL ${page('$3', ' AND $2 <> $3')}) c ORDER BY c.rev LIMIT $6`,
      [this.def.kind, viewerOrgId, officialOrgId, after, below, limit],
      // Prepared: every client pulls many times a minute (one text for every kind: $1 is the kind).
      'library-visible-changes',
    );
  }

  /** The current state of some versions, as `visibleChanges` would send them. */
  visibleByKeys(q: Queryable, viewerOrgId: string, officialOrgId: string, keys: readonly { orgId: string; id: string; version: number }[]): Promise<VisibleChange<C>[]> {
    if (keys.length === 0) return Promise.resolve([]);
    return this.changeRows(
      q,
      `SELECT v.* FROM unnest($4::text[], $5::text[], $6::int[]) AS k (org_id, id, version)
         JOIN library_versions v ON v.org_id = k.org_id AND v.family_kind = $1 AND v.id = k.id AND v.version = k.version
        WHERE k.org_id = ANY(ARRAY[$2, $3]::text[])`,
      [this.def.kind, viewerOrgId, officialOrgId, keys.map((k) => k.orgId), keys.map((k) => k.id), keys.map((k) => k.version)],
    );
  }

  /**
   * The version rows `versions` selects ($1 the kind, $2 the viewer, $3 the official
   * organization), as sync sends them, in rev order. A version's rev is its row's: a change to its
   * family touches it (migration 030), so no join decides the order. The rows come whole from the
   * range scan and meet their family by its key only (migration 030's index), so the plan does
   * not hang on statistics a fast-growing table has not had yet.
   */
  private async changeRows(q: Queryable, versions: string, params: unknown[], prepareAs?: string): Promise<VisibleChange<C>[]> {
    const { rows } = await q.query<VersionRow & { rev: number; gone: boolean }>(
      `SELECT v.rev, (v.deleted OR f.deleted OR (v.org_id = $3 AND $2 <> $3 AND v.status = 'draft')) AS gone,
              v.org_id, v.id, f.item_kind, v.version, v.name, v.status, v.content, v.derived_from, v.created_by,
              v.activated_at, v.created_at, v.updated_at
         FROM (${versions}) v
         JOIN library_families f ON f.org_id = v.org_id AND f.family_kind = v.family_kind AND f.id = v.id
        ORDER BY v.rev`,
      params,
      prepareAs ? { name: prepareAs } : undefined,
    );
    return rows.map((r) => ({ rev: Number(r.rev), gone: r.gone, version: this.toVersion(r) }));
  }
}

/** One version as the sync collections send it: the rev of its latest change, and whether the caller still sees it. */
export interface VisibleChange<C> {
  rev: number;
  gone: boolean;
  version: FamilyVersion<C>;
}

/** `own` or `official`, as a caller sees a version key. */
export const sourceOf = (orgId: string, officialOrgId: string): 'own' | 'official' => (orgId === officialOrgId ? 'official' : 'own');
