/**
 * What a single page says about where it sits in a document: its page number ("Page 2 of 3",
 * "2/3", "- 2 -", OCR's "Page 2 of S"), continuation words ("brought forward", "continued"),
 * its header, its identifiers, and the shape of its lines (digits masked) for telling a repeated
 * template (two payslips) from the pages of one document.
 */
import type { ParsedPage, TextLine } from '../types.js';

export interface PageNumber {
  k: number;
  n?: number;
}

const DIGITISH: Record<string, string> = { S: '5', s: '5', '§': '5', O: '0', o: '0', l: '1', I: '1', i: '1', '|': '1', Z: '2', z: '2', B: '8', g: '9' };
const num = (s: string) => Number([...s].map((c) => DIGITISH[c] ?? c).join(''));
const NUM = '([0-9SsOolIi|§Zz]{1,3})';

const PATTERNS: { re: RegExp; needsMargin: boolean }[] = [
  { re: new RegExp(`\\b(?:page|pg\\.?|seite|página|pagina|sheet|blatt|feuille)\\s*${NUM}\\s*(?:of|/|von|de|di|sur|van|z)\\s*${NUM}\\b`, 'i'), needsMargin: false },
  { re: new RegExp(`^\\s*${NUM}\\s*(?:/|of)\\s*${NUM}\\s*$`, 'i'), needsMargin: true },
  { re: /^\s*[-–—]\s*(\d{1,3})\s*[-–—]\s*$/, needsMargin: true },
  { re: /\b(?:page|seite|página|pagina)\s+(\d{1,3})\b(?!\s*(?:of|\/|von|de))/i, needsMargin: true },
];

/** The page's own number, read from its margins (or any line for the explicit "Page k of n"). */
export function pageNumber(page: ParsedPage): PageNumber | undefined {
  const h = page.height || 842;
  for (const line of page.lines) {
    const t = line.text.trim();
    if (t.length > 90) continue;
    const inMargin = line.box.y < h * 0.14 || line.box.y + line.box.h > h * 0.86 || t.length < 28;
    for (const p of PATTERNS) {
      if (p.needsMargin && !inMargin) continue;
      const m = p.re.exec(t);
      if (!m) continue;
      const k = num(m[1]!);
      const n = m[2] !== undefined ? num(m[2]) : undefined;
      if (!Number.isFinite(k) || k < 1 || k > 200) continue;
      if (n !== undefined && (!Number.isFinite(n) || n < k || n > 200)) continue;
      // "1/2" alone could be a fraction or a date part: only a clear n ≥ k on a short line counts.
      return n !== undefined ? { k, n } : { k };
    }
  }
  return undefined;
}

const CONTINUATION = /\b(brought forward|carried forward|balance forward|continued|cont(?:inued|'d|\.)? from|übertrag|report à nouveau|suite|continuación)\b|\(continued\)/i;

export function hasContinuationWords(page: ParsedPage): boolean {
  const h = page.height || 842;
  return page.lines.some((l) => l.box.y < h * 0.4 && CONTINUATION.test(l.text));
}

/** A line's shape: digits and amounts masked, case folded, so two pages of one template compare equal. */
export function shape(text: string): string {
  return text
    .toLowerCase()
    .replace(/\d[\d.,/:\- ]*/g, '#')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The set of line shapes of a page (labels survive, values mostly vanish). */
export function shapes(page: ParsedPage): Set<string> {
  const out = new Set<string>();
  for (const l of page.lines) {
    const s = shape(l.text);
    if (s.length >= 3 && /[a-z]{3}/.test(s)) out.add(s);
  }
  return out;
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  if (!a.size || !b.size) return 0;
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / (a.size + b.size - inter);
}

/** Identifiers: long digit runs, IBAN-like and reference-like tokens. */
export function identifiers(page: ParsedPage): Set<string> {
  const out = new Set<string>();
  for (const l of page.lines) {
    for (const m of l.text.matchAll(/\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,7}\b|\b\d{6,}\b|\b[A-Z]{1,4}\d{5,}[A-Z]?\b/g)) out.add(m[0].replace(/\s/g, ''));
  }
  return out;
}

/** The top lines of a page (letterhead, title), shapes only. */
export function headerShapes(page: ParsedPage, count = 3): string[] {
  const lines = [...page.lines].filter((l) => /[A-Za-z]{3}/.test(l.text)).sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
  return lines.slice(0, count).map((l) => shape(l.text));
}

export function pageText(page: ParsedPage): string {
  return page.lines.map((l: TextLine) => l.text).join('\n');
}

/** Same text (a re-scan or a copy). */
export function sameText(a: ParsedPage, b: ParsedPage): boolean {
  const ta = pageText(a).replace(/\s+/g, '');
  const tb = pageText(b).replace(/\s+/g, '');
  return ta.length > 20 && ta === tb;
}
