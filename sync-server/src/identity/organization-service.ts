import type { Db, Queryable } from '../db/db.js';
import { conflict, notFound } from '../http-error.js';
import * as repo from './repository.js';
import type { OrganizationRow } from './rows.js';

/** Work every new organization needs in its first transaction (a default workflow, a sample case). */
export type OrganizationInitializer = (tx: Queryable, org: OrganizationRow) => Promise<void>;

/**
 * What identity needs from the library: which official document catalogues an organization may
 * work from (those with an active version). The library decorates it on the app.
 */
export interface OfficialCatalogs {
  officialCatalogIds(q: Queryable): Promise<string[]>;
}

/** Organizations: created with the work areas install in them, renamed, pointed at a catalogue. */
export class OrganizationService {
  constructor(
    private readonly deps: {
      db: Db;
      /** Areas add theirs at start-up; read at each creation, so late additions count. */
      initializers: readonly OrganizationInitializer[];
      catalogs: OfficialCatalogs;
    },
  ) {}

  /** Creates an organization inside `tx`, running every area's initializer in the same transaction. */
  async create(
    tx: Queryable,
    o: { name: string; instant?: boolean; sandbox?: boolean; expiresAt?: Date | null; uploadPageQuota?: number | null },
  ): Promise<OrganizationRow> {
    const org = await repo.insertOrganization(tx, {
      name: o.name,
      instant: o.instant ?? false,
      sandbox: o.sandbox ?? false,
      expiresAt: o.expiresAt ?? null,
      uploadPageQuota: o.uploadPageQuota ?? null,
    });
    for (const init of this.deps.initializers) await init(tx, org);
    return org;
  }

  async get(orgId: string, q: Queryable = this.deps.db): Promise<OrganizationRow> {
    return found(await repo.findOrganization(q, orgId));
  }

  async rename(orgId: string, name: string): Promise<OrganizationRow> {
    return found(await repo.renameOrganization(this.deps.db, orgId, name));
  }

  /** Only an official document catalogue with an active version may be marked (409 otherwise). */
  async setMarkedDocTypeCatalog(orgId: string, catalogId: string): Promise<OrganizationRow> {
    const catalogs = await this.deps.catalogs.officialCatalogIds(this.deps.db);
    if (!catalogs.includes(catalogId)) {
      throw conflict(`"${catalogId}" is not an official document catalogue with an active version; choose one of ${catalogs.join(', ')}`);
    }
    return found(await repo.setMarkedDocTypeCatalog(this.deps.db, orgId, catalogId));
  }
}

function found(org: OrganizationRow | undefined): OrganizationRow {
  if (!org) throw notFound('No such organization');
  return org;
}
