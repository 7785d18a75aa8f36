/**
 * A document as the extractor sees it: every line of its pages with its box, folded for matching,
 * plus "stacked" lines (a label printed on two short lines, `Account` over `number`), and the
 * layout questions label/value extraction asks: what follows the label on its line, what sits to
 * its right on the same row, what sits below it.
 */
import type { Box, ParsedPage } from '../types.js';
import { type Region, findDates } from './dates.js';
import { currencyOfPlace, documentCurrency } from './money.js';
import { continentalLanguage } from '../language.js';

export interface XLine {
  page: number;
  /** Index into the page's `lines` (the first line of a stacked pair). */
  index: number;
  text: string;
  /** Lower-cased, accents removed, same length as `text`. */
  norm: string;
  box: Box;
  conf: number;
  /** Rank on its page from the top, 0-based. */
  rank: number;
  /** A label printed over two lines: where the second line starts in `text`. */
  stacked?: number;
}

export interface LabelHit {
  line: XLine;
  start: number;
  end: number;
  /** Which of the given patterns matched (0 = the first, most specific). */
  pattern: number;
  /** Matched on an OCR line with one letter wrong, missing or extra (`Date of isue`). */
  fuzzy?: boolean;
}

/** A whole line taken as a label, to ask what stands beside or under it (`rightOf`, `below`). */
export const wholeLine = (line: XLine): LabelHit => ({ line, start: 0, end: line.text.length, pattern: 0 });

/** A label pattern made from plain words (engine.ts `L`): its folded words, for near matches on OCR lines. */
export type LabelPattern = RegExp & { plain?: string };

/** Labels this long or longer are also matched with one OCR error: shorter ones would match other words. */
const FUZZY_MIN = 9;

/**
 * Where `plain` (folded words, single spaces) ends in `text` with at most one letter substituted,
 * dropped or added, starting and ending on word boundaries: shift-and with one error (Wu–Manber).
 * Returns [start, end) in `text`, the start worked out from the pattern's length.
 */
export function nearMatches(plain: string, text: string): [number, number][] {
  const m = plain.length;
  if (m > 31) return [];
  const masks = new Map<string, number>();
  for (let i = 0; i < m; i++) masks.set(plain[i]!, (masks.get(plain[i]!) ?? 0) | (1 << i));
  const goal = 1 << (m - 1);
  const word = (c: string | undefined) => c !== undefined && /[a-z0-9]/.test(c);
  let r0 = 0;
  let r1 = 0;
  const out: [number, number][] = [];
  for (let j = 0; j < text.length; j++) {
    const c = text[j]!;
    const b = masks.get(c) ?? 0;
    const start = word(text[j - 1]) ? 0 : 1;
    const n0 = ((r0 << 1) | start) & b;
    // At a word's start the label's first letter may be the one missing (`revious balance`).
    const n1 = (((r1 << 1) | start | (start << 1)) & b) | (r0 << 1) | start | r0 | (n0 << 1);
    r0 = n0;
    r1 = n1;
    // The label's last letter read right, so a letter added after it (`numbers`) is another word.
    if (r1 & goal && c === plain[m - 1] && !word(text[j + 1])) {
      // The label starts a word: one letter short, the span starts a character early; one extra, a character late.
      let from = Math.max(0, j + 1 - m);
      if (!word(text[from])) from++;
      else if (from > 0 && word(text[from - 1])) from--;
      // The letter OCR got wrong is in a long word: `balance in` is not `balance on`.
      const got = text.slice(from, j + 1).split(/\s+/);
      if (plain.split(' ').every((w) => w.length > 3 || got.some((g) => g.startsWith(w) || g.endsWith(w)))) out.push([from, j + 1]);
    }
  }
  return out;
}

/**
 * Letters with a stroke are letters of their own to Unicode, which NFKD leaves whole: a label
 * written `zapłaty`, `beløp` or `đến` folds as its plain spelling would.
 */
const STROKED: Record<string, string> = { ł: 'l', ø: 'o', đ: 'd', ħ: 'h', ı: 'i', ŧ: 't', ƶ: 'z' };

/** One character in, one character out: lower case without accents, so offsets stay valid. */
export function fold(s: string): string {
  let out = '';
  for (const ch of s) {
    const lower = ch.toLowerCase();
    const f = STROKED[lower] ?? lower.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
    out += f.length === 1 ? f : (f[0] ?? ' ');
    if (ch.length === 2) out += ' ';
  }
  return out;
}

