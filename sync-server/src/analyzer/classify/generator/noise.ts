/**
 * OCR-like damage for training pages: look-alike characters, dropped and merged letters, stray
 * marks and lost lines, so the classifier does not depend on clean text.
 */
import type { Rng } from './rng.js';

const SUBS: Record<string, string[]> = {
  l: ['1', 'I', '|'], I: ['l', '1', '|'], '1': ['l', 'I'], O: ['0', 'Q', 'D'], o: ['0', 'a', 'e'], '0': ['O', 'o'],
  S: ['5', '$'], s: ['5'], '5': ['S'], B: ['8', '3'], '8': ['B'], e: ['c', 'o'], c: ['e'], a: ['o', 'e'], m: ['rn', 'nn'],
  n: ['ri', 'h'], h: ['b', 'n'], u: ['v', 'n'], rn: ['m'], ',': ['.'], '.': [',', ''], '£': ['E', 'f', '£'], '€': ['E', 'C'], t: ['f', 'l'], i: ['l', 'j'],
};
const JUNK = ['|', '—', '=', 'ee', '~', '_', "'", '»', 'i', '.', ':'];

export function ocrNoise(rng: Rng, pages: string[][], level: number): string[][] {
  return pages.map((lines) => {
    const out: string[] = [];
    for (const line of lines) {
      if (rng.chance(level * 1.5)) continue;
      let s = '';
      for (let i = 0; i < line.length; i++) {
        const ch = line[i]!;
        const r = rng.next();
        if (r < level && SUBS[ch]) s += rng.pick(SUBS[ch]!);
        else if (r < level * 1.3) continue;
        else if (r < level * 1.5 && ch === ' ') continue;
        else s += ch;
      }
      if (rng.chance(level * 2)) s = `${rng.pick(JUNK)} ${s}`;
      if (rng.chance(level)) s = `${s} ${rng.pick(JUNK)}`;
      out.push(s);
    }
    if (rng.chance(level * 3)) out.push(rng.pick(JUNK) + rng.pick(JUNK));
    return out;
  });
}
