/**
 * What a page looks like, as a vector an organization's examples can be compared by. Unlike the
 * base classifier's features (which weigh what a document is about), these weigh the template:
 * the words each line starts with (its label) at its height on the page, and the words and word
 * pairs of the page with numbers reduced to a placeholder. Two documents of one issuer's layout
 * share nearly all of them even when every value differs; a document of another layout does not.
 * Hashed into a fixed space, log counts, L2-normalised. Our own (not classify/features.ts): the
 * base classifier may change its features without moving what an organization has learned.
 */

/** The page as learning reads it: analyzer pages and the stored `application_pages` rows both fit. */
export interface LearnPage {
  /** The page's number in its file, when known (provenance names it). */
  page?: number;
  width: number;
  height: number;
  lines: readonly { text: string; box: { x: number; y: number; w: number; h: number } }[];
}

/** A sparse vector, indices ascending. */
export interface Vec {
  idx: number[];
  val: number[];
}

const BITS = 18;
const MASK = (1 << BITS) - 1;
/** Pages of a document read for its layout: a template shows on its first pages. */
export const LAYOUT_PAGES = 3;

function fnv(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Lower case, accents off. */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss');
}

/** Words and numbers of a text, numbers as `#`. */
export function tokens(text: string): string[] {
  return [...fold(text).matchAll(/[a-z]+|\d+/g)].map((m) => (/^\d/.test(m[0]) ? '#' : m[0]));
}

/** The letters-only words of a text: what a label is made of (values carry digits or come after it). */
export function labelWords(text: string): string[] {
  return [...fold(text).matchAll(/[a-z]+/g)].map((m) => m[0]);
}

/** The layout vector of a document: its first pages. */
export function layoutVector(pages: readonly LearnPage[]): Vec {
  const counts = new Map<number, number>();
  const add = (f: string, w: number) => {
    const h = fnv(f) & MASK;
    counts.set(h, (counts.get(h) ?? 0) + w);
  };
  pages.slice(0, LAYOUT_PAGES).forEach((page, p) => {
    for (const line of page.lines) {
      const toks = tokens(line.text);
      if (toks.length === 0) continue;
      for (let i = 0; i < toks.length; i++) {
        if (toks[i]!.length > 1 || toks[i] === '#') add(`w:${toks[i]}`, 1);
        if (i + 1 < toks.length) add(`b:${toks[i]} ${toks[i + 1]}`, 1);
      }
      // The line's head (its label, or a letterhead) in its band of the page: the template itself.
      const band = Math.min(7, Math.max(0, Math.floor((line.box.y / (page.height || 1)) * 8)));
      add(`h:${p}:${band}:${toks.slice(0, 3).join(' ')}`, 1.5);
    }
  });
  const idx = [...counts.keys()].sort((a, b) => a - b);
  const val = idx.map((i) => 1 + Math.log(counts.get(i)!));
  const norm = Math.sqrt(val.reduce((s, v) => s + v * v, 0)) || 1;
  return { idx, val: val.map((v) => +(v / norm).toFixed(5)) };
}

/** Cosine of two normalised vectors (their dot product), 0 to 1. */
export function cosine(a: Vec, b: Vec): number {
  let i = 0;
  let j = 0;
  let s = 0;
  while (i < a.idx.length && j < b.idx.length) {
    const x = a.idx[i]!;
    const y = b.idx[j]!;
    if (x === y) s += a.val[i++]! * b.val[j++]!;
    else if (x < y) i++;
    else j++;
  }
  return Math.min(1, Math.max(0, s));
}
