/**
 * Text to features for the classifier: words folded (case, accents), numbers reduced to their
 * shape, word pairs, and the character 4-grams of each word (so OCR damage to one letter leaves
 * most of a word's features intact), hashed into a fixed space. Log counts, L2-normalised.
 */

export const HASH_BITS = 18;
const MASK = (1 << HASH_BITS) - 1;

/** FNV-1a over `s[from, to)`, continuing from state `h`: a feature's hash without building its string. */
function fnvFrom(h: number, s: string, from = 0, to = s.length): number {
  for (let i = from; i < to; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h;
}

const FNV_SEED = 0x811c9dc5;
// The state after each kind's prefix: `w:` words, `b:` word pairs, `c:` character 4-grams.
const W = fnvFrom(FNV_SEED, 'w:');
const B = fnvFrom(FNV_SEED, 'b:');
const C = fnvFrom(FNV_SEED, 'c:');
const SPACE = ' '.charCodeAt(0);

export function tokens(text: string): string[] {
  const folded = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss');
  const out: string[] = [];
  for (const m of folded.matchAll(/[a-z]+|\d+|[£$€%<]/g)) {
    const t = m[0];
    if (/^\d/.test(t)) out.push(`#${Math.min(t.length, 6)}`);
    else if (t === '<') {
      if (out[out.length - 1] !== '<') out.push('<');
    } else out.push(t);
  }
  return out;
}

export interface SparseVec {
  idx: Int32Array;
  val: Float32Array;
}

/** Hashed, log-scaled, L2-normalised features of a text. */
export function featurize(text: string): SparseVec {
  const toks = tokens(text);
  const counts = new Map<number, number>();
  const add = (hash: number, w = 1) => {
    const h = (hash >>> 0) & MASK;
    counts.set(h, (counts.get(h) ?? 0) + w);
  };
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    add(fnvFrom(W, t));
    if (i + 1 < toks.length) add(fnvFrom(Math.imul(fnvFrom(B, t) ^ SPACE, 0x01000193), toks[i + 1]!));
    if (t.length >= 5 && /^[a-z]+$/.test(t)) {
      const padded = `^${t}$`;
      for (let k = 0; k + 4 <= padded.length; k++) add(fnvFrom(C, padded, k, k + 4), 0.25);
    }
  }
  const idx = new Int32Array(counts.size);
  const val = new Float32Array(counts.size);
  let n = 0;
  let norm = 0;
  for (const [h, c] of counts) {
    const v = 1 + Math.log(c);
    idx[n] = h;
    val[n] = v;
    norm += v * v;
    n++;
  }
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < n; i++) val[i]! /= norm;
  return { idx, val };
}
