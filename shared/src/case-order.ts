import { RUN_STATES, type RunStateName } from './contract/index.js';

/** What the cases list knows of a case to order it. */
export interface CaseForOrder {
  applicantName: string;
  createdAt: string;
  docsFiled: number;
  docsTotal: number;
  run: { state: RunStateName; gateReason: string | null; flags: readonly unknown[] };
}

/** What waits on a person in a case: holds at the gate and findings on documents nobody decided. */
export interface CaseAttention {
  holds: number;
  findings: number;
  total: number;
}

/**
 * A case held at the gate counts its red flags, and at least one (held for another reason: an
 * email missing, the analyzer unreachable); findings count the workflow's checks on documents
 * still to decide.
 */
export function caseAttention(c: CaseForOrder, findings: number): CaseAttention {
  const holds = c.run.state === 'gated' && c.run.gateReason !== null ? Math.max(1, c.run.flags.length) : 0;
  return { holds, findings, total: holds + findings };
}

/** The orders of the cases list, by the column that sets each. */
export const CASE_SORTS = ['attention', 'applicant', 'state', 'filed', 'created'] as const;
export type CaseSort = (typeof CASE_SORTS)[number];

/**
 * Cases in an order's first direction, which puts what needs a person first: most holds, then
 * most findings (`attention`); A to Z; the run states in their order, the gate first; the least
 * filed share of the list first; the newest first. `reversed` turns it round. Ties go newest first.
 */
export function sortCases<C extends CaseForOrder>(cases: readonly C[], sort: CaseSort, findingsOf: (c: C) => number, reversed = false): C[] {
  const newest = (a: C, b: C) => b.createdAt.localeCompare(a.createdAt);
  const unfiled = (c: C) => (c.docsTotal === 0 ? 0 : 1 - c.docsFiled / c.docsTotal);
  const attention = new Map(cases.map((c) => [c, caseAttention(c, findingsOf(c))]));
  const by: Record<CaseSort, (a: C, b: C) => number> = {
    attention: (a, b) => attention.get(b)!.holds - attention.get(a)!.holds || attention.get(b)!.total - attention.get(a)!.total,
    applicant: (a, b) => a.applicantName.localeCompare(b.applicantName, undefined, { sensitivity: 'base' }),
    state: (a, b) => RUN_STATES.indexOf(a.run.state) - RUN_STATES.indexOf(b.run.state),
    filed: (a, b) => unfiled(b) - unfiled(a),
    created: () => 0,
  };
  const sign = reversed ? -1 : 1;
  return [...cases].sort((a, b) => sign * (by[sort](a, b) || newest(a, b)));
}