const cy = (b: Box) => b.y + b.h / 2;

export class DocView {
  readonly lines: XLine[];
  readonly pages: ParsedPage[];
  readonly region: Region;
  readonly currency: string | undefined;
  private readonly byPage = new Map<number, XLine[]>();

  constructor(pages: ParsedPage[], opts: { region?: Region } = {}) {
    this.pages = pages;
    const lines: XLine[] = [];
    for (const p of pages) {
      const sorted = p.lines
        .map((l, index) => ({ l, index }))
        .filter(({ l }) => l.text.trim())
        .sort((a, b) => a.l.box.y - b.l.box.y || a.l.box.x - b.l.box.x);
      const own: XLine[] = sorted.map(({ l, index }, rank) => ({ page: p.page, index, text: l.text, norm: fold(l.text), box: l.box, conf: l.confidence, rank }));
      // A label printed over two short lines at the same left edge reads as one stacked line.
      for (const a of own) {
        if (a.text.length > 22 || /\d/.test(a.text)) continue;
        const b = own.find((o) => o !== a && Math.abs(o.box.x - a.box.x) < 4 && o.box.y > a.box.y && o.box.y - (a.box.y + a.box.h) < a.box.h * 1.2 && o.text.length <= 22 && !/\d/.test(o.text));
        if (!b) continue;
        const text = `${a.text} ${b.text}`;
        const x = Math.min(a.box.x, b.box.x);
        const box = { x, y: a.box.y, w: Math.max(a.box.x + a.box.w, b.box.x + b.box.w) - x, h: b.box.y + b.box.h - a.box.y };
        own.push({ page: p.page, index: a.index, text, norm: fold(text), box, conf: Math.min(a.conf, b.conf), rank: a.rank, stacked: a.text.length + 1 });
      }
      this.byPage.set(p.page, own);
      lines.push(...own);
    }
    this.lines = lines;
    const texts = lines.filter((l) => !l.stacked).map((l) => l.text);
    this.currency = documentCurrency(texts) ?? currencyOfPlace(texts);
    this.region = opts.region ?? detectRegion(texts, this.currency);
  }

  /** 0 for the document's first page, 1 for its second … */
  pageIndex(page: number): number {
    const i = this.pages.findIndex((p) => p.page === page);
    return i < 0 ? 0 : i;
  }

  pageLines(page: number): XLine[] {
    return this.byPage.get(page) ?? [];
  }

  /** Real (not stacked) lines of a page, top to bottom. */
  plain(page?: number): XLine[] {
    return (page === undefined ? this.lines : this.pageLines(page)).filter((l) => !l.stacked);
  }

  /** Every place a label pattern (on folded text) matches, most specific pattern first. */
  findLabels(patterns: LabelPattern[]): LabelHit[] {
    const hits: LabelHit[] = [];
    patterns.forEach((re, pattern) => {
      const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
      const near = re.plain && re.plain.replace(/ /g, '').length >= FUZZY_MIN ? re.plain : null;
      for (const line of this.lines) {
        g.lastIndex = 0;
        let found = false;
        for (let m = g.exec(line.norm); m; m = g.exec(line.norm)) {
          // On a stacked line only a label that runs across both lines counts.
          const crosses = !line.stacked || (m.index < line.stacked - 1 && m.index + m[0].length > line.stacked);
          if (crosses) hits.push({ line, start: m.index, end: m.index + m[0].length, pattern });
          found = true;
          if (!m[0].length) g.lastIndex++;
        }
        // OCR misreads a letter of a long label (`Date of isue`, `Acount number`): one is forgiven.
        if (near && !found && line.conf < 1 && !line.stacked) {
          for (const [start, end] of nearMatches(near, line.norm)) hits.push({ line, start, end, pattern, fuzzy: true });
        }
      }
    });
    return hits.sort((a, b) => a.pattern - b.pattern || this.pageIndex(a.line.page) - this.pageIndex(b.line.page) || a.line.rank - b.line.rank);
  }

  /** Text on the label's own line after it, separators trimmed. */
  after(hit: LabelHit): string {
    return hit.line.text.slice(hit.end).replace(/^[\s:;.\-–—=|]+/, '').trim();
  }

