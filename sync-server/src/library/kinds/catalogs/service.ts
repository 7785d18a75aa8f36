import {
  BUILT_IN_REQUIREMENTS,
  CUSTOM_CATALOG_ID,
  DEFAULT_ENTRY_ID,
  DOC_KIND,
  FALLBACK_DOC_TYPE,
  NON_DOCUMENT_KINDS,
  isReservedId,
  requirementsOf,
  slugify,
  type ExpectedDoc,
  type MarkedDocTypeCatalog,
  type Section,
} from '@portal/shared';
import type { z } from 'zod';
import type { DocumentTypeListing } from '@portal/shared';
import type { Db, Queryable } from '../../../db/db.js';

type DocumentTypeListingRow = z.infer<typeof DocumentTypeListing>;
import { badRequest, conflict } from '../../../http-error.js';
import type { FamilyEngine } from '../../family-engine.js';
import { problemsError } from '../../problems.js';
import type { ListContent, ListEngine } from '../lists/kind.js';
import type { ChainEntry, MarkedChain, MarkedChains } from './chain.js';

const CUSTOM_NAME = 'Custom documents';
const COINED_SECTION = { id: 'coined', name: 'Coined document types' };

export const docKindsOf = (chain: MarkedChain) => chain.entries.filter((e) => e.kind === DOC_KIND).map((e) => e.docType);

/** Document types of a chain: every entry but page kinds and the requirement defaults. */
export const documentsOf = (chain: MarkedChain): ChainEntry[] => chain.entries.filter((e) => !NON_DOCUMENT_KINDS.has(e.kind));

function appendCoined(content: ListContent | undefined, entry: ExpectedDoc): ListContent {
  const sections: Section[] = content ? structuredClone(content.sections) : [];
  let coined = sections.find((s) => s.id === COINED_SECTION.id);
  if (!coined) {
    coined = { ...COINED_SECTION, note: '', lines: [], subsections: [], origin: null };
    sections.push(coined);
  }
  coined.lines.push(entry);
  return {
    description: content?.description ?? 'The document types your organization coined, and your overrides of official entries. It is the most specific layer of your marked chain.',
    parent: null,
    sections,
  };
}

/** Orders document types the way `GET /document-types` lists them: `fallback` first, then by name. */
export function byFallbackThenName<T extends { docType: string; name: string }>(a: T, b: T): number {
  if (a.docType === FALLBACK_DOC_TYPE) return b.docType === FALLBACK_DOC_TYPE ? 0 : -1;
  if (b.docType === FALLBACK_DOC_TYPE) return 1;
  return a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.docType.localeCompare(b.docType);
}

export type CoinResult = { created: boolean; entry: ChainEntry | ExpectedDoc };

/**
 * Document catalogues and document types: the marked chain, coining into custom-documents, the
 * document-type listing with each type's schema versions, and which official catalogues an
 * organization may mark.
 */
export class CatalogService {
  constructor(
    private readonly db: Db,
    readonly lists: ListEngine,
    readonly chains: MarkedChains,
    /** The extraction schema engine, for the schema versions of each document type. */
    private readonly schemas: Pick<FamilyEngine<unknown, unknown>, 'visibleById'>,
    private readonly officialOrgId: string,
  ) {}

  /** The organization's marked chain, custom-documents included. */
  chain(q: Queryable, orgId: string): Promise<MarkedChain> {
    return this.chains.marked(q, orgId, { withCustom: true });
  }

  async marked(orgId: string): Promise<MarkedDocTypeCatalog> {
    const chain = await this.chain(this.db, orgId);
    return { marked: chain.marked, chain: chain.layers, entries: chain.entries };
  }

  /** The official document catalogues with an active version: what an organization may mark. */
  async officialCatalogIds(q: Queryable): Promise<string[]> {
    return [...(await this.chains.officialCatalogs(q)).keys()];
  }

