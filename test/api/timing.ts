import { expect } from 'vitest';

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;

/**
 * Asserts that two kinds of request, timed in interleaved pairs (`a[i]` beside `b[i]`), take the
 * same time: the median of the pairs' differences within `max(floorMs, share × the faster
 * median)`. A difference of the pair cancels the drift a busy machine adds to both, and the
 * median drops the odd pause of one; what stays is a difference the server makes between the two.
 */
export function expectSameTiming(a: number[], b: number[], labels: [string, string], opts: { floorMs?: number; share?: number } = {}): void {
  expect(a.length).toBe(b.length);
  const diff = median(a.map((x, i) => x - b[i]!));
  const [ma, mb] = [median(a), median(b)];
  const bound = Math.max(opts.floorMs ?? 2, (opts.share ?? 0.35) * Math.min(ma, mb));
  expect(Math.abs(diff), `${labels[0]} ${ma.toFixed(2)} ms, ${labels[1]} ${mb.toFixed(2)} ms, median difference of pairs ${diff.toFixed(2)} ms`).toBeLessThan(bound);
}
