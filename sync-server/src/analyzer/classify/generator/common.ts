import type { Rng } from './rng.js';
import type { Region } from './pools.js';

/** One generated document: its type, its pages (lines of text), and the key data it prints. */
export interface GenDoc {
  docType: string;
  region: Region;
  pages: string[][];
  keyData: Record<string, unknown>;
}

/** A label and its value, laid out one of the ways documents do. */
export function kv(rng: Rng, label: string, value: string, layout?: 'colon' | 'gap' | 'below'): string[] {
  const l = layout ?? rng.pick(['colon', 'gap', 'gap', 'below'] as const);
  if (l === 'colon') return [`${label}: ${value}`];
  if (l === 'gap') return [`${label}    ${value}`];
  return [label, value];
}

/** Page furniture: "Page n of N" and friends, sometimes absent. */
export function pageMark(rng: Rng, n: number, total: number, style: number): string | null {
  switch (style) {
    case 0:
      return `Page ${n} of ${total}`;
    case 1:
      return `${n}/${total}`;
    case 2:
      return `Page ${n}`;
    case 3:
      return `- ${n} -`;
    case 4:
      return `Sheet ${n} of ${total}`;
    case 5:
      return `page ${n} / ${total}`;
    default:
      return null;
  }
}

export function paginate(rng: Rng, pages: string[][], opts: { style?: number; header?: string[] } = {}): string[][] {
  const style = opts.style ?? rng.int(0, 7);
  return pages.map((lines, i) => {
    const mark = pageMark(rng, i + 1, pages.length, style);
    const head = i > 0 && opts.header ? opts.header : [];
    const out = [...head, ...lines];
    if (mark) (rng.chance(0.5) ? out.unshift(mark) : out.push(mark));
    return out;
  });
}

export const money2 = (rng: Rng, lo: number, hi: number) => Math.round((lo + rng.next() * (hi - lo)) * 100) / 100;
