import {
  idFromName,
  isCatalogKind,
  refuseSetDefault,
  slugify,
  toSectionEdits,
  type ExpectedDocList,
  type ExpectedDocListEdit,
  type ExpectedDocListKindName,
  type ExpectedDocListListing,
  type ExpectedDocListRef,
  type Section,
  type SectionEdit,
} from '@portal/shared';
import type { Caller } from '../access/caller.js';
import type { Db, Queryable } from '../db/db.js';
import { badRequest, conflict, HttpError } from '../http-error.js';
import { sourceOf, type FamilyAddress, type FamilyVersion } from '../library/family-engine.js';
import type { LibraryDeps } from '../library/plugin.js';
import { blankListContent, lineCount, listEngine, type ListContent, type ListEngine } from './family.js';

type Source = 'own' | 'official' | undefined;
type DefaultRef = { orgId: string; id: string } | undefined;

const OWN_LIST: ExpectedDocListKindName = 'expectedDocListCatalogOrgCustom';

const kindOf = (v: FamilyVersion<ListContent>) => (v.itemKind ?? OWN_LIST) as ExpectedDocListKindName;

/**
 * Expected document lists for the routes and for the areas that copy content into lists
 * (bundles, saved sections): the engine's lifecycle plus what is particular to lists — official
 * templates and catalogues, duplicates, the organization default.
 */
export class ListService {
  readonly lists: ListEngine;

  constructor(
    private readonly db: Db,
    readonly deps: LibraryDeps,
    /** Told of every saved draft (REST saves reach the collaborative documents this way). */
    private readonly hooks: { saved?(caller: Caller, list: ExpectedDocList): Promise<void> } = {},
  ) {
    this.lists = listEngine(deps);
  }

  private async afterSave(caller: Caller, list: ExpectedDocList): Promise<ExpectedDocList> {
    await this.hooks.saved?.(caller, list);
    return list;
  }

  private isDefault(v: FamilyVersion<ListContent>, def: DefaultRef): boolean {
    return !!def && def.orgId === v.orgId && def.id === v.id;
  }

  toRef(v: FamilyVersion<ListContent>): ExpectedDocListRef {
    return { id: v.id, version: v.version, name: v.name, kind: kindOf(v), status: v.status, source: sourceOf(v.orgId, this.deps.officialOrgId) };
  }

  private derivedFrom(v: FamilyVersion<ListContent>) {
    return v.derivedFrom ? { id: v.derivedFrom.id, version: v.derivedFrom.version, source: sourceOf(v.derivedFrom.orgId, this.deps.officialOrgId) } : null;
  }

  toListing(v: FamilyVersion<ListContent>, def: DefaultRef): ExpectedDocListListing {
    return {
      ...this.toRef(v),
      isDefault: this.isDefault(v, def),
      lineCount: lineCount(v.content),
      derivedFrom: this.derivedFrom(v),
      createdAt: v.createdAt.toISOString(),
      updatedAt: v.updatedAt.toISOString(),
      activatedAt: v.activatedAt?.toISOString() ?? null,
    };
  }

  toList(v: FamilyVersion<ListContent>, def: DefaultRef): ExpectedDocList {
    return {
      ...this.toRef(v),
      isDefault: this.isDefault(v, def),
      description: v.content.description,
      parent: v.content.parent,
      sections: v.content.sections,
      derivedFrom: this.derivedFrom(v),
      createdAt: v.createdAt.toISOString(),
      updatedAt: v.updatedAt.toISOString(),
      activatedAt: v.activatedAt?.toISOString() ?? null,
    };
  }

  async listing(q: Queryable, orgId: string): Promise<ExpectedDocListListing[]> {
    const [versions, def] = await Promise.all([this.lists.listVisible(q, orgId, this.deps.officialOrgId), this.lists.defaultOf(q, orgId)]);
    return versions.map((v) => this.toListing(v, def));
  }

  address(q: Queryable, caller: Caller, id: string, source: Source): Promise<FamilyAddress> {
    return this.lists.address(q, caller.orgId, this.deps.officialOrgId, id, source);
  }

  /** A version the caller may read, with the organization-default flag. */
  async read(caller: Caller, id: string, version: number, source: Source): Promise<ExpectedDocList> {
    const address = await this.address(this.db, caller, id, source);
    const v = await this.lists.readVersion(this.db, address, caller.orgId, version);
    return this.toList(v, await this.lists.defaultOf(this.db, caller.orgId));
  }

