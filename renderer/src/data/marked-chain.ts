import {
  catalogChain,
  CUSTOM_CATALOG_ID,
  DOC_KIND,
  linesOf,
  mergeChain,
  NON_DOCUMENT_KINDS,
  type ExpectedDoc,
  type ExpectedDocList,
} from '@portal/shared';

export type ChainEntry = ExpectedDoc & { definedIn: { listId: string; version: number; source: 'own' | 'official' } };

export interface MarkedChain {
  marked: string;
  /**
   * What a line can ask for: every entry but page kinds and the requirement defaults, so the
   * document kinds too (a line "Identity document" takes any identity document).
   */
  documentTypes: ChainEntry[];
  /** The root catalogue's document kinds (identity, income…): what a coined type must belong to. */
  docKinds: ChainEntry[];
  lookup: Map<string, ChainEntry>;
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
 * The organization's marked chain, computed here from the replicated catalogue versions with the
 * same rule the server uses (`GET /doc-type-catalog/marked`): the official catalogues from the
 * marked one down to `generic`, each at its active version, then the organization's own
 * custom-documents on top; merged root-first so the most specific entry wins. Computing it
 * locally is what lets the editor offer document types offline.
 */
export function deriveMarkedChain(lists: readonly ExpectedDocList[], marked: string): MarkedChain {
  const official = activeById(lists, (l) => l.kind === 'docTypeCatalogOfficial' && l.source === 'official');
  const ids = catalogChain(marked, new Map([...official].map(([id, v]) => [id, v.parent])));
  const layers = ids.map((id) => official.get(id)!);
  const custom = activeById(lists, (l) => l.kind === 'docTypeCatalogOrgCustom' && l.source === 'own' && l.id === CUSTOM_CATALOG_ID).get(CUSTOM_CATALOG_ID);
  if (custom !== undefined) layers.push(custom);

  const entries = mergeChain(
    layers.map((v) => ({ layer: { listId: v.id, version: v.version, source: v.source }, entries: linesOf(v.sections) })),
  );
  return {
    marked,
    documentTypes: entries.filter((e) => !NON_DOCUMENT_KINDS.has(e.kind)),
    docKinds: entries.filter((e) => e.kind === DOC_KIND),
    lookup: new Map(entries.map((e) => [e.docType, e])),
  };
}
