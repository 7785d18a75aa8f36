import type { ParsedPage } from '../../analyzer/types.js';

/** A line of text on a page: top-left corner in points from the page's top-left, size in points. */
export interface TextLineSpec {
  text: string;
  x: number;
  y: number;
  size: number;
}

const A4 = { width: 595.28, height: 841.89 };

/** Helvetica's average advance, as a share of the size: enough for a line's box. */
const ADVANCE = 0.52;

const escape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');

/**
 * A PDF of text pages in Helvetica, written by hand (the server has no PDF writer of its own), and
 * the pages as parse reads them: the same lines, with their boxes.
 */
export function textPdf(pages: readonly TextLineSpec[][]): { bytes: Uint8Array; parsed: ParsedPage[] } {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  const catalog = add('');
  const tree = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const kids: number[] = [];
  for (const lines of pages) {
    const content = lines.map((l) => `BT /F1 ${l.size} Tf ${l.x.toFixed(2)} ${(A4.height - l.y - l.size).toFixed(2)} Td (${escape(l.text)}) Tj ET`).join('\n');
    const stream = add(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
    kids.push(add(`<< /Type /Page /Parent ${tree} 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${stream} 0 R >>`));
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${tree} 0 R >>`;
  objects[tree - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let out = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const parsed: ParsedPage[] = pages.map((lines, i) => ({
    page: i + 1,
    width: A4.width,
    height: A4.height,
    source: 'text',
    lines: [...lines]
      .sort((a, b) => a.y - b.y || a.x - b.x)
      .map((l) => ({ text: l.text, box: { x: l.x, y: l.y, w: l.text.length * l.size * ADVANCE, h: l.size }, confidence: 1 })),
    images: [],
  }));
  return { bytes: new Uint8Array(Buffer.from(out, 'latin1')), parsed };
}
