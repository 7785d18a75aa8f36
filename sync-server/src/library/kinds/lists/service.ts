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
import type { Db, Queryable } from '../../../db/db.js';
import { badRequest, conflict, HttpError } from '../../../http-error.js';
import { sourceOf, type FamilyVersion } from '../../family-engine.js';
import { FamilyService, type LibraryActor, type Source } from '../../family-service.js';
import { blankListContent, lineCount, type ListContent, type ListEdit, type ListEngine } from './kind.js';

type DefaultRef = { orgId: string; id: string } | undefined;

const OWN_LIST: ExpectedDocListKindName = 'expectedDocListCatalogOrgCustom';

/** `lineCount` of a stored list, counted by the database: the lines of its sections and their subsections. */
const LINE_COUNT_SQL = `(SELECT coalesce(sum(jsonb_array_length(s->'lines')
                          + (SELECT count(*) FROM jsonb_array_elements(s->'subsections') u, jsonb_array_elements(u->'lines'))), 0)
                          FROM jsonb_array_elements(v.content->'sections') s)`;

const kindOf = (v: FamilyVersion<unknown>) => (v.itemKind ?? OWN_LIST) as ExpectedDocListKindName;

/** Told of every draft saved through REST, in its transaction and after it (collaborative documents). */
export interface ListSaveListener {
  /** In the save's transaction: record that the collaborative document must take the saved state. */
  inTransaction(tx: Queryable, actor: LibraryActor, saved: FamilyVersion<ListContent>): Promise<void>;
  /** After commit, best effort: apply it now so editors see it at once. */
  afterCommit(actor: LibraryActor, list: ExpectedDocList): Promise<void>;
}

/**
 * Expected document lists (spec "expected-doc-list-library" and "-editor") over the generic
 * family service, plus what is particular to lists: official templates and catalogues, duplicate,
 * the organization default, edits that insert bundles and saved sections.
 */
export class ListService {
  readonly family: FamilyService<ListContent, ListEdit, ExpectedDocListEdit>;
  private listener: ListSaveListener | undefined;

  constructor(
    private readonly db: Db,
    readonly engine: ListEngine,
    readonly officialOrgId: string,
  ) {
    this.family = new FamilyService(db, {
      engine,
      officialOrgId,
      idField: 'id',
      copyItemKind: OWN_LIST,
      toEdit: (body, current) => ({ description: body.description ?? current.content.description, parent: current.content.parent, sections: body.sections }),
      refuseOfficialCopy: (official) =>
        kindOf(official) === 'docTypeCatalogOfficial'
          ? `"${official.id}" is an official document catalogue: it has no versions of yours; override its entries through your custom-documents catalogue`
          : null,
      readOnlyHint: (official) =>
        isCatalogKind(kindOf(official))
          ? 'override its entries through your custom-documents catalogue'
          : 'new-version gives you your own copy to edit, and duplicate a copy under a new name',
      afterSave: async (tx, actor, saved) => this.listener?.inTransaction(tx, actor, saved),
    });
  }

  /** Collaboration registers here; REST saves then reach the live documents. */
  onSave(listener: ListSaveListener): void {
    this.listener = listener;
  }

  private isDefault(v: FamilyVersion<ListContent>, def: DefaultRef): boolean {
    return !!def && def.orgId === v.orgId && def.id === v.id;
  }

  toRef(v: FamilyVersion<unknown>): ExpectedDocListRef {
    return { id: v.id, version: v.version, name: v.name, kind: kindOf(v), status: v.status, source: sourceOf(v.orgId, this.officialOrgId) };
  }

  private derivedFrom(v: FamilyVersion<unknown>) {
    return v.derivedFrom ? { id: v.derivedFrom.id, version: v.derivedFrom.version, source: sourceOf(v.derivedFrom.orgId, this.officialOrgId) } : null;
  }

  /** A listing row; the listing gives the line count from the database, others count the content. */
  toListing(v: FamilyVersion<unknown>, isDefault: boolean, lines: number): ExpectedDocListListing {
    return Object.assign(this.toRef(v), {
      isDefault,
      lineCount: lines,
      derivedFrom: this.derivedFrom(v),
      createdAt: v.createdAt.toISOString(),
      updatedAt: v.updatedAt.toISOString(),
      activatedAt: v.activatedAt?.toISOString() ?? null,
    });
  }

