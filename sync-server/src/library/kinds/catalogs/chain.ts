import {
  BUILT_IN_REQUIREMENTS,
  catalogChain,
  CUSTOM_CATALOG_ID,
  DEFAULT_ENTRY_ID,
  isCatalogKind,
  linesOf,
  mergeChain,
  normalizeCatalogSections,
  normalizeListSections,
  requirementsOf,
  type ExpectedDocListKindName,
  type NormalizeResult,
  type Section,
  type ExpectedDoc,
  type SectionEdit,
} from '@portal/shared';
import type { Queryable } from '../../../db/db.js';
import { sourceOf, type FamilyVersion } from '../../family-engine.js';
import type { ListContent, ListEngine, SectionChecker } from '../lists/kind.js';

export interface ChainLayerInfo {
  id: string;
  version: number;
  name: string;
  kind: ExpectedDocListKindName;
  source: 'own' | 'official';
}

export type ChainEntry = ExpectedDoc & { definedIn: { listId: string; version: number; source: 'own' | 'official' } };

export interface MarkedChain {
  marked: string;
  /** Root first. */
  layers: ChainLayerInfo[];
  /** Merged, root-first order; the most specific layer's entry per docType. */
  entries: ChainEntry[];
  lookup: Map<string, ChainEntry>;
}

/**
 * Document catalogues as a chain: the official organization's latest active version of each
 * catalogue from an organization's marked one down to `generic`, root first, with the
 * organization's own custom-documents catalogue on top. Lists are checked against it, which
 * makes this the lists' section checker.
 */
export class MarkedChains implements SectionChecker {
  constructor(
    private readonly lists: ListEngine,
    private readonly officialOrgId: string,
  ) {}

  private layerOf(v: FamilyVersion<ListContent>): ChainLayerInfo {
    return { id: v.id, version: v.version, name: v.name, kind: v.itemKind as ExpectedDocListKindName, source: sourceOf(v.orgId, this.officialOrgId) };
  }

  private merge(marked: string, versions: FamilyVersion<ListContent>[]): MarkedChain {
    const layers = versions.map((v) => this.layerOf(v));
    const entries = mergeChain(
      versions.map((v, i) => ({ layer: { listId: v.id, version: v.version, source: layers[i]!.source }, entries: linesOf(v.content.sections) })),
    );
    return { marked, layers, entries, lookup: new Map(entries.map((e) => [e.docType, e])) };
  }

  /** The official catalogues' latest active versions, by id. */
  async officialCatalogs(q: Queryable): Promise<Map<string, FamilyVersion<ListContent>>> {
    const active = await this.lists.activeOf(q, this.officialOrgId, 'docTypeCatalogOfficial');
    return new Map(active.map((v) => [v.id, v]));
  }

  /** An organization's marked chain (with `withCustom`, its custom-documents catalogue on top). */
  async marked(q: Queryable, orgId: string, o: { withCustom: boolean }): Promise<MarkedChain> {
    const { rows } = await q.query<{ marked_doc_type_catalog: string }>('SELECT marked_doc_type_catalog FROM organizations WHERE id = $1', [orgId]);
    const marked = rows[0]?.marked_doc_type_catalog ?? 'generic';
    const catalogs = await this.officialCatalogs(q);
    const ids = catalogChain(marked, new Map([...catalogs].map(([id, v]) => [id, v.content.parent])));
    const versions = ids.map((id) => catalogs.get(id)!);
    if (o.withCustom && orgId !== this.officialOrgId) {
      const custom = await this.lists.latestActive(q, orgId, CUSTOM_CATALOG_ID);
      if (custom) versions.push(custom);
    }
    return this.merge(marked, versions);
  }

  /** The official chain from `parent` down to the root: what an official catalogue builds on. */
  async officialBelow(q: Queryable, parent: string | null): Promise<MarkedChain> {
    if (parent === null) return this.merge('', []);
    const catalogs = await this.officialCatalogs(q);
    const ids = catalogChain(parent, new Map([...catalogs].map(([id, v]) => [id, v.content.parent])));
    return this.merge(parent, ids.map((id) => catalogs.get(id)!));
  }

  /** Sections as a list's lines (against the marked chain) or as a catalogue's entries (against the chain below it). */
  async normalize(
    q: Queryable,
    o: { orgId: string; itemKind: string | null; parent: string | null; sections: readonly SectionEdit[] },
  ): Promise<NormalizeResult<Section[]>> {
    if (o.itemKind && isCatalogKind(o.itemKind as ExpectedDocListKindName)) {
      const below = o.itemKind === 'docTypeCatalogOrgCustom' ? await this.marked(q, o.orgId, { withCustom: false }) : await this.officialBelow(q, o.parent);
      const defaults = below.lookup.get(DEFAULT_ENTRY_ID);
      return normalizeCatalogSections(o.sections, {
        below: below.lookup,
        defaults: defaults ? requirementsOf(defaults) : BUILT_IN_REQUIREMENTS,
        mayDefineReserved: o.itemKind === 'docTypeCatalogOfficial',
      });
    }
    const chain = await this.marked(q, o.orgId, { withCustom: true });
    const label = `your marked catalogue chain (${chain.layers.map((l) => l.id).join(' → ')})`;
    return normalizeListSections(o.sections, { lookup: (t) => chain.lookup.get(t), chainLabel: label });
  }
}
