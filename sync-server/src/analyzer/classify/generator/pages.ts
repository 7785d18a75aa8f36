import type { ParsedPage, TextLine } from '../../types.js';

/**
 * Generated lines laid out as parsed pages (A4, one line every 14 pt), for tests and tools. A run
 * of three or more spaces separates cells, as a reader cuts a row at a column gap.
 */
export function toParsedPages(pages: string[][], firstPage = 1): ParsedPage[] {
  return pages.map((lines, i) => {
    const out: TextLine[] = [];
    lines
      .filter((t) => t.trim())
      .forEach((text, k) => {
        let x = 50;
        for (const cell of text.split(/\s{3,}/)) {
          out.push({ text: cell, box: { x, y: 40 + k * 14, w: Math.min(500, cell.length * 5), h: 10 }, confidence: 1 });
          x = Math.max(x + cell.length * 5 + 30, 250);
        }
      });
    return { page: firstPage + i, width: 595, height: 842, source: 'text' as const, images: [], lines: out };
  });
}