  toList(v: FamilyVersion<ListContent>, def: DefaultRef): ExpectedDocList {
    // Object.assign, not `{ ...ref, … }`: every pull maps every document through here, and V8
    // (Node 20) adds each property after a spread on a slow path, ~1 µs apiece (DESIGN.md "Hot paths").
    return Object.assign(this.toRef(v), {
      isDefault: this.isDefault(v, def),
      description: v.content.description,
      parent: v.content.parent,
      sections: v.content.sections,
      derivedFrom: this.derivedFrom(v),
      createdAt: v.createdAt.toISOString(),
      updatedAt: v.updatedAt.toISOString(),
      activatedAt: v.activatedAt?.toISOString() ?? null,
    });
  }

  private async withDefault(q: Queryable, orgId: string, v: FamilyVersion<ListContent>): Promise<ExpectedDocList> {
    return this.toList(v, await this.engine.defaultOf(q, orgId));
  }

  /** One row per version the caller sees, from one query that never reads the lists' contents. */
  async listing(q: Queryable, orgId: string): Promise<ExpectedDocListListing[]> {
    const rows = await this.engine.listVisibleSummaries<number>(q, orgId, this.officialOrgId, LINE_COUNT_SQL);
    return rows.map((v) => this.toListing(v, v.isDefault, Number(v.summary)));
  }

  /** A version the caller may read, with the organization-default flag. */
  async read(actor: LibraryActor, id: string, version: number, source?: Source): Promise<ExpectedDocList> {
    const { version: v } = await this.family.read(this.db, actor.orgId, id, version, source);
    return this.withDefault(this.db, actor.orgId, v);
  }

  async create(actor: LibraryActor, input: { name: string; description?: string | undefined }): Promise<ExpectedDocListRef> {
    const derived = idFromName(input.name);
    if (!derived.ok) throw badRequest(derived.message);
    const v = await this.engine.create(this.db, {
      orgId: actor.orgId,
      id: derived.id,
      name: input.name,
      itemKind: OWN_LIST,
      content: blankListContent(input.description ?? ''),
      createdBy: actor.authenticatedAs,
      ...this.idMustBeFree(derived.id),
    });
    return this.toRef(v);
  }

  /** A new list's id is neither an official list's nor one of the organization's. */
  private idMustBeFree(id: string) {
    return {
      takenIn: {
        orgId: this.officialOrgId,
        conflict: () => conflict(`An official list "${id}" already exists; new-version on it gives you your own copy, or choose another name`),
      },
      exists: () => conflict(`You already have an expected document list "${id}"`),
    };
  }

  /** A REST save (PUT): validated, stored, and written into the collaborative document. */
  async save(actor: LibraryActor, id: string, version: number, body: ExpectedDocListEdit, source?: Source): Promise<ExpectedDocList> {
    return this.afterCommit(actor, await this.family.save(actor, id, version, body, source));
  }

  /**
   * A save coming from the collaborative document itself: the same validation and storage, but
   * nothing is written back into the document it came from.
   */
  async saveFromCollaboration(actor: LibraryActor, id: string, version: number, body: ExpectedDocListEdit): Promise<ExpectedDocList> {
    const saved = await this.db.transaction(async (tx) => {
      await this.family.ownAddress(tx, actor.orgId, id, version, 'own', 'saved');
      return this.engine.save(tx, actor.orgId, id, version, (current) => ({
        description: body.description ?? current.content.description,
        parent: current.content.parent,
        sections: body.sections,
      }));
    });
    return this.withDefault(this.db, actor.orgId, saved);
  }

  /**
   * The save has committed: a failure to reach the live document now must not turn a save that
   * landed into an error. The transaction recorded the work, so it is done later regardless.
   */
  private async afterCommit(actor: LibraryActor, saved: FamilyVersion<ListContent>): Promise<ExpectedDocList> {
    const list = await this.withDefault(this.db, actor.orgId, saved);
    await this.listener?.afterCommit(actor, list).catch(() => {});
    return list;
  }