  /** A visible version of another organization's (the official) family: read-only here, so 409. */
  private async refuseOfficial(address: FamilyAddress, caller: Caller, version: number, action: string): Promise<never> {
    const v = await this.lists.readVersion(this.db, address, caller.orgId, version);
    const hint = isCatalogKind(kindOf(v))
      ? 'override its entries through your custom-documents catalogue'
      : 'new-version gives you your own copy to edit, and duplicate a copy under a new name';
    throw conflict(`"${address.id}" is official content, read-only to you: it cannot be ${action}; ${hint}`);
  }

  private async ensureIdIsFree(q: Queryable, caller: Caller, id: string): Promise<void> {
    if (await this.lists.exists(q, this.deps.officialOrgId, id)) {
      throw conflict(`An official list "${id}" already exists; new-version on it gives you your own copy, or choose another name`);
    }
    if (await this.lists.exists(q, caller.orgId, id)) throw conflict(`You already have an expected document list "${id}"`);
  }

  async create(caller: Caller, input: { name: string; description?: string | undefined }): Promise<ExpectedDocListRef> {
    const derived = idFromName(input.name);
    if (!derived.ok) throw badRequest(derived.message);
    const v = await this.db.transaction(async (tx) => {
      await this.ensureIdIsFree(tx, caller, derived.id);
      return this.lists.create(tx, {
        orgId: caller.orgId,
        id: derived.id,
        name: input.name,
        itemKind: OWN_LIST,
        content: blankListContent(input.description ?? ''),
        createdBy: caller.authenticatedAs,
      });
    });
    return this.toRef(v);
  }

  async save(caller: Caller, id: string, version: number, body: ExpectedDocListEdit, source: Source): Promise<ExpectedDocList> {
    const address = await this.address(this.db, caller, id, source);
    if (address.orgId !== caller.orgId) return this.refuseOfficial(address, caller, version, 'saved');
    const saved = await this.db.transaction((tx) =>
      this.lists.save(tx, caller.orgId, id, version, (current) => {
        if (body.id !== undefined && body.id !== id) throw badRequest(`body.id: "${body.id}" is not the list of the path ("${id}")`);
        if (body.version !== undefined && body.version !== version) throw badRequest(`body.version: ${body.version} is not the version of the path (${version})`);
        if (body.name !== undefined && body.name !== current.name) {
          throw badRequest(`body.name: a version never changes its name ("${current.name}"); use rename-as-new-version`);
        }
        return { description: body.description ?? current.content.description, parent: current.content.parent, sections: body.sections };
      }),
    );
    return this.afterSave(caller, this.toList(saved, await this.lists.defaultOf(this.db, caller.orgId)));
  }

  /**
   * new-version: on an own list v(N+1); on an official template the caller's own copy (v1 draft,
   * same id); on an official catalogue 409 (spec Part 3).
   */
  async newVersion(caller: Caller, id: string, version: number, source: Source): Promise<ExpectedDocListRef> {
    const address = await this.address(this.db, caller, id, source);
    if (address.orgId === caller.orgId) {
      return this.toRef(await this.db.transaction((tx) => this.lists.newVersion(tx, caller.orgId, id, version, { createdBy: caller.authenticatedAs })));
    }
    const official = await this.lists.readVersion(this.db, address, caller.orgId, version);
    if (kindOf(official) === 'docTypeCatalogOfficial') {
      throw conflict(`"${id}" is an official document catalogue: it has no versions of yours; override its entries through your custom-documents catalogue`);
    }
    const copy = await this.db.transaction(async (tx) => {
      if (await this.lists.exists(tx, caller.orgId, id)) throw conflict(`You already have a list "${id}"; make new versions of yours instead`);
      return this.lists.copyToFamily(tx, official, { orgId: caller.orgId, id, name: official.name, itemKind: OWN_LIST, createdBy: caller.authenticatedAs });
    });
    return this.toRef(copy);
  }

