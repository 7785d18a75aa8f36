/**
 * Text items → lines in reading order. Items whose vertical middles agree form a row; a row is cut
 * into separate lines where a gap wider than a few characters separates them (a label and its
 * value in two table cells stay apart, as the extractor expects); inside a line, a gap wider than
 * a thin space becomes one space. Rows run top to bottom, lines in a row left to right.
 */
import type { PageTextItem } from '../pdf/page-content.js';
import type { TextLine } from '../types.js';

/** A gap this many font sizes wide separates two cells. */
export const CELL_GAP = 2.2;

function joinRow(items: PageTextItem[]): TextLine {
  let text = '';
  let prevEnd = -Infinity;
  for (const it of items) {
    const gap = it.x - prevEnd;
    if (text && gap > it.size * 0.15 && !/\s$/.test(text) && !/^\s/.test(it.str)) text += ' ';
    text += it.str;
    prevEnd = Math.max(prevEnd, it.x + it.w);
  }
  const x = Math.min(...items.map((i) => i.x));
  const y = Math.min(...items.map((i) => i.y));
  const r = Math.max(...items.map((i) => i.x + i.w));
  const b = Math.max(...items.map((i) => i.y + i.h));
  return { text: text.replace(/\s+/g, ' ').trim(), box: { x, y, w: r - x, h: b - y }, confidence: 1 };
}

export function itemsToLines(all: PageTextItem[]): TextLine[] {
  const items = all.filter((i) => i.str.trim() !== '' && Number.isFinite(i.x) && Number.isFinite(i.y));
  const upright = items.filter((i) => i.quarter === 0).sort((a, b) => a.y + a.h / 2 - (b.y + b.h / 2) || a.x - b.x);
  const rows: { mid: number; h: number; items: PageTextItem[] }[] = [];
  for (const it of upright) {
    const mid = it.y + it.h / 2;
    // Rows are few and sorted: only the last rows can still take this item.
    let row: (typeof rows)[number] | undefined;
    for (let k = rows.length - 1; k >= 0 && k >= rows.length - 4; k--) {
      const r = rows[k]!;
      if (Math.abs(r.mid - mid) < Math.max(1, Math.min(r.h, it.h) * 0.5)) {
        row = r;
        break;
      }
    }
    if (row) row.items.push(it);
    else rows.push({ mid, h: it.h, items: [it] });
  }
  const lines: TextLine[] = [];
  for (const row of rows) {
    row.items.sort((a, b) => a.x - b.x);
    let cell: PageTextItem[] = [];
    let cellEnd = -Infinity;
    for (const it of row.items) {
      if (cell.length && it.x - cellEnd > Math.max(it.size, cell[cell.length - 1]!.size) * CELL_GAP) {
        lines.push(joinRow(cell));
        cell = [];
        cellEnd = -Infinity;
      }
      cell.push(it);
      cellEnd = Math.max(cellEnd, it.x + it.w);
    }
    if (cell.length) lines.push(joinRow(cell));
  }
  // Turned text (a margin note, a rotated stamp) is kept, one line per item, after the page's rows.
  for (const it of items.filter((i) => i.quarter !== 0)) lines.push(joinRow([it]));
  return lines.filter((l) => l.text);
}