  /** Lines on the label's row, to its right, nearest first. */
  rightOf(hit: LabelHit): XLine[] {
    const b = hit.line.box;
    const mid = cy(b);
    const labelEnd = b.x + (b.w * hit.end) / Math.max(1, hit.line.text.length);
    return this.pageLines(hit.line.page)
      .filter((l) => l !== hit.line && !l.stacked && Math.abs(cy(l.box) - mid) <= Math.max(5, 0.75 * Math.max(b.h, l.box.h) + 2) && l.box.x >= labelEnd - 2)
      .sort((a, c) => a.box.x - c.box.x);
  }

  /**
   * A line of a row that lies under another label of the row is that label's value (a form's
   * answer under the next label, half a line lower), not a cell of the row. Under a value, it is
   * a column's next figure, and stays.
   */
  underRowLabel(l: XLine, row: readonly XLine[]): boolean {
    return row.some((o) => o !== l && !/\d/.test(o.text) && l.box.y > o.box.y + o.box.h * 0.5 && l.box.x < o.box.x + o.box.w && l.box.x + l.box.w > o.box.x);
  }

  /** Lines just below the label, overlapping it horizontally, nearest first. */
  below(hit: LabelHit, maxLines = 3): XLine[] {
    const b = hit.line.box;
    const step = Math.max(b.h, 8);
    return this.pageLines(hit.line.page)
      .filter((l) => !l.stacked && l.box.y > b.y + b.h * 0.6 && l.box.y - (b.y + b.h) < step * 2.6 && l.box.x < b.x + b.w && l.box.x + l.box.w > b.x - 4)
      .sort((a, c) => a.box.y - c.box.y || Math.abs(a.box.x - b.x) - Math.abs(c.box.x - b.x))
      .slice(0, maxLines);
  }

  /** A value line and the lines that continue it below at the same left edge (wrapped text). */
  block(line: XLine, maxLines = 4): XLine[] {
    const out = [line];
    let cur = line;
    for (let i = 1; i < maxLines; i++) {
      const next = this.pageLines(line.page).find(
        (l) => !l.stacked && l !== cur && Math.abs(l.box.x - line.box.x) < 6 && l.box.y > cur.box.y + cur.box.h * 0.5 && l.box.y - (cur.box.y + cur.box.h) < cur.box.h * 1.1,
      );
      if (!next) break;
      out.push(next);
      cur = next;
    }
    return out;
  }
}

const US_STATE =
  /\b(?:State of|Commonwealth of|laws of the State of)\s+(?:Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Georgia|Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|New Hampshire|New Jersey|New Mexico|New York|North Carolina|North Dakota|Ohio|Oklahoma|Oregon|Pennsylvania|Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|Vermont|Virginia|Washington|West Virginia|Wisconsin|Wyoming)\b|\bU\.S\.A?\b|\bUnited States\b/;


/** The document's region: by its currency, else by the order its numeric dates betray. */
export function detectRegion(texts: string[], currency: string | undefined): Region {
  let dmy = 0;
  let mdy = 0;
  for (const t of texts) {
    for (const m of t.matchAll(/\b(\d{1,2})\/(\d{1,2})\/(\d{2,4})\b/g)) {
      if (+m[1]! > 12) dmy++;
      else if (+m[2]! > 12) mdy++;
    }
  }
  if (mdy > dmy) return 'US';
  const joined = texts.join('\n');
  // A US document without dollars or telling dates: a US state, a ZIP code after its abbreviation.
  if (!dmy && (US_STATE.test(joined) || /\b[A-Z]{2} \d{5}(?:-\d{4})?\b/.test(joined)) && currency !== 'GBP' && currency !== 'EUR') return 'US';
  // A document in a continental language is European whatever its dates look like (a French
  // payslip prints 29/03/2023 like a British one, and its amounts are in euros).
  if (currency !== 'GBP' && currency !== 'USD' && continentalLanguage(joined)) return 'EU';
  if (dmy > mdy) return currency === 'EUR' ? 'EU' : 'UK';
  if (currency === 'USD') return 'US';
  if (currency === 'EUR') return 'EU';
  const all = texts.join('\n');
  if (/\b[A-Z]{2} \d{5}(?:-\d{4})?\b/.test(all) && /\b(USA|U\.S\.|United States)\b/i.test(all)) return 'US';
  return 'UK';
}

export function hasDate(text: string, region: Region): boolean {
  return findDates(text, { region }).length > 0;
}
