import {
  DOC_KIND,
  FALLBACK_DOC_TYPE,
  NON_DOCUMENT_KINDS,
  isReservedId,
  slugify,
  type DocTypeExtractionSchema,
  type ExtractionField,
  type LibraryStatusName,
} from '@portal/shared';
import type { Caller } from '../access/caller.js';
import type { Db, Queryable } from '../db/db.js';
import { loadMarkedChain } from '../doc-types/chain.js';
import { coinDocType } from '../doc-types/service.js';
import { listEngine, type ListEngine } from '../expected-doc-lists/family.js';
import { badRequest, conflict, notFound } from '../http-error.js';
import { sourceOf, type FamilyAddress, type FamilyVersion } from '../library/family-engine.js';
import type { LibraryDeps } from '../library/plugin.js';
import { SCHEMA_FAMILY, schemaEngine, type SchemaContent, type SchemaEngine } from './family.js';

type Source = 'own' | 'official' | undefined;

export interface SchemaVersionRow {
  version: number;
  name: string;
  status: LibraryStatusName;
  source: 'own' | 'official';
}

/** Every schema version a caller sees, by document type: its own first, then official; newest first within each. */
export async function schemaVersionsByDocType(q: Queryable, orgId: string, officialOrgId: string): Promise<Map<string, SchemaVersionRow[]>> {
  const { rows } = await q.query<{ org_id: string; id: string; version: number; name: string; status: LibraryStatusName }>(
    `SELECT org_id, id, version, name, status FROM library_versions
      WHERE family_kind = $1 AND NOT deleted AND (org_id = $2 OR (org_id = $3 AND status <> 'draft'))
      ORDER BY id, (org_id = $2) DESC, version DESC`,
    [SCHEMA_FAMILY, orgId, officialOrgId],
  );
  const out = new Map<string, SchemaVersionRow[]>();
  for (const r of rows) {
    const list = out.get(r.id) ?? [];
    list.push({ version: r.version, name: r.name, status: r.status, source: sourceOf(r.org_id, officialOrgId) });
    out.set(r.id, list);
  }
  return out;
}

export type ResolvedSchema = { step: 'docType' | 'docKind' | 'fallback'; version: FamilyVersion<SchemaContent> };

/**
 * The schema extraction uses for a document type (spec Part 9): the active version of the
 * organization's own schema, else the official one; a type with neither goes down the ladder to
 * its docKind's schema, then to `fallback`.
 */
export async function resolveExtractionSchema(
  q: Queryable,
  engines: { schemas: SchemaEngine; lists: ListEngine },
  deps: LibraryDeps,
  orgId: string,
  docType: string,
): Promise<ResolvedSchema | undefined> {
  const chain = await loadMarkedChain(q, engines.lists, deps, orgId, { withCustom: true });
  const entry = chain.lookup.get(docType);
  const rungs: [ResolvedSchema['step'], string][] = [['docType', docType]];
  if (entry && entry.kind !== DOC_KIND && !NON_DOCUMENT_KINDS.has(entry.kind)) rungs.push(['docKind', entry.kind]);
  rungs.push(['fallback', FALLBACK_DOC_TYPE]);
  for (const [step, id] of rungs) {
    const v = (await engines.schemas.latestActive(q, orgId, id)) ?? (await engines.schemas.latestActive(q, deps.officialOrgId, id));
    if (v) return { step, version: v };
  }
  return undefined;
}

/** Extraction schemas for the routes: the engine's lifecycle plus official schemas and creation by name. */
export class SchemaService {
  readonly schemas: SchemaEngine;
  readonly lists: ListEngine;

  constructor(
    private readonly db: Db,
    readonly deps: LibraryDeps,
  ) {
    this.schemas = schemaEngine();
    this.lists = listEngine(deps);
  }

  toRef(v: FamilyVersion<SchemaContent>) {
    return { docType: v.id, version: v.version, name: v.name, status: v.status, source: sourceOf(v.orgId, this.deps.officialOrgId) };
  }

  toSchema(v: FamilyVersion<SchemaContent>): DocTypeExtractionSchema {
    return {
      ...this.toRef(v),
      description: v.content.description,
      fields: v.content.fields,
      derivedFrom: v.derivedFrom ? { id: v.derivedFrom.id, version: v.derivedFrom.version, source: sourceOf(v.derivedFrom.orgId, this.deps.officialOrgId) } : null,
      createdAt: v.createdAt.toISOString(),
      updatedAt: v.updatedAt.toISOString(),
      activatedAt: v.activatedAt?.toISOString() ?? null,
    };
  }

  private address(q: Queryable, caller: Caller, docType: string, source: Source): Promise<FamilyAddress> {
    return this.schemas.address(q, caller.orgId, this.deps.officialOrgId, docType, source);
  }

  private async refuseOfficial(address: FamilyAddress, caller: Caller, version: number, action: string): Promise<never> {
    await this.schemas.readVersion(this.db, address, caller.orgId, version);
    throw conflict(`The extraction schema of "${address.id}" is official, read-only to you: it cannot be ${action}; new-version gives you your own copy`);
  }

