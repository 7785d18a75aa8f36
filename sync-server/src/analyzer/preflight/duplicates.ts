/**
 * duplicate_page: a page that repeats an earlier one, exactly or as a re-scan / re-encoding of it.
 * A near-copy must look the same (perceptual hash) *and* say the same: its numbers (dates,
 * amounts, references) nearly all equal and its words mostly equal. Pixels alone cannot tell two
 * consecutive payslips of one employer apart; numbers can.
 */
import type { PreflightFlag } from '../types.js';
import type { PageEvidence } from './evidence.js';
import { overlap } from './tokens.js';
import { visualSimilarity } from './visual-hash.js';

/** Perceptual similarity a near-copy needs (see visual-hash.ts). */
export const NEAR_VISUAL = 0.7;
/** …or, with nothing read on either page to compare, this much. */
export const NEAR_VISUAL_ALONE = 0.9;

/** Shares of digit shingles and of words two readings of one page have in common, at least. */
export const SAME_DIGITS = 0.9;
export const SAME_WORDS = 0.8;

export type DuplicateReason = 'identical' | 'same-text' | 'near-copy';

export function duplicateReason(a: PageEvidence, b: PageEvidence): DuplicateReason | null {
  if (a.failure || b.failure) return null;
  if (a.exactKey === b.exactKey) return 'identical';
  const aText = a.textChars >= 20;
  const bText = b.textChars >= 20;
  if (aText !== bText) return null;
  if (aText && bText) {
    // Text pages: the same words in the same order. A scan behind them must look alike too.
    if (a.textKey !== b.textKey) return null;
    if (a.visual && b.visual && visualSimilarity(a.visual, b.visual) < NEAR_VISUAL) return null;
    return 'same-text';
  }
  if (!a.visual || !b.visual) return null;
  const similarity = visualSimilarity(a.visual, b.visual);
  if (similarity < NEAR_VISUAL) return null;
  const digits = overlap(a.digits, b.digits);
  const words = overlap(a.words, b.words);
  const read = digits.union >= 10 || words.union >= 10;
  if (!read) return similarity >= NEAR_VISUAL_ALONE ? 'near-copy' : null;
  // OCR misreads a digit here and there between two scans of one page; two documents differ in
  // their dates and totals, which moves many shingles.
  if (digits.union >= 10 && digits.common / digits.union < SAME_DIGITS) return null;
  if (words.union >= 10 && words.common / words.union < SAME_WORDS) return null;
  return 'near-copy';
}

const NOTES: Record<DuplicateReason, string> = {
  identical: 'is an exact copy of',
  'same-text': 'repeats the text of',
  'near-copy': 'looks like a re-scan or copy of',
};

/** One flag per repeated page, pointing at the first copy. Blank pages are not compared. */
export function duplicateFlags(pages: readonly PageEvidence[], blank: ReadonlySet<number>): PreflightFlag[] {
  const flags: PreflightFlag[] = [];
  const originals: PageEvidence[] = [];
  for (const p of pages) {
    if (blank.has(p.page)) continue;
    let found: { of: PageEvidence; reason: DuplicateReason } | null = null;
    for (const o of originals) {
      const reason = duplicateReason(o, p);
      if (reason) {
        found = { of: o, reason };
        break;
      }
    }
    if (found) {
      flags.push({
        page: p.page,
        code: 'duplicate_page',
        duplicateOf: found.of.page,
        note: `Page ${p.page} ${NOTES[found.reason]} page ${found.of.page}; it adds nothing and may hide a missing page.`,
      });
    } else originals.push(p);
  }
  return flags;
}
