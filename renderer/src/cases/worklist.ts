import { docTypeName, inSentence, isUnsure, OTHER_DOCUMENT, type NeedsReview } from '@portal/shared';
import type { CaseDocumentDoc } from '@portal/shared/sync';

/**
 * Where a listed document stands in the reviewer's work, and so where it is listed: what needs a
 * person first, then what still waits for a decision, then what is decided.
 *
 * - `needs-person`: nobody decided it and the workflow's checks found something on it (a name that
 *   is not the applicant's, an expiry date not read…) or the analyzer is unsure of it.
 * - `to-decide`: nobody decided it yet.
 * - `decided`: a person approved or settled it (or a decision of this device is on its way), or
 *   the workflow settled it.
 */
export type WorklistGroup = 'needs-person' | 'to-decide' | 'decided';

export const WORKLIST_GROUPS: readonly WorklistGroup[] = ['needs-person', 'to-decide', 'decided'];

// A copy stored before the server sent them (an older replica) has neither.
const unsureOf = (doc: CaseDocumentDoc): NeedsReview | undefined => (doc.document as { needsReview?: NeedsReview }).needsReview;
const findingsOf = (doc: CaseDocumentDoc) => doc.document.findings ?? [];

export function worklistGroup(doc: CaseDocumentDoc, pending: boolean): WorklistGroup {
  if (doc.approval !== undefined || pending) return 'decided';
  const unsure = unsureOf(doc);
  if (findingsOf(doc).length > 0 || (unsure !== undefined && isUnsure(unsure))) return 'needs-person';
  return doc.settled ? 'decided' : 'to-decide';
}

/** The documents in worklist order; within a group, in packet order (`position`). */
export function worklistOrder(docs: readonly CaseDocumentDoc[], isPending: (doc: CaseDocumentDoc) => boolean): CaseDocumentDoc[] {
  const rank = new Map(docs.map((d) => [d.address, WORKLIST_GROUPS.indexOf(worklistGroup(d, isPending(d)))]));
  return [...docs].sort((a, b) => rank.get(a.address)! - rank.get(b.address)! || a.position - b.position);
}

/** What each finding code says, short, for the card; the server's note says the rest. */
const FINDING_LABELS: Record<string, string> = {
  expired: 'Expired',
  expiring_soon: 'Expires soon',
  expiry_date_missing: 'Expiry date not read',
  applicant_not_named: 'Applicant not named',
  name_mismatch: 'Name is not the applicant’s',
  line_removed: 'Its line was removed',
};

export interface Reason {
  /** Short: what kind of thing to look at. */
  label: string;
  /** What to check, in words. */
  note: string;
  kind: 'finding' | 'unsure';
}

/** A type name after "this is": "a payslip", "an ID card", "something else" for the catch-all. */
function typeSaid(name: string): string {
  if (name === OTHER_DOCUMENT) return 'another kind of document than the catalogue’s';
  const said = inSentence(name);
  return `${/^[aeiou]/i.test(said) ? 'an' : 'a'} ${said}`;
}

/** Why a document needs a person: the checks' findings, then what the analyzer is unsure of. */
export function reasonsOf(doc: CaseDocumentDoc, fieldLabel: (field: string) => string, typeName: (docType: string) => string = docTypeName): Reason[] {
  const reasons: Reason[] = findingsOf(doc).map((f) => ({ label: FINDING_LABELS[f.code] ?? f.code.replace(/_/g, ' '), note: f.note, kind: 'finding' }));
  const unsure = unsureOf(doc);
  if (unsure?.type) reasons.push({ label: 'Type unsure', note: `The analyzer is not sure this is ${typeSaid(typeName(doc.document.docType))}.`, kind: 'unsure' });
  if (unsure?.boundary) reasons.push({ label: 'Start unsure', note: 'The analyzer is not sure a new document starts on its first page.', kind: 'unsure' });
  if (unsure !== undefined && unsure.fields.length > 0) {
    reasons.push({ label: 'Values unsure', note: `Check ${unsure.fields.map(fieldLabel).join(', ')}: read with low confidence.`, kind: 'unsure' });
  }
  return reasons;
}
