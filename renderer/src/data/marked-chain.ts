import {
  CUSTOM_CATALOG_ID,
  DOC_KIND,
  markedChainOf,
  NON_DOCUMENT_KINDS,
  type ExpectedDocList,
  type MarkedCatalogEntry,
  type MarkedChain as Chain,
} from '@portal/shared';

export type ChainEntry = MarkedCatalogEntry;

export interface MarkedChain extends Chain {
  /**
   * What a line can ask for: every entry but page kinds and the requirement defaults, so the
   * document kinds too (a line "Identity document" takes any identity document).
   */
  documentTypes: ChainEntry[];
  /** The root catalogue's document kinds (identity, income…): what a coined type must belong to. */
  docKinds: ChainEntry[];
}

/** The newest active version of each catalogue chosen by `pick`, by id. */
function activeById(lists: readonly ExpectedDocList[], pick: (l: ExpectedDocList) => boolean): Map<string, ExpectedDocList> {
  const out = new Map<string, ExpectedDocList>();
  for (const l of lists) {
    if (l.status !== 'active' || !pick(l)) continue;
    const seen = out.get(l.id);
    if (seen === undefined || seen.version < l.version) out.set(l.id, l);
  }
  return out;
}

/**
 * The organization's marked chain, computed here from the replicated catalogue versions by the
 * same function the server answers `GET /doc-type-catalog/marked` with (`markedChainOf`): the
 * official catalogues at their active versions, the organization's custom-documents on top.
 * Computing it locally is what lets the editor offer document types offline.
 */
export function deriveMarkedChain(lists: readonly ExpectedDocList[], marked: string): MarkedChain {
  const official = activeById(lists, (l) => l.kind === 'docTypeCatalogOfficial' && l.source === 'official');
  const custom = activeById(lists, (l) => l.kind === 'docTypeCatalogOrgCustom' && l.source === 'own' && l.id === CUSTOM_CATALOG_ID).get(CUSTOM_CATALOG_ID);
  const chain = markedChainOf(marked, official, custom);
  return {
    ...chain,
    documentTypes: chain.entries.filter((e) => !NON_DOCUMENT_KINDS.has(e.kind)),
    docKinds: chain.entries.filter((e) => e.kind === DOC_KIND),
  };
}
