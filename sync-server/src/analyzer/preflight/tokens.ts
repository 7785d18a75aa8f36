/**
 * The page's numbers and words, as pre-flight compares them: two payslips of one employer share a
 * template, so their words and pixels agree; their numbers don't.
 */

/**
 * Each line's digits run together (OCR spaces digit groups as it pleases: "12 34 56" or
 * "12 3456"), cut into overlapping 4-digit shingles; a line with 2–3 digits is one token. One
 * misread digit changes a few shingles; another month's dates and totals change many.
 */
export function pageDigits(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const digits = line.replace(/\D/g, '');
    if (digits.length < 2) continue;
    if (digits.length < 4) out.push(`#${digits}`);
    else for (let i = 0; i + 4 <= digits.length; i++) out.push(digits.slice(i, i + 4));
  }
  return out;
}

export function pageWords(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (const line of lines) for (const m of line.toLowerCase().matchAll(/\p{L}{4,}/gu)) out.push(m[0]);
  return out;
}

function counts(xs: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1);
  return m;
}

/** Multiset intersection and union sizes. */
export function overlap(a: readonly string[], b: readonly string[]): { common: number; union: number } {
  const ca = counts(a);
  const cb = counts(b);
  let common = 0;
  for (const [k, n] of ca) common += Math.min(n, cb.get(k) ?? 0);
  return { common, union: a.length + b.length - common };
}
