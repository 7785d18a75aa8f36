import { linesOf, type NormalizeResult, type Section, type SectionEdit } from '@portal/shared';
import type { Queryable } from '../../../db/db.js';
import { FamilyEngine, type FamilyContext } from '../../family-engine.js';
import { MAX_PROBLEMS_SHOWN, problemsError } from '../../problems.js';

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

/**
 * How sections are checked: a list's lines against the organization's marked chain, a
 * catalogue's entries against the catalogues below it. The chain is itself made of catalogue
 * versions of this engine, so the checker is handed in (library/kinds/catalogs/chain.ts).
 */
export interface SectionChecker {
  normalize(
    q: Queryable,
    o: { orgId: string; itemKind: string | null; parent: string | null; sections: readonly SectionEdit[] },
  ): Promise<NormalizeResult<Section[]>>;
}

/**
 * Expected document lists (and document catalogues, which are lists of kind
 * `docTypeCatalog…`) as a family kind of the engine: supersede on activation, saves validated
 * by the section checker.
 */
export function listEngine(sections: SectionChecker): ListEngine {
  return new FamilyEngine<ListContent, ListEdit>({
    kind: LIST_FAMILY,
    noun: 'expected document list',
    policy: { supersedeOnActivate: true },
    async validate(edit, ctx: FamilyContext) {
      const result = await sections.normalize(ctx.q, { orgId: ctx.orgId, itemKind: ctx.itemKind, parent: edit.parent, sections: edit.sections });
      if (!result.ok) throw problemsError(result.problems);
      return { description: edit.description, parent: edit.parent, sections: result.value };
    },
    // A copy of official content or a list saved before the organization changed its marked
    // catalogue may no longer resolve; activation checks the content again.
    async incompleteness(content, ctx) {
      if (linesOf(content.sections).length === 0) return 'it has no lines';
      const result = await sections.normalize(ctx.q, { orgId: ctx.orgId, itemKind: ctx.itemKind, parent: content.parent, sections: content.sections });
      return result.ok ? null : result.problems.slice(0, MAX_PROBLEMS_SHOWN).join('; ');
    },
  });
}

/** A blank list: one empty section to start from. */
export const blankListContent = (description = ''): ListContent => ({
  description,
  parent: null,
  sections: [{ id: 'documents', name: 'Documents', note: '', lines: [], subsections: [], origin: null }],
});

export const lineCount = (content: ListContent): number => linesOf(content.sections).length;
