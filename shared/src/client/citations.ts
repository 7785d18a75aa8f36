import type { IntelCitation } from '../contract/briefs.js';

/** A citation a person asked to see: `at` tells two clicks on the same line apart, so each one shows it. */
export interface CitedLine {
  fileId: string;
  page: number;
  /** 0-based, as the server's citations and page lines number them. */
  line: number;
  at: number;
}

/** What holds a cited page now: a listed document, or the pages a junk decision took. */
export interface PageHolder {
  address: string;
  spans: readonly { fileId: string; pages: readonly number[] }[];
}

const holds = (item: PageHolder, c: Pick<IntelCitation, 'fileId' | 'page'>) => item.spans.some((s) => s.fileId === c.fileId && s.pages.includes(c.page));

/**
 * The item of the case page's list that shows a cited page. A brief made before a junk decision
 * keeps citing the pages it took: those open among the junked ones.
 */
export function holderOf<D extends PageHolder, J extends PageHolder>(
  citation: Pick<IntelCitation, 'fileId' | 'page'>,
  documents: readonly D[],
  junked: readonly J[],
): { item: D; junked: false } | { item: J; junked: true } | undefined {
  const listed = documents.find((d) => holds(d, citation));
  if (listed) return { item: listed, junked: false };
  const taken = junked.find((j) => holds(j, citation));
  return taken ? { item: taken, junked: true } : undefined;
}

/** Where a citation points, as people count: "p2 · line 14". */
export const placeOf = (c: Pick<IntelCitation, 'page' | 'line'>) => `p${c.page} · line ${c.line + 1}`;

/** An answer cut at its `[n]` markers: text, and the 1-based citation each marker names. */
export function answerParts(answer: string): ({ text: string } | { cite: number })[] {
  const parts: ({ text: string } | { cite: number })[] = [];
  let at = 0;
  for (const m of answer.matchAll(/\[(\d+)\]/g)) {
    if (m.index > at) parts.push({ text: answer.slice(at, m.index) });
    parts.push({ cite: Number(m[1]) });
    at = m.index + m[0].length;
  }
  if (at < answer.length) parts.push({ text: answer.slice(at) });
  return parts;
}
