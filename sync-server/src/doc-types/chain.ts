import {
  catalogChain,
  CUSTOM_CATALOG_ID,
  linesOf,
  mergeChain,
  type ExpectedDoc,
  type ExpectedDocListKindName,
} from '@portal/shared';
import type { Queryable } from '../db/db.js';
import type { FamilyVersion } from '../library/family-engine.js';
import { sourceOf } from '../library/family-engine.js';
import type { LibraryDeps } from '../library/plugin.js';
import type { ListContent, ListEngine } from '../expected-doc-lists/family.js';

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

const layerOf = (v: FamilyVersion<ListContent>, deps: LibraryDeps): ChainLayerInfo => ({
  id: v.id,
  version: v.version,
  name: v.name,
  kind: v.itemKind as ExpectedDocListKindName,
  source: sourceOf(v.orgId, deps.officialOrgId),
});

function merge(marked: string, versions: FamilyVersion<ListContent>[], deps: LibraryDeps): MarkedChain {
  const layers = versions.map((v) => layerOf(v, deps));
  const entries = mergeChain(
    versions.map((v, i) => ({
      layer: { listId: v.id, version: v.version, source: layers[i]!.source },
      entries: linesOf(v.content.sections),
    })),
  );
  return { marked, layers, entries, lookup: new Map(entries.map((e) => [e.docType, e])) };
}

/** The official catalogues' latest active versions, by id. */
async function officialCatalogs(q: Queryable, lists: ListEngine, deps: LibraryDeps): Promise<Map<string, FamilyVersion<ListContent>>> {
  const active = await lists.activeOf(q, deps.officialOrgId, 'docTypeCatalogOfficial');
  return new Map(active.map((v) => [v.id, v]));
}

/**
 * An organization's marked chain: the official organization's latest active version of each
 * catalogue from its marked one down to `generic`, root first, and (with `withCustom`) its own
 * custom-documents catalogue on top as the most specific layer.
 */
export async function loadMarkedChain(
  q: Queryable,
  lists: ListEngine,
  deps: LibraryDeps,
  orgId: string,
  o: { withCustom: boolean },
): Promise<MarkedChain> {
  const { rows } = await q.query<{ marked_doc_type_catalog: string }>('SELECT marked_doc_type_catalog FROM organizations WHERE id = $1', [orgId]);
  const marked = rows[0]?.marked_doc_type_catalog ?? 'generic';
  const catalogs = await officialCatalogs(q, lists, deps);
  const ids = catalogChain(marked, new Map([...catalogs].map(([id, v]) => [id, v.content.parent])));
  const versions = ids.map((id) => catalogs.get(id)!);
  if (o.withCustom && orgId !== deps.officialOrgId) {
    const custom = await lists.latestActive(q, orgId, CUSTOM_CATALOG_ID);
    if (custom) versions.push(custom);
  }
  return merge(marked, versions, deps);
}

/** The official chain from `parent` down to the root: what an official catalogue builds on. */
export async function officialChainBelow(q: Queryable, lists: ListEngine, deps: LibraryDeps, parent: string | null): Promise<MarkedChain> {
  if (parent === null) return merge('', [], deps);
  const catalogs = await officialCatalogs(q, lists, deps);
  const ids = catalogChain(parent, new Map([...catalogs].map(([id, v]) => [id, v.content.parent])));
  return merge(parent, ids.map((id) => catalogs.get(id)!), deps);
}