  async documentTypes(orgId: string): Promise<DocumentTypeListingRow[]> {
    const [chain, schemas] = await Promise.all([this.chain(this.db, orgId), this.schemas.visibleById(this.db, orgId, this.officialOrgId)]);
    return documentsOf(chain)
      .map((e) => ({ docType: e.docType, name: e.name, kind: e.kind, description: e.description, definedIn: e.definedIn, schemas: schemas.get(e.docType) ?? [] }))
      .sort(byFallbackThenName);
  }

  /** Members must be document types of the organization's chain (400 naming each one that is not). */
  async checkDocumentTypes(q: Queryable, orgId: string, members: readonly string[], field = 'body.members'): Promise<void> {
    const chain = await this.chain(q, orgId);
    const problems = members.flatMap((m, i) => {
      const entry = chain.lookup.get(m);
      if (!entry) return [`${field}.${i}: "${m}" is not a document type of your marked catalogue chain or custom-documents`];
      if (NON_DOCUMENT_KINDS.has(entry.kind)) return [`${field}.${i}: "${m}" is not a document type`];
      return [];
    });
    if (problems.length) throw problemsError(problems);
  }

  /** `POST /doc-types` in a transaction of its own. */
  coin(orgId: string, input: { name: string; kind: string; description?: string | undefined }): Promise<CoinResult> {
    return this.db.transaction((tx) => this.coinIn(tx, orgId, input));
  }

  /**
   * Coins a document type into the organization's custom-documents catalogue (spec Part 4,
   * `POST /doc-types`). The chain already having the id answers that entry and writes nothing;
   * otherwise the catalogue gets a new active version with the entry appended (v1 on first use),
   * superseding the previous one in the same write.
   */
  async coinIn(tx: Queryable, orgId: string, input: { name: string; kind: string; description?: string | undefined }): Promise<CoinResult> {
    const docType = slugify(input.name);
    if (!/[a-z]/.test(docType)) throw badRequest(`The name "${input.name}" yields no usable document type id; use a name with at least one letter`);
    // Coins of one organization queue here, also before its catalogue exists (it is created on
    // first use); the row lock then keeps a new version of the catalogue from slipping in between.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`coin:${orgId}`]);
    await this.lists.lock(tx, orgId, CUSTOM_CATALOG_ID);
    const chain = await this.chain(tx, orgId);
    const existing = chain.lookup.get(docType);
    if (existing && existing.kind !== DEFAULT_ENTRY_ID) return { created: false, entry: existing };
    if (isReservedId(docType)) throw badRequest(`The name "${input.name}" yields the document type id "${docType}", which is reserved; choose another name`);
    const kinds = docKindsOf(chain);
    if (!kinds.includes(input.kind)) {
      throw badRequest(`body.kind: "${input.kind}" is not a docKind of your marked catalogue chain; use one of ${kinds.join(', ')}`);
    }
    const versions = await this.lists.versions(tx, orgId, CUSTOM_CATALOG_ID);
    const latest = versions.at(-1);
    if (latest?.status === 'draft') {
      throw conflict(`Your custom-documents catalogue has a draft (version ${latest.version}) being edited; add the document type to that draft, or activate it first`);
    }
    const defaults = chain.lookup.get(DEFAULT_ENTRY_ID);
    const entry: ExpectedDoc = {
      id: docType,
      docType,
      name: input.name.trim(),
      kind: input.kind,
      description: input.description ?? '',
      ...(defaults ? requirementsOf(defaults) : BUILT_IN_REQUIREMENTS),
    };
    const written = await this.lists.publish(tx, {
      orgId,
      id: CUSTOM_CATALOG_ID,
      version: (latest?.version ?? 0) + 1,
      name: latest?.name ?? CUSTOM_NAME,
      itemKind: 'docTypeCatalogOrgCustom',
      content: appendCoined(latest?.content, entry),
      derivedFrom: latest ? { orgId, id: CUSTOM_CATALOG_ID, version: latest.version } : null,
    });
    if (!written) throw conflict('Your custom-documents catalogue changed meanwhile; try again');
    return { created: true, entry };
  }
}
