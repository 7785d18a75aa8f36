import {
  BUILT_IN_REQUIREMENTS,
  CUSTOM_CATALOG_ID,
  DEFAULT_ENTRY_ID,
  isCatalogKind,
  markedChainOf,
  normalizeCatalogSections,
  normalizeListSections,
  requirementsOf,
  type ChainCatalog,
  type ExpectedDocListKindName,
  type MarkedCatalogEntry,
  type MarkedChain,
  type NormalizeResult,
  type Section,
  type SectionEdit,
} from '@portal/shared';
import type { Queryable } from '../../../db/db.js';
import { sourceOf, toFamilyVersion, type FamilyVersion, type VersionRow } from '../../family-engine.js';
import { LIST_FAMILY, type ListContent, type SectionChecker } from '../lists/kind.js';

/** The chain's types are the contract's, shared with the desktop (which computes the same chain offline). */
export type ChainEntry = MarkedCatalogEntry;
export type { MarkedChain };

/**
 * Document catalogues as a chain: the official organization's latest active version of each
 * catalogue from an organization's marked one down to `generic`, root first, with the
 * organization's own custom-documents catalogue on top. Lists are checked against it, which
 * makes this the lists' section checker.
 */
export class MarkedChains implements SectionChecker {
  /**
   * Contents of active catalogue versions, by `org/id/version`. A version's content never
   * changes once it is active (only drafts are saved), so every instance may keep it; the chain
   * is then one small query of which versions are active, however large the catalogues are.
   */
  private readonly contents = new Map<string, ListContent>();
  private static readonly MAX_CACHED = 2_000;

  constructor(private readonly officialOrgId: string) {}

  private catalogOf(v: FamilyVersion<ListContent>): ChainCatalog {
    return {
      id: v.id,
      version: v.version,
      name: v.name,
      kind: v.itemKind as ExpectedDocListKindName,
      source: sourceOf(v.orgId, this.officialOrgId),
      parent: v.content.parent,
      sections: v.content.sections,
    };
  }

  private catalogsOf(versions: ReadonlyMap<string, FamilyVersion<ListContent>>): Map<string, ChainCatalog> {
    return new Map([...versions].map(([id, v]) => [id, this.catalogOf(v)]));
  }

  /**
   * The active catalogue versions a chain can use — every official catalogue and (with
   * `customOf`) that organization's custom-documents — with the organization's marked catalogue,
   * in one query; contents come from the cache, read once per version.
   */
  private async activeCatalogs(q: Queryable, customOf: string | null): Promise<{ marked: string; official: Map<string, FamilyVersion<ListContent>>; custom?: FamilyVersion<ListContent> }> {
    const { rows } = await q.query<VersionRow & { marked: string | null }>(
      `SELECT o.marked_doc_type_catalog AS marked, x.*
         FROM (SELECT 1) one
         LEFT JOIN organizations o ON o.id = $2
         LEFT JOIN LATERAL (
           SELECT v.org_id, v.id, f.item_kind, v.version, v.name, v.status, NULL AS content, v.derived_from, v.created_by,
                  v.activated_at, v.created_at, v.updated_at
             FROM library_versions v
             JOIN library_families f ON f.org_id = v.org_id AND f.family_kind = v.family_kind AND f.id = v.id
            WHERE v.family_kind = $3 AND v.status = 'active' AND NOT v.deleted AND NOT f.deleted
              AND ((v.org_id = $1 AND f.item_kind = 'docTypeCatalogOfficial') OR (v.org_id = $2 AND v.id = $4))) x ON true`,
      [this.officialOrgId, customOf, LIST_FAMILY, CUSTOM_CATALOG_ID],
    );
    const versions = rows.filter((r) => r.id !== null).map((r) => toFamilyVersion<ListContent>(r));
    await this.fillContents(q, versions);
    const official = new Map(versions.filter((v) => v.orgId === this.officialOrgId).map((v) => [v.id, v]));
    const custom = customOf && customOf !== this.officialOrgId ? versions.find((v) => v.orgId === customOf) : undefined;
    return { marked: rows[0]?.marked ?? 'generic', official, ...(custom ? { custom } : {}) };
  }

  private async fillContents(q: Queryable, versions: FamilyVersion<ListContent>[]): Promise<void> {
    const key = (v: { orgId: string; id: string; version: number }) => `${v.orgId}/${v.id}/${v.version}`;
    const missing = versions.filter((v) => !this.contents.has(key(v)));
    if (missing.length > 0) {
      const { rows } = await q.query<{ org_id: string; id: string; version: number; content: ListContent }>(
        `SELECT v.org_id, v.id, v.version, v.content FROM library_versions v
           JOIN unnest($2::text[], $3::text[], $4::int[]) AS k (org_id, id, version)
             ON v.org_id = k.org_id AND v.id = k.id AND v.version = k.version
          WHERE v.family_kind = $1`,
        [LIST_FAMILY, missing.map((v) => v.orgId), missing.map((v) => v.id), missing.map((v) => v.version)],
      );
      if (this.contents.size + rows.length > MarkedChains.MAX_CACHED) this.contents.clear();
      for (const r of rows) this.contents.set(key({ orgId: r.org_id, id: r.id, version: r.version }), r.content);
    }
    for (const v of versions) v.content = this.contents.get(key(v))!;
  }

  /** The official catalogues' latest active versions, by id. */
  async officialCatalogs(q: Queryable): Promise<Map<string, FamilyVersion<ListContent>>> {
    return (await this.activeCatalogs(q, null)).official;
  }

  /** An organization's marked chain (with `withCustom`, its custom-documents catalogue on top). */
  async marked(q: Queryable, orgId: string, o: { withCustom: boolean }): Promise<MarkedChain> {
    const { marked, official, custom } = await this.activeCatalogs(q, orgId);
    return markedChainOf(marked, this.catalogsOf(official), o.withCustom && custom ? this.catalogOf(custom) : undefined);
  }

  /** The official chain from `parent` down to the root: what an official catalogue builds on. */
  async officialBelow(q: Queryable, parent: string | null): Promise<MarkedChain> {
    if (parent === null) return markedChainOf('', new Map());
    return markedChainOf(parent, this.catalogsOf(await this.officialCatalogs(q)));
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
