import { mulberry32 } from '@portal/shared';

/** A seeded generator (mulberry32) and the picking helpers the templates use: same seed, same pages. */
export class Rng {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed >>> 0 || 1);
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)]!;
  }
  shuffle<T>(xs: T[]): T[] {
    for (let i = xs.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [xs[i], xs[j]] = [xs[j]!, xs[i]!];
    }
    return xs;
  }
  some<T>(xs: readonly T[], lo: number, hi: number): T[] {
    return this.shuffle([...xs]).slice(0, this.int(lo, Math.min(hi, xs.length)));
  }
  /** Expands `{a|b|c}` alternatives, nested too: one wording of many. */
  v(s: string): string {
    let out = s;
    for (let guard = 0; guard < 50 && out.includes('{'); guard++) {
      out = out.replace(/\{([^{}]*)\}/g, (_, body: string) => this.pick(body.split('|')));
    }
    return out;
  }
}
