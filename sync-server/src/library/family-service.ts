/**
 * The library operations every versioned kind shares (spec Parts 3 and 4): read a version, save
 * a draft, new-version, rename-as-new-version, activate — for the caller's own families, with
 * official content visible read-only and new-version on it giving the caller a copy of their own.
 * A kind's service (library/kinds/<kind>/service.ts) builds one of these from its engine and
 * says only what differs: how a save body becomes the engine's edit, what new-version does on
 * official content, and what happens after a save or a copy.
 */
import type { Db, Queryable } from '../db/db.js';
import { badRequest, conflict } from '../http-error.js';
import type { FamilyAddress, FamilyEngine, FamilyVersion } from './family-engine.js';

export type Source = 'own' | 'official' | undefined;

/** Who acts: the organization and the name recorded as author. */
export interface LibraryActor {
  orgId: string;
  authenticatedAs: string;
}

/** The fields of a save body the service checks against the path (any kind's PUT body has them). */
export interface SaveBodyIdentity {
  version?: number | undefined;
  name?: string | undefined;
}

export interface FamilyServiceDef<C, I, B extends SaveBodyIdentity> {
  engine: FamilyEngine<C, I>;
  officialOrgId: string;
  /** The body field that must name the family of the path when sent: `id`, or `docType` for schemas. */
  idField: 'id' | 'docType';
  /** A save body (already shape-checked by the contract) as the engine's edit of `current`. */
  toEdit(body: B, current: FamilyVersion<C>): I;
  /**
   * new-version on an official family: null to copy it into the caller's own family (v1 draft,
   * same id), or why that is refused (409: official document catalogues).
   */
  refuseOfficialCopy?(official: FamilyVersion<C>): string | null;
  /** What to do instead with official content, in the 409 of a save, rename or activate. */
  readOnlyHint(official: FamilyVersion<C>): string;
  /** The item kind an organization's copy of official content gets (lists: an own list); the source's when absent. */
  copyItemKind?: string;
  /** Runs in the transaction that made an organization's copy of official content. */
  afterOfficialCopy?(tx: Queryable, orgId: string, copy: FamilyVersion<C>): Promise<void>;
  /** Runs in the transaction of an activation of the caller's own version, after the engine activated it. */
  afterActivate?(tx: Queryable, orgId: string, activated: FamilyVersion<C>): Promise<void>;
  /** Runs in the transaction of a REST save, after the engine saved it. */
  afterSave?(tx: Queryable, actor: LibraryActor, saved: FamilyVersion<C>): Promise<void>;
}

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export class FamilyService<C, I, B extends SaveBodyIdentity> {
  readonly engine: FamilyEngine<C, I>;

  constructor(
    readonly db: Db,
    private readonly def: FamilyServiceDef<C, I, B>,
  ) {
    this.engine = def.engine;
  }

  get officialOrgId(): string {
    return this.def.officialOrgId;
  }

  private get noun(): string {
    return this.engine.def.noun;
  }

  /** The family `id` names for the caller: with `source` the one asked for, else its own, else the official one. */
  address(q: Queryable, orgId: string, id: string, source?: Source): Promise<FamilyAddress> {
    return this.engine.address(q, orgId, this.def.officialOrgId, id, source);
  }

  /** The family an id names when used (a case, a run, a brief): see `FamilyEngine.inUseAddress`. */
  inUseAddress(q: Queryable, orgId: string, id: string): Promise<FamilyAddress> {
    return this.engine.inUseAddress(q, orgId, this.def.officialOrgId, id);
  }

  /** A version the caller may read (official drafts and other organizations' families are 404). */
  async read(q: Queryable, orgId: string, id: string, version: number, source?: Source): Promise<{ address: FamilyAddress; version: FamilyVersion<C> }> {
    const address = await this.address(q, orgId, id, source);
    return { address, version: await this.engine.readVersion(q, address, orgId, version) };
  }

  /** The caller's own family of `id`: official content is read-only (409), an unknown id or version 404. */
  async ownAddress(q: Queryable, orgId: string, id: string, version: number, source: Source, action: string): Promise<FamilyAddress> {
    const address = await this.address(q, orgId, id, source);
    if (address.orgId === orgId) return address;
    const official = await this.engine.readVersion(q, address, orgId, version);
    throw conflict(`${capitalized(this.noun)} "${id}" is official content, read-only to you: it cannot be ${action}; ${this.def.readOnlyHint(official)}`);
  }

  /** Saves a draft of the caller's own: 409 unless a draft, 400 when the body names another item or renames it. */
  async save(actor: LibraryActor, id: string, version: number, body: B, source?: Source): Promise<FamilyVersion<C>> {
    return this.db.transaction(async (tx) => {
      await this.ownAddress(tx, actor.orgId, id, version, source, 'saved');
      // Checked once the version is known to exist: an unknown version is 404 whatever the body says.
      const saved = await this.engine.save(tx, actor.orgId, id, version, (current) => {
        const named = (body as Record<string, unknown>)[this.def.idField];
        if (named !== undefined && named !== id) throw badRequest(`body.${this.def.idField}: "${String(named)}" is not the one of the path ("${id}")`);
        if (body.version !== undefined && body.version !== version) throw badRequest(`body.version: ${body.version} is not the version of the path (${version})`);
        if (body.name !== undefined && body.name !== current.name) {
          throw badRequest(`body.name: a version never changes its name ("${current.name}"); rename-as-new-version names the next one`);
        }
        return this.def.toEdit(body, current);
      });
      await this.def.afterSave?.(tx, actor, saved);
      return saved;
    });
  }

  /**
   * new-version: of the caller's own active version, v(N+1) as a draft (409 when the source is
   * not active or a newer version exists). Of an official family's active version: the caller's
   * own copy under the same id, v1 draft (409 when the caller has that id already).
   */
  async newVersion(actor: LibraryActor, id: string, version: number, source?: Source): Promise<FamilyVersion<C>> {
    return this.db.transaction(async (tx) => {
      const address = await this.address(tx, actor.orgId, id, source);
      if (address.orgId === actor.orgId) return this.engine.newVersion(tx, actor.orgId, id, version, { createdBy: actor.authenticatedAs });
      const official = await this.engine.readVersion(tx, address, actor.orgId, version);
      const refusal = this.def.refuseOfficialCopy?.(official);
      if (refusal) throw conflict(refusal);
      if (official.status !== 'active') {
        throw conflict(`Version ${version} of the official ${this.noun} "${id}" is ${official.status}; new-version copies its active version`);
      }
      const own = await this.engine.versions(tx, actor.orgId, id);
      if (own.length > 0 || (await this.engine.exists(tx, actor.orgId, id))) throw conflict(this.alreadyCopied(official, own));
      const copy = await this.engine.copyToFamily(tx, official, {
        orgId: actor.orgId,
        id,
        name: official.name,
        createdBy: actor.authenticatedAs,
        ...(this.def.copyItemKind ? { itemKind: this.def.copyItemKind } : {}),
      });
      await this.def.afterOfficialCopy?.(tx, actor.orgId, copy);
      return copy;
    });
  }

  /**
   * The 409 of a second copy (spec Part 3: the caller has that id already), said as it stands:
   * a copy still a draft is to be edited and activated, and until then the official one is used.
   */
  private alreadyCopied(official: FamilyVersion<C>, own: readonly FamilyVersion<C>[]): string {
    const active = own.filter((v) => v.status === 'active').sort((a, b) => b.version - a.version)[0];
    const newest = [...own].sort((a, b) => b.version - a.version)[0];
    if (active) {
      return `You already have the ${this.noun} "${official.id}" of your own, in use at version ${active.version}; make new versions of yours from it`;
    }
    if (newest) {
      return `You already have the ${this.noun} "${official.id}" of your own: your copy of “${official.name}”, version ${newest.version}, is a draft. Edit that draft and activate it; until then the official one stays in use`;
    }
    return `You already have your own ${this.noun} "${official.id}"`;
  }

  /** rename-as-new-version: v(N+1) draft under the new name, one atomic write (409 as new-version). */
  async renameAsNewVersion(actor: LibraryActor, id: string, version: number, name: string, source?: Source): Promise<FamilyVersion<C>> {
    return this.db.transaction(async (tx) => {
      await this.ownAddress(tx, actor.orgId, id, version, source, 'renamed');
      return this.engine.newVersion(tx, actor.orgId, id, version, { name, createdBy: actor.authenticatedAs });
    });
  }

  /** Activates a draft of the caller's own (409 not a draft, or not complete enough). */
  async activate(actor: LibraryActor, id: string, version: number, source?: Source): Promise<FamilyVersion<C>> {
    return this.db.transaction(async (tx) => {
      await this.ownAddress(tx, actor.orgId, id, version, source, 'activated');
      const { activated } = await this.engine.activate(tx, actor.orgId, id, version);
      await this.def.afterActivate?.(tx, actor.orgId, activated);
      return activated;
    });
  }
}