  async renameAsNewVersion(caller: Caller, id: string, version: number, name: string, source: Source): Promise<ExpectedDocListRef> {
    const address = await this.address(this.db, caller, id, source);
    if (address.orgId !== caller.orgId) return this.refuseOfficial(address, caller, version, 'renamed');
    const v = await this.db.transaction((tx) => this.lists.newVersion(tx, caller.orgId, id, version, { name, createdBy: caller.authenticatedAs }));
    return this.toRef(v);
  }

  async duplicate(caller: Caller, id: string, version: number, name: string, source: Source): Promise<ExpectedDocListRef> {
    const address = await this.address(this.db, caller, id, source);
    const from = await this.lists.readVersion(this.db, address, caller.orgId, version);
    if (isCatalogKind(kindOf(from))) throw conflict(`"${id}" is a document catalogue, not a list; build a list from its document types instead`);
    const target = idFromName(name);
    if (!target.ok) throw badRequest(target.message);
    const copy = await this.db.transaction(async (tx) => {
      await this.ensureIdIsFree(tx, caller, target.id);
      return this.lists.copyToFamily(tx, from, { orgId: caller.orgId, id: target.id, name, itemKind: OWN_LIST, createdBy: caller.authenticatedAs });
    });
    return this.toRef(copy);
  }

  async activate(caller: Caller, id: string, version: number, source: Source): Promise<ExpectedDocListListing> {
    const address = await this.address(this.db, caller, id, source);
    if (address.orgId !== caller.orgId) return this.refuseOfficial(address, caller, version, 'activated');
    const { activated } = await this.db.transaction((tx) => this.lists.activate(tx, caller.orgId, id, version));
    return this.toListing(activated, await this.lists.defaultOf(this.db, caller.orgId));
  }

  /** Makes the list of an active version the organization's default; answers the library after the change. */
  async setDefault(caller: Caller, id: string, version: number, source: Source): Promise<ExpectedDocListListing[]> {
    const address = await this.address(this.db, caller, id, source);
    await this.lists.readVersion(this.db, address, caller.orgId, version);
    return this.db.transaction(async (tx) => {
      // Under the family lock an activation of another version cannot slip in between.
      await this.lists.lock(tx, address.orgId, id);
      const v = await this.lists.readVersion(tx, address, caller.orgId, version);
      if (isCatalogKind(kindOf(v))) throw conflict(`"${id}" is a document catalogue; only a list can be the default`);
      const refusal = refuseSetDefault(v);
      if (refusal) throw new HttpError(refusal.status, refusal.message);
      await this.lists.setDefault(tx, caller.orgId, { orgId: address.orgId, id });
      return this.listing(tx, caller.orgId);
    });
  }

  /** Edits a draft of the caller's own through `edit`, validated like a save. */
  async editDraft(caller: Caller, id: string, version: number, edit: (sections: SectionEdit[], q: Queryable) => Promise<SectionEdit[]>): Promise<ExpectedDocList> {
    const address = await this.address(this.db, caller, id, undefined);
    if (address.orgId !== caller.orgId) return this.refuseOfficial(address, caller, version, 'edited');
    const saved = await this.db.transaction((tx) =>
      this.lists.save(tx, caller.orgId, id, version, async (current) => ({
        description: current.content.description,
        parent: current.content.parent,
        sections: await edit(toSectionEdits(current.content.sections), tx),
      })),
    );
    return this.afterSave(caller, this.toList(saved, await this.lists.defaultOf(this.db, caller.orgId)));
  }

  /** A stored section, for saving it as a saved section. */
  async section(caller: Caller, id: string, version: number, sectionId: string, source: Source): Promise<{ section: Section; version: FamilyVersion<ListContent> }> {
    const address = await this.address(this.db, caller, id, source);
    const v = await this.lists.readVersion(this.db, address, caller.orgId, version);
    const section = v.content.sections.find((s) => s.id === sectionId);
    if (!section) throw new HttpError(404, `Version ${version} of "${id}" has no section "${sectionId}"`);
    return { section, version: v };
  }
}

/** An id for a new container that does not clash with the ones a list has. */
export function freshContainerId(sections: readonly SectionEdit[], name: string): string {
  const used = new Set(sections.flatMap((s) => [s.id, ...s.subsections.map((u) => u.id)]).filter((x): x is string => !!x));
  const stem = slugify(name) || 'section';
  let id = stem;
  for (let n = 2; used.has(id); n++) id = `${stem}-${n}`;
  return id;
}
