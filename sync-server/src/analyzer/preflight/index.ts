/**
 * Pre-flight: red flags raised on every page before anything is spent on a packet. Pure: takes
 * the evidence gathered while reading, returns flags in page order.
 */
import type { PreflightFlag } from '../types.js';
import { duplicateFlags } from './duplicates.js';
import type { PageEvidence } from './evidence.js';
import { blankFlag, lowDpiFlag, oversizedFlag, unreadableFlag } from './page-flags.js';

export type { InkStats, PageEvidence } from './evidence.js';
export { duplicateReason } from './duplicates.js';
export { isBlank, lowDpiFlag, pageScan, LOW_DPI, COVERS_PAGE } from './page-flags.js';

const ORDER = ['unreadable', 'oversized_page', 'low_dpi', 'blank_page', 'duplicate_page'];

export function preflight(pages: readonly PageEvidence[]): PreflightFlag[] {
  const flags: PreflightFlag[] = [];
  const blank = new Set<number>();
  for (const p of pages) {
    for (const f of [unreadableFlag(p), oversizedFlag(p), lowDpiFlag(p), blankFlag(p)]) {
      if (!f) continue;
      flags.push(f);
      if (f.code === 'blank_page') blank.add(p.page);
    }
  }
  flags.push(...duplicateFlags(pages, blank));
  return flags.sort((a, b) => a.page - b.page || ORDER.indexOf(a.code) - ORDER.indexOf(b.code));
}