  /**
   * Creates a schema by name. A name that already means a document type with a schema answers
   * that schema (yours, else the official one) and writes nothing; a new document type is coined
   * into custom-documents under `kind` on the way.
   */
  async create(caller: Caller, input: { name: string; kind: string; description?: string | undefined }) {
    const docType = slugify(input.name);
    if (!/[a-z]/.test(docType)) throw badRequest(`The name "${input.name}" yields no usable document type id; use a name with at least one letter`);
    return this.db.transaction(async (tx) => {
      const own = (await this.schemas.versions(tx, caller.orgId, docType)).at(-1);
      if (own) return { created: false, ref: this.toRef(own) };
      const official = (await this.schemas.versions(tx, this.deps.officialOrgId, docType)).filter((v) => v.status !== 'draft').at(-1);
      if (official) return { created: false, ref: this.toRef(official) };
      if (isReservedId(docType)) throw badRequest(`The name "${input.name}" yields the document type id "${docType}", which is reserved; choose another name`);
      const chain = await loadMarkedChain(tx, this.lists, this.deps, caller.orgId, { withCustom: true });
      const known = chain.lookup.get(docType);
      if (known && NON_DOCUMENT_KINDS.has(known.kind)) throw badRequest(`"${docType}" is a page kind, not a document type; it has no extraction schema`);
      const entry = known ?? (await coinDocType(tx, this.lists, this.deps, caller.orgId, input)).entry;
      const created = await this.schemas.create(tx, {
        orgId: caller.orgId,
        id: docType,
        name: entry.name,
        content: { description: input.description ?? entry.description, fields: [] },
        createdBy: caller.authenticatedAs,
      });
      return { created: true, ref: this.toRef(created) };
    });
  }

  async read(caller: Caller, docType: string, version: number, source: Source): Promise<DocTypeExtractionSchema> {
    const address = await this.address(this.db, caller, docType, source);
    return this.toSchema(await this.schemas.readVersion(this.db, address, caller.orgId, version));
  }

  async save(
    caller: Caller,
    docType: string,
    version: number,
    body: { docType?: string | undefined; version?: number | undefined; name?: string | undefined; description?: string | undefined; fields: ExtractionField[] },
    source: Source,
  ): Promise<DocTypeExtractionSchema> {
    const address = await this.address(this.db, caller, docType, source);
    if (address.orgId !== caller.orgId) return this.refuseOfficial(address, caller, version, 'saved');
    const saved = await this.db.transaction((tx) =>
      this.schemas.save(tx, caller.orgId, docType, version, (current) => {
        if (body.docType !== undefined && body.docType !== docType) throw badRequest(`body.docType: "${body.docType}" is not the document type of the path ("${docType}")`);
        if (body.version !== undefined && body.version !== version) throw badRequest(`body.version: ${body.version} is not the version of the path (${version})`);
        if (body.name !== undefined && body.name !== current.name) {
          throw badRequest(`body.name: a version never changes its name ("${current.name}"); use rename-as-new-version`);
        }
        return { description: body.description ?? current.content.description, fields: body.fields };
      }),
    );
    return this.toSchema(saved);
  }

  /** new-version: v(N+1) of your own; of an official schema your own v1 draft copy, unless you have versions already (409). */
  async newVersion(caller: Caller, docType: string, version: number, source: Source) {
    const address = await this.address(this.db, caller, docType, source);
    if (address.orgId === caller.orgId) {
      return this.toRef(await this.db.transaction((tx) => this.schemas.newVersion(tx, caller.orgId, docType, version, { createdBy: caller.authenticatedAs })));
    }
    const official = await this.schemas.readVersion(this.db, address, caller.orgId, version);
    const copy = await this.db.transaction(async (tx) => {
      if (await this.schemas.exists(tx, caller.orgId, docType)) {
        throw conflict(`You already have versions of the extraction schema of "${docType}"; make new versions of yours instead`);
      }
      return this.schemas.copyToFamily(tx, official, { orgId: caller.orgId, id: docType, name: official.name, createdBy: caller.authenticatedAs });
    });
    return this.toRef(copy);
  }

  async renameAsNewVersion(caller: Caller, docType: string, version: number, name: string, source: Source) {
    const address = await this.address(this.db, caller, docType, source);
    if (address.orgId !== caller.orgId) return this.refuseOfficial(address, caller, version, 'renamed');
    return this.toRef(await this.db.transaction((tx) => this.schemas.newVersion(tx, caller.orgId, docType, version, { name, createdBy: caller.authenticatedAs })));
  }

  async activate(caller: Caller, docType: string, version: number, source: Source): Promise<DocTypeExtractionSchema> {
    const address = await this.address(this.db, caller, docType, source);
    if (address.orgId !== caller.orgId) return this.refuseOfficial(address, caller, version, 'activated');
    const { activated } = await this.db.transaction((tx) => this.schemas.activate(tx, caller.orgId, docType, version));
    return this.toSchema(activated);
  }

  async resolve(caller: Caller, docType: string) {
    const chain = await loadMarkedChain(this.db, this.lists, this.deps, caller.orgId, { withCustom: true });
    const entry = chain.lookup.get(docType);
    const hasFamily =
      (await this.schemas.exists(this.db, caller.orgId, docType)) || (await this.schemas.exists(this.db, this.deps.officialOrgId, docType));
    if ((!entry || NON_DOCUMENT_KINDS.has(entry.kind)) && !hasFamily) throw notFound(`No document type "${docType}" in your marked catalogue chain`);
    const resolved = await resolveExtractionSchema(this.db, this, this.deps, caller.orgId, docType);
    if (!resolved) throw notFound(`No extraction schema resolves for "${docType}", not even "${FALLBACK_DOC_TYPE}"`);
    return { docType, step: resolved.step, schema: this.toSchema(resolved.version) };
  }
}