  /** new-version: v(N+1) of your own; your own copy of an official template; 409 on an official catalogue. */
  async newVersion(actor: LibraryActor, id: string, version: number, source?: Source): Promise<ExpectedDocListRef> {
    return this.toRef(await this.family.newVersion(actor, id, version, source));
  }

  async renameAsNewVersion(actor: LibraryActor, id: string, version: number, name: string, source?: Source): Promise<ExpectedDocListRef> {
    return this.toRef(await this.family.renameAsNewVersion(actor, id, version, name, source));
  }

  async activate(actor: LibraryActor, id: string, version: number, source?: Source): Promise<ExpectedDocListListing> {
    const activated = await this.family.activate(actor, id, version, source);
    return this.toListing(activated, this.isDefault(activated, await this.engine.defaultOf(this.db, actor.orgId)), lineCount(activated.content));
  }

  async duplicate(actor: LibraryActor, id: string, version: number, name: string, source?: Source): Promise<ExpectedDocListRef> {
    const { version: from } = await this.family.read(this.db, actor.orgId, id, version, source);
    if (isCatalogKind(kindOf(from))) throw conflict(`"${id}" is a document catalogue, not a list; build a list from its document types instead`);
    const target = idFromName(name);
    if (!target.ok) throw badRequest(target.message);
    const copy = await this.engine.copyToFamily(this.db, from, {
      orgId: actor.orgId,
      id: target.id,
      name,
      itemKind: OWN_LIST,
      createdBy: actor.authenticatedAs,
      ...this.idMustBeFree(target.id),
    });
    return this.toRef(copy);
  }

  /** Makes the list of an active version the organization's default; answers the library after the change. */
  async setDefault(actor: LibraryActor, id: string, version: number, source?: Source): Promise<ExpectedDocListListing[]> {
    const { address } = await this.family.read(this.db, actor.orgId, id, version, source);
    return this.db.transaction(async (tx) => {
      // Under the family lock an activation of another version cannot slip in between.
      await this.engine.lock(tx, address.orgId, id);
      const v = await this.engine.readVersion(tx, address, actor.orgId, version);
      if (isCatalogKind(kindOf(v))) throw conflict(`"${id}" is a document catalogue; only a list can be the default`);
      const refusal = refuseSetDefault(v);
      if (refusal) throw new HttpError(refusal.status, refusal.message);
      await this.engine.setDefault(tx, actor.orgId, { orgId: address.orgId, id });
      return this.listing(tx, actor.orgId);
    });
  }

  /** Edits a draft of the caller's own through `edit`, validated and stored like a save. */
  async editDraft(actor: LibraryActor, id: string, version: number, edit: (sections: SectionEdit[], q: Queryable) => Promise<SectionEdit[]>): Promise<ExpectedDocList> {
    const saved = await this.db.transaction(async (tx) => {
      await this.family.ownAddress(tx, actor.orgId, id, version, undefined, 'edited');
      const v = await this.engine.save(tx, actor.orgId, id, version, async (current) => ({
        description: current.content.description,
        parent: current.content.parent,
        sections: await edit(toSectionEdits(current.content.sections), tx),
      }));
      await this.listener?.inTransaction(tx, actor, v);
      return v;
    });
    return this.afterCommit(actor, saved);
  }

  /** A stored section, for saving it as a saved section. */
  async section(actor: LibraryActor, id: string, version: number, sectionId: string, source?: Source): Promise<{ section: Section; version: FamilyVersion<ListContent> }> {
    const { version: v } = await this.family.read(this.db, actor.orgId, id, version, source);
    const section = v.content.sections.find((s) => s.id === sectionId);
    if (!section) throw new HttpError(404, `Version ${version} of "${id}" has no section "${sectionId}"`);
    return { section, version: v };
  }

  /** The status of a version of the caller's own list (collaboration asks it for every incoming change). */
  async statusOf(q: Queryable, orgId: string, id: string, version: number): Promise<string | undefined> {
    return this.engine.statusOf(q, orgId, id, version);
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
