/**
 * The understanding stages (split, type, extract) run on the event loop: a line no document
 * prints must not buy them work that grows with its length (issue 37). They read each line cut
 * at MAX_READ_LINE_CHARS, with line numbers unchanged.
 */
import { describe, expect, it } from 'vitest';
import type { ParsedPage } from '../src/analyzer/types.js';
import { boundedLines, localAnalyzer, MAX_READ_LINE_CHARS } from '../src/runs/analyzer-adapter.js';

const page = (lines: string[]): ParsedPage => ({
  page: 1,
  width: 595,
  height: 842,
  source: 'text',
  images: [],
  lines: lines.map((text, i) => ({ text, box: { x: 40, y: 40 + i * 14, w: 500, h: 12 }, confidence: 1 })),
});

const timed = (f: () => void) => {
  const t0 = performance.now();
  f();
  return performance.now() - t0;
};

describe('lines as the understanding stages read them', () => {
  it('cuts only the lines past the bound, keeping their place, and leaves ordinary pages as they are', () => {
    const ordinary = [page(['Dear Sir', 'Re: Mr John Smith — employment'])];
    expect(boundedLines(ordinary)).toBe(ordinary);
    const long = 'x'.repeat(MAX_READ_LINE_CHARS * 3);
    const [read] = boundedLines([page(['first', long, 'Net pay £1,234.56'])]);
    expect(read!.lines.map((l) => l.text.length)).toEqual([5, MAX_READ_LINE_CHARS, 17]);
    expect(read!.lines[2]!.text).toBe('Net pay £1,234.56');
  });

  it('an employment letter whose one line repeats "Re " costs the same at 10× its length', () => {
    // `\bRe:?\s[^—–\-\n]*…` scans to the line's end from every "Re ": quadratic in the line.
    const analyzer = localAnalyzer();
    const letter = (n: number) => [page(['Employment confirmation', 'Re '.repeat(n), 'Yours faithfully'])];
    const small = letter(3_000);
    const large = letter(30_000);
    analyzer.extract('employment-letter', small, undefined); // warm
    const a = Math.min(...[0, 1, 2].map(() => timed(() => analyzer.extract('employment-letter', small, undefined))));
    const b = Math.min(...[0, 1, 2].map(() => timed(() => analyzer.extract('employment-letter', large, undefined))));
    // Unbounded, 10× the line is ~100× the time (and seconds); bounded, both read the same 1,000 characters.
    expect(b / Math.max(a, 1)).toBeLessThan(5);
    expect(b).toBeLessThan(1_000);
  });
});
