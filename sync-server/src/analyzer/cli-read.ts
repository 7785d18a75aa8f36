/**
 * A minimal text-layer reader for the CLI, used only when the reading half (analyzer/pool) is not
 * available: pdf.js text items merged into lines, a line cut in two where a gap wider than a few
 * characters separates columns (label | value cells keep apart, as the extractor expects).
 * No OCR, no pre-flight: pages without a text layer come back with source 'none'.
 */
import { readFile } from 'node:fs/promises';
import type { ParsedPage, TextLine } from './types.js';

interface Item {
  str: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

export function itemsToLines(items: Item[]): TextLine[] {
  const sorted = items.filter((i) => i.str.trim() !== '').sort((a, b) => a.y - b.y || a.x - b.x);
  const rows: Item[][] = [];
  for (const it of sorted) {
    const row = rows.find((r) => {
      const ref = r[0]!;
      return Math.abs(ref.y + ref.h / 2 - (it.y + it.h / 2)) < Math.max(2, Math.min(ref.h, it.h) * 0.5);
    });
    if (row) row.push(it);
    else rows.push([it]);
  }
  const lines: TextLine[] = [];
  for (const row of rows) {
    row.sort((a, b) => a.x - b.x);
    let cur: Item[] = [];
    const flush = () => {
      if (!cur.length) return;
      let text = '';
      let prevEnd = -Infinity;
      for (const it of cur) {
        const gap = it.x - prevEnd;
        if (text && gap > it.h * 0.15 && !/\s$/.test(text) && !/^\s/.test(it.str)) text += ' ';
        text += it.str;
        prevEnd = it.x + it.w;
      }
      const x = Math.min(...cur.map((i) => i.x));
      const y = Math.min(...cur.map((i) => i.y));
      const r = Math.max(...cur.map((i) => i.x + i.w));
      const b = Math.max(...cur.map((i) => i.y + i.h));
      lines.push({ text: text.replace(/\s+/g, ' ').trim(), box: { x, y, w: r - x, h: b - y }, confidence: 1 });
      cur = [];
    };
    for (const it of row) {
      const last = cur[cur.length - 1];
      if (last && it.x - (last.x + last.w) > Math.max(it.h, last.h) * 2.2) flush();
      cur.push(it);
    }
    flush();
  }
  return lines
    .filter((l) => l.text)
    .sort((a, b) => {
      const dy = a.box.y + a.box.h / 2 - (b.box.y + b.box.h / 2);
      return Math.abs(dy) < Math.min(a.box.h, b.box.h) * 0.5 ? a.box.x - b.box.x : dy;
    });
}

export async function readTextLayer(file: string): Promise<ParsedPage[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const data = new Uint8Array(await readFile(file));
  const doc = await pdfjs.getDocument({ data, verbosity: 0, isEvalSupported: false, useSystemFonts: false }).promise;
  const pages: ParsedPage[] = [];
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const vp = page.getViewport({ scale: 1 });
      const tc = await page.getTextContent();
      const items: Item[] = [];
      for (const raw of tc.items) {
        if (!('str' in raw)) continue;
        const [a, b, , d, e, f] = raw.transform as number[];
        const size = Math.hypot(a!, b!) || Math.abs(d!) || raw.height;
        const [vx, vy] = vp.convertToViewportPoint(e!, f!) as [number, number];
        items.push({ str: raw.str, x: vx, y: vy - size, w: raw.width, h: size });
      }
      const lines = itemsToLines(items);
      pages.push({ page: n, width: vp.width, height: vp.height, source: lines.length ? 'text' : 'none', lines, images: [] });
      page.cleanup();
    }
  } finally {
    await doc.destroy();
  }
  return pages;
}
