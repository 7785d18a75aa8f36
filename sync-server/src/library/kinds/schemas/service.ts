import {
  DOC_KIND,
  FALLBACK_DOC_TYPE,
  NON_DOCUMENT_KINDS,
  isReservedId,
  slugify,
  type DocTypeExtractionSchema,
} from '@portal/shared';
import type { z } from 'zod';
import type { DocTypeExtractionSchemaEdit as EditSchema, DocTypeExtractionSchemaRef as RefSchema } from '@portal/shared';
import type { Db, Queryable } from '../../../db/db.js';

type DocTypeExtractionSchemaEdit = z.infer<typeof EditSchema>;
type DocTypeExtractionSchemaRef = z.infer<typeof RefSchema>;
import { badRequest, notFound } from '../../../http-error.js';
import { sourceOf, type FamilyVersion } from '../../family-engine.js';
import { FamilyService, type LibraryActor, type Source } from '../../family-service.js';
import type { CatalogService } from '../catalogs/service.js';
import type { SchemaContent, SchemaEngine } from './kind.js';

export type ResolvedSchema = { step: 'docType' | 'docKind' | 'fallback'; version: FamilyVersion<SchemaContent> };

/**
 * Spec "doc-type-extraction-schemas": the extraction schema of each document type, over the
 * generic family service, plus creation by name (coining the type on the way) and the resolver
 * ladder extraction uses.
 */
export class SchemaService {
  readonly family: FamilyService<SchemaContent, SchemaContent, DocTypeExtractionSchemaEdit>;

  constructor(
    private readonly db: Db,
    readonly engine: SchemaEngine,
    private readonly catalogs: CatalogService,
    readonly officialOrgId: string,
  ) {
    this.family = new FamilyService(db, {
      engine,
      officialOrgId,
      idField: 'docType',
      toEdit: (body, current) => ({ description: body.description ?? current.content.description, fields: body.fields }),
      readOnlyHint: () => 'new-version gives you your own copy, which extraction prefers once active',
    });
  }

  toRef(v: FamilyVersion<SchemaContent>): DocTypeExtractionSchemaRef {
    return { docType: v.id, version: v.version, name: v.name, status: v.status, source: sourceOf(v.orgId, this.officialOrgId) };
  }

  toSchema(v: FamilyVersion<SchemaContent>): DocTypeExtractionSchema {
    return Object.assign(this.toRef(v), {
      description: v.content.description,
      fields: v.content.fields,
      derivedFrom: v.derivedFrom ? { id: v.derivedFrom.id, version: v.derivedFrom.version, source: sourceOf(v.derivedFrom.orgId, this.officialOrgId) } : null,
      createdAt: v.createdAt.toISOString(),
      updatedAt: v.updatedAt.toISOString(),
      activatedAt: v.activatedAt?.toISOString() ?? null,
    });
  }

  /**
   * Creates a schema by name. A name that already means a document type with a schema answers
   * that schema (yours, else the official one) and writes nothing; a new document type is coined
   * into custom-documents under `kind` on the way.
   */
  async create(actor: LibraryActor, input: { name: string; kind: string; description?: string | undefined }): Promise<{ created: boolean; ref: DocTypeExtractionSchemaRef }> {
    const docType = slugify(input.name);
    if (!/[a-z]/.test(docType)) throw badRequest(`The name "${input.name}" yields no usable document type id; use a name with at least one letter`);
    return this.db.transaction(async (tx) => {
      const own = (await this.engine.versions(tx, actor.orgId, docType)).at(-1);
      if (own) return { created: false, ref: this.toRef(own) };
      const official = (await this.engine.versions(tx, this.officialOrgId, docType)).filter((v) => v.status !== 'draft').at(-1);
      if (official) return { created: false, ref: this.toRef(official) };
      if (isReservedId(docType)) throw badRequest(`The name "${input.name}" yields the document type id "${docType}", which is reserved; choose another name`);
      const known = (await this.catalogs.chain(tx, actor.orgId)).lookup.get(docType);
      if (known && NON_DOCUMENT_KINDS.has(known.kind)) throw badRequest(`"${docType}" is a page kind, not a document type; it has no extraction schema`);
      const entry = known ?? (await this.catalogs.coinIn(tx, actor.orgId, input)).entry;
      const created = await this.engine.create(tx, {
        orgId: actor.orgId,
        id: docType,
        name: entry.name,
        content: { description: input.description ?? entry.description, fields: [] },
        createdBy: actor.authenticatedAs,
      });
      return { created: true, ref: this.toRef(created) };
    });
  }

  async read(actor: LibraryActor, docType: string, version: number, source?: Source): Promise<DocTypeExtractionSchema> {
    return this.toSchema((await this.family.read(this.db, actor.orgId, docType, version, source)).version);
  }

  async save(actor: LibraryActor, docType: string, version: number, body: DocTypeExtractionSchemaEdit, source?: Source): Promise<DocTypeExtractionSchema> {
    return this.toSchema(await this.family.save(actor, docType, version, body, source));
  }

  /** new-version: v(N+1) of your own; of an official schema your own v1 draft copy, unless you have versions already (409). */
  async newVersion(actor: LibraryActor, docType: string, version: number, source?: Source): Promise<DocTypeExtractionSchemaRef> {
    return this.toRef(await this.family.newVersion(actor, docType, version, source));
  }

  async renameAsNewVersion(actor: LibraryActor, docType: string, version: number, name: string, source?: Source): Promise<DocTypeExtractionSchemaRef> {
    return this.toRef(await this.family.renameAsNewVersion(actor, docType, version, name, source));
  }

  async activate(actor: LibraryActor, docType: string, version: number, source?: Source): Promise<DocTypeExtractionSchema> {
    return this.toSchema(await this.family.activate(actor, docType, version, source));
  }

  /**
   * The schema extraction uses for a document type (spec Part 9): the active version of the
   * organization's own schema, else the official one; a type with neither goes down the ladder to
   * its docKind's schema, then to `fallback`.
   */
  async resolveFor(q: Queryable, orgId: string, docType: string): Promise<ResolvedSchema | undefined> {
    const entry = (await this.catalogs.chain(q, orgId)).lookup.get(docType);
    const rungs: [ResolvedSchema['step'], string][] = [['docType', docType]];
    if (entry && entry.kind !== DOC_KIND && !NON_DOCUMENT_KINDS.has(entry.kind)) rungs.push(['docKind', entry.kind]);
    rungs.push(['fallback', FALLBACK_DOC_TYPE]);
    for (const [step, id] of rungs) {
      const v = (await this.engine.latestActive(q, orgId, id)) ?? (await this.engine.latestActive(q, this.officialOrgId, id));
      if (v) return { step, version: v };
    }
    return undefined;
  }

  /** `GET …/{docType}/resolved`: 404 for a type that is neither in the chain nor has schemas. */
  async resolve(actor: LibraryActor, docType: string) {
    const entry = (await this.catalogs.chain(this.db, actor.orgId)).lookup.get(docType);
    const hasFamily = (await this.engine.exists(this.db, actor.orgId, docType)) || (await this.engine.exists(this.db, this.officialOrgId, docType));
    if ((!entry || NON_DOCUMENT_KINDS.has(entry.kind)) && !hasFamily) throw notFound(`No document type "${docType}" in your marked catalogue chain`);
    const resolved = await this.resolveFor(this.db, actor.orgId, docType);
    if (!resolved) throw notFound(`No extraction schema resolves for "${docType}", not even "${FALLBACK_DOC_TYPE}"`);
    return { docType, step: resolved.step, schema: this.toSchema(resolved.version) };
  }
}
