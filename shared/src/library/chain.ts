import type { CatalogLayer, MarkedCatalogEntry } from '../contract/doc-types.js';
import type { Section } from '../contract/library.js';
import { linesOf } from './list-rules.js';

/**
 * The marked chain (spec Part 4, `GET /doc-type-catalog/marked`): from an organization's marked
 * catalogue down its parents to the root `generic`, merged root-first so the more specific
 * catalogue's entry wins for a `docType`.
 */

export const ROOT_CATALOG_ID = 'generic';
export const CUSTOM_CATALOG_ID = 'custom-documents';

/**
 * The catalogue ids of the chain, root first. `parents` maps each available catalogue to its
 * parent (null for the root). A marked catalogue that is not available (it lost its active
 * version) leaves just the root; a parent cycle is cut where it closes.
 */
export function catalogChain(marked: string, parents: ReadonlyMap<string, string | null>, root = ROOT_CATALOG_ID): string[] {
  const down: string[] = [];
  const seen = new Set<string>();
  let at: string | null | undefined = parents.has(marked) ? marked : root;
  while (at !== null && at !== undefined && parents.has(at) && !seen.has(at)) {
    seen.add(at);
    down.push(at);
    if (at === root) break;
    at = parents.get(at);
  }
  // Every chain ends in the root, also when a catalogue forgot to name it as parent.
  if (!seen.has(root) && parents.has(root)) down.push(root);
  return down.reverse();
}

export interface ChainLayer<E extends { docType: string }, L> {
  /** Which catalogue version this layer is; copied onto each entry it defines. */
  layer: L;
  entries: readonly E[];
}

/**
 * Merges layers given root first. An entry keeps the position where its `docType` first
 * appeared (so overriding a description does not reorder the catalogue) and the content and
 * `definedIn` of the last, most specific layer that has it.
 */
export function mergeChain<E extends { docType: string }, L>(layers: readonly ChainLayer<E, L>[]): (E & { definedIn: L })[] {
  const merged = new Map<string, E & { definedIn: L }>();
  for (const { layer, entries } of layers) {
    for (const entry of entries) merged.set(entry.docType, { ...entry, definedIn: layer });
  }
  return [...merged.values()];
}

/** A catalogue version a chain can be built from: its `CatalogLayer` fields, its parent and its entries. */
export interface ChainCatalog extends CatalogLayer {
  parent: string | null;
  sections: readonly Pick<Section, 'lines' | 'subsections'>[];
}

/** An organization's marked chain, as `GET /doc-type-catalog/marked` answers it, plus a lookup by `docType`. */
export interface MarkedChain {
  marked: string;
  /** Root first; the organization's custom-documents, when given, last. */
  layers: CatalogLayer[];
  /** Root-first order; per `docType`, the entry of the most specific layer. */
  entries: MarkedCatalogEntry[];
  lookup: Map<string, MarkedCatalogEntry>;
}

/**
 * The marked chain from the official catalogues available (the latest active version of each, by
 * id) and the organization's own custom-documents catalogue, if it has an active one. The server
 * answers it and checks lists against it; the desktop computes the same from replicated
 * catalogues, so it offers document types offline.
 */
export function markedChainOf(marked: string, official: ReadonlyMap<string, ChainCatalog>, custom?: ChainCatalog): MarkedChain {
  const ids = catalogChain(marked, new Map([...official].map(([id, c]) => [id, c.parent])));
  const catalogs = [...ids.map((id) => official.get(id)!), ...(custom === undefined ? [] : [custom])];
  const entries = mergeChain(catalogs.map((c) => ({ layer: { listId: c.id, version: c.version, source: c.source }, entries: linesOf(c.sections) })));
  return {
    marked,
    layers: catalogs.map(({ id, version, name, kind, source }) => ({ id, version, name, kind, source })),
    entries,
    lookup: new Map(entries.map((e) => [e.docType, e])),
  };
}
