import type { CaseExpectedDoc, LineOverride } from './contract/applications.js';
import type { CaseCompleteness } from './contract/documents.js';

/**
 * What a case is checked against (spec tag `sets`), as pure rules the server and the reviewer's
 * screens share: the lines of the case's list version with what people set by hand on that case
 * (a line waived, a line added), and how far the case's listed documents satisfy them.
 */

/** A line of a list version, as a case keeps it (the requirement fields of `ExpectedDoc`). */
export interface ListLine {
  id: string;
  docType: string;
  name: string;
  requirement: 'required' | 'optional';
  minCount: number;
  maxCount: number | null;
}

/** The lines a case is checked against: the list's, in list order, then the ones added for it. */
export function caseExpectedDocs(listLines: readonly ListLine[], overrides: readonly LineOverride[]): CaseExpectedDoc[] {
  const byLine = new Map(overrides.map((o) => [o.id, o]));
  const view = (o: LineOverride | undefined) =>
    o ? { kind: o.kind, reason: o.reason, decidedBy: o.decidedBy, authenticatedAs: o.authenticatedAs, decidedAt: o.decidedAt } : null;
  const listed = new Set(listLines.map((l) => l.id));
  return [
    ...listLines.map((l) => {
      const o = byLine.get(l.id);
      // An added line never shadows a list line (the list's wins; setting another list drops it).
      return { ...lineFields(l), origin: 'list' as const, override: o?.kind === 'waived' ? view(o) : null };
    }),
    ...overrides
      .filter((o): o is Extract<LineOverride, { kind: 'added' }> => o.kind === 'added' && !listed.has(o.id))
      .map((o) => ({ ...lineFields(o), origin: 'case' as const, override: view(o) })),
  ];
}

const lineFields = (l: ListLine) => ({ id: l.id, docType: l.docType, name: l.name, requirement: l.requirement, minCount: l.minCount, maxCount: l.maxCount });

/** A waived line is not asked of the case: it counts in neither the satisfied lines nor the total. */
export const countsTowardsCompleteness = (line: Pick<CaseExpectedDoc, 'override'>): boolean => line.override?.kind !== 'waived';

/** `docsFiled` and `docsTotal` of a case from how many listed documents are filed against each line. */
export function lineTally(lines: readonly CaseExpectedDoc[], filed: Readonly<Record<string, number>>): { satisfied: number; total: number } {
  const counted = lines.filter(countsTowardsCompleteness);
  return { satisfied: counted.filter((l) => (filed[l.id] ?? 0) >= l.minCount).length, total: counted.length };
}

/**
 * Which lines the listed documents satisfy: each line with how many documents are filed against
 * it (and how many of those a person approved), the documents filed against no line of the case.
 */
export function caseCompleteness(
  lines: readonly CaseExpectedDoc[],
  listed: readonly { address: string; expectedDocId?: string | null | undefined; approved: boolean }[],
): CaseCompleteness {
  const rows = lines.map((l) => {
    const mine = listed.filter((d) => d.expectedDocId === l.id);
    const waived = !countsTowardsCompleteness(l);
    return {
      expectedDocId: l.id,
      name: l.name,
      requirement: l.requirement,
      have: mine.length,
      approved: mine.filter((d) => d.approved).length,
      need: l.minCount,
      missing: !waived && mine.length < l.minCount,
      waived,
      origin: l.origin,
    };
  });
  const ids = new Set(lines.map((l) => l.id));
  const counted = rows.filter((r) => !r.waived);
  return {
    satisfied: counted.filter((r) => !r.missing).length,
    total: counted.length,
    lines: rows,
    unmatched: listed.filter((d) => !d.expectedDocId || !ids.has(d.expectedDocId)).map((d) => d.address),
  };
}

/**
 * What is set by hand on a case once it is checked against a list with `listLines`: a waiver of
 * a line the list lacks has nothing left to waive, and a line added under an id the list now has
 * gives way to the list's line. Both are dropped (and said so in the ledger).
 */
export function overridesUnder(listLines: readonly ListLine[], overrides: readonly LineOverride[]): { kept: LineOverride[]; dropped: LineOverride[] } {
  const listed = new Set(listLines.map((l) => l.id));
  const applies = (o: LineOverride) => (o.kind === 'waived' ? listed.has(o.id) : !listed.has(o.id));
  return { kept: overrides.filter(applies), dropped: overrides.filter((o) => !applies(o)) };
}

/** The overrides with `next` in place of whatever was set on its line. */
export const withOverride = (overrides: readonly LineOverride[], next: LineOverride): LineOverride[] => [...overrides.filter((o) => o.id !== next.id), next];
