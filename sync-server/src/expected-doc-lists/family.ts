import {
  BUILT_IN_REQUIREMENTS,
  DEFAULT_ENTRY_ID,
  isCatalogKind,
  linesOf,
  normalizeCatalogSections,
  normalizeListSections,
  requirementsOf,
  type ExpectedDocListKindName,
  type NormalizeResult,
  type Section,
  type SectionEdit,
} from '@portal/shared';
import { loadMarkedChain, officialChainBelow, type MarkedChain } from '../doc-types/chain.js';
import type { Queryable } from '../db/db.js';
import { FamilyEngine, type FamilyContext } from '../library/family-engine.js';
import type { LibraryDeps } from '../library/plugin.js';
import { MAX_PROBLEMS_SHOWN, problemsError } from '../library/problems.js';

export const LIST_FAMILY = 'expected-doc-list';

/** What a list version stores besides its name and status. */
export interface ListContent {
  description: string;
  /** Catalogues only: the next catalogue down the chain. */
  parent: string | null;
  sections: Section[];
}

/** What a save hands to validation: sections as the client sent them. */
export interface ListEdit {
  description: string;
  parent: string | null;
  sections: SectionEdit[];
}

export type ListEngine = FamilyEngine<ListContent, ListEdit>;

const chainLabel = (chain: MarkedChain) => `your marked catalogue chain (${chain.layers.map((l) => l.id).join(' → ')})`;

/** Validates sections as a list's lines (against the chain) or as a catalogue's entries. */
export async function normalizeSections(
  q: Queryable,
  lists: ListEngine,
  deps: LibraryDeps,
  o: { orgId: string; itemKind: string | null; parent: string | null; sections: readonly SectionEdit[] },
): Promise<NormalizeResult<Section[]>> {
  if (o.itemKind && isCatalogKind(o.itemKind as ExpectedDocListKindName)) {
    const below =
      o.itemKind === 'docTypeCatalogOrgCustom'
        ? await loadMarkedChain(q, lists, deps, o.orgId, { withCustom: false })
        : await officialChainBelow(q, lists, deps, o.parent);
    const defaults = below.lookup.get(DEFAULT_ENTRY_ID);
    return normalizeCatalogSections(o.sections, {
      below: below.lookup,
      defaults: defaults ? requirementsOf(defaults) : BUILT_IN_REQUIREMENTS,
      mayDefineReserved: o.itemKind === 'docTypeCatalogOfficial',
    });
  }
  const chain = await loadMarkedChain(q, lists, deps, o.orgId, { withCustom: true });
  return normalizeListSections(o.sections, { lookup: (t) => chain.lookup.get(t), chainLabel: chainLabel(chain) });
}

/**
 * Expected document lists (and document catalogues, which are lists of kind
 * `docTypeCatalog…`) as a family kind of the engine: supersede on activation, new versions from
 * the latest version in any status, saves validated against the organization's marked chain.
 */
export function listEngine(deps: LibraryDeps): ListEngine {
  const validate = async (edit: ListEdit, ctx: FamilyContext): Promise<ListContent> => {
    const result = await normalizeSections(ctx.q, engine, deps, { orgId: ctx.orgId, itemKind: ctx.itemKind, parent: edit.parent, sections: edit.sections });
    if (!result.ok) throw problemsError(result.problems);
    return { description: edit.description, parent: edit.parent, sections: result.value };
  };
  const engine: ListEngine = new FamilyEngine<ListContent, ListEdit>({
    kind: LIST_FAMILY,
    noun: 'expected document list',
    policy: { supersedeOnActivate: true, newVersionNeedsActiveSource: false },
    validate,
    // A copy of official content or a list saved before the organization changed its marked
    // catalogue may no longer resolve; activation checks the content again.
    async incompleteness(content, ctx) {
      if (linesOf(content.sections).length === 0) return 'it has no lines';
      const result = await normalizeSections(ctx.q, engine, deps, {
        orgId: ctx.orgId,
        itemKind: ctx.itemKind,
        parent: content.parent,
        sections: content.sections,
      });
      return result.ok ? null : result.problems.slice(0, MAX_PROBLEMS_SHOWN).join('; ');
    },
  });
  return engine;
}

/** A blank list: one empty section to start from. */
export const blankListContent = (description = ''): ListContent => ({
  description,
  parent: null,
  sections: [{ id: 'documents', name: 'Documents', note: '', lines: [], subsections: [], origin: null }],
});

export const lineCount = (content: ListContent): number => linesOf(content.sections).length;
