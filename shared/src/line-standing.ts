import type { CaseExpectedDoc } from './contract/applications.js';
import { countsTowardsCompleteness } from './expected-docs.js';

/**
 * How far a line of a case's checklist is met, telling apart what the run did from what a person
 * did: the run files documents against lines by itself, and that is a proposal, not a check.
 *
 * - `accepted`: a person approved at least `minCount` documents against it (only this is ticked).
 * - `filed`: enough documents are filed against it, but by the run only: they wait for review.
 * - `missing`: too few documents are filed against it.
 * - `waived`: a person set that the case need not satisfy it.
 */
export type LineStanding = 'accepted' | 'filed' | 'missing' | 'waived';

/** A listed document as the checklist reads it: the line the run filed it against, and a person's decision. */
export interface ChecklistDocument {
  expectedDocId?: string | undefined;
  approval?: { outcome: 'approved' | 'settled'; expectedDocId?: string | undefined } | undefined;
}

/** The line a person approved the document against; none when nobody approved it (settled is not filed). */
export function acceptedLineOf(doc: ChecklistDocument): string | undefined {
  if (doc.approval?.outcome !== 'approved') return undefined;
  return doc.approval.expectedDocId ?? doc.expectedDocId;
}

export interface LineTally {
  standing: LineStanding;
  /** Documents filed against the line, by the run or a person. */
  filed: number;
  /** Of those, the ones a person approved. */
  accepted: number;
}

/** A line of the checklist: of the case's own set (with what a person set on it) or of its list. */
export type ChecklistLine = Pick<CaseExpectedDoc, 'id' | 'minCount'> & { override?: CaseExpectedDoc['override'] | undefined };

const asked = (line: ChecklistLine) => countsTowardsCompleteness({ override: line.override ?? null });

export function lineStanding(line: ChecklistLine, documents: readonly ChecklistDocument[]): LineTally {
  // A document a person approved against another line is no longer filed against this one.
  const filed = documents.filter((d) => (acceptedLineOf(d) ?? d.expectedDocId) === line.id).length;
  const accepted = documents.filter((d) => acceptedLineOf(d) === line.id).length;
  const need = Math.max(line.minCount, 1);
  const standing: LineStanding = !asked(line) ? 'waived' : accepted >= need ? 'accepted' : filed >= need ? 'filed' : 'missing';
  return { standing, filed, accepted };
}

/** A case's checklist in two counts a reviewer reads right: lines a person accepted, lines the run filed that wait for review, of the lines asked. */
export function checklistCounts(
  lines: readonly ChecklistLine[],
  documents: readonly ChecklistDocument[],
): { accepted: number; toReview: number; total: number } {
  const standings = lines.filter(asked).map((l) => lineStanding(l, documents).standing);
  return { accepted: standings.filter((s) => s === 'accepted').length, toReview: standings.filter((s) => s === 'filed').length, total: standings.length };
}
