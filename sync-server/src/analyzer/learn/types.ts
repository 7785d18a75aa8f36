/**
 * Document types as an organization's people gave them: every approval into a line of a type
 * (confirming the classifier, or changing its mind) is an example of that type with the
 * document's layout. A document close to examples (the same template: near neighbours by layout
 * vector) has the examples' type blended into the base classifier's probabilities, as strongly
 * as the neighbours are close and agree; a document like none of them is left as it was read.
 */
import { cosine, type Vec } from './features.js';

export interface TypeExample {
  docType: string;
  layout: Vec;
}

/** Least layout similarity for an example to be a neighbour. */
export const TYPE_LAYOUT_MIN = 0.55;
/** Similarity at which a neighbour counts fully. */
const TYPE_LAYOUT_FULL = 0.8;
const NEIGHBOURS = 5;

export interface TypeVote {
  docType: string;
  /** How much of the probability mass the examples take, 0 to 1. */
  weight: number;
  /** The closest neighbour's similarity. */
  similarity: number;
  /** Neighbours of that type. */
  support: number;
}

/** What the nearest examples say a document of layout `layout` is, or null when none is close. */
export function typeVote(layout: Vec, examples: readonly TypeExample[], offered?: ReadonlySet<string>): TypeVote | null {
  const near = examples
    .filter((e) => !offered || offered.has(e.docType))
    .map((e) => ({ e, s: cosine(layout, e.layout) }))
    .filter((n) => n.s >= TYPE_LAYOUT_MIN)
    .sort((a, b) => b.s - a.s)
    .slice(0, NEIGHBOURS);
  if (near.length === 0) return null;
  const score = new Map<string, { sum: number; n: number; best: number }>();
  for (const { e, s } of near) {
    const v = score.get(e.docType) ?? { sum: 0, n: 0, best: 0 };
    v.sum += s;
    v.n += 1;
    v.best = Math.max(v.best, s);
    score.set(e.docType, v);
  }
  const total = [...score.values()].reduce((t, v) => t + v.sum, 0);
  const [docType, top] = [...score.entries()].sort((a, b) => b[1].sum - a[1].sum)[0]!;
  // One close example takes half the mass, two three quarters, three seven eighths; a weaker
  // layout match or neighbours that disagree take less.
  const closeness = Math.min(1, (top.best - TYPE_LAYOUT_MIN) / (TYPE_LAYOUT_FULL - TYPE_LAYOUT_MIN));
  const weight = closeness * (top.sum / total) * (1 - 0.5 ** top.n);
  return weight > 0 ? { docType, weight: +weight.toFixed(4), similarity: +top.best.toFixed(4), support: top.n } : null;
}

/** Probabilities with a vote blended in: (1 − w)·p + w for the voted type. */
export function blendTypes(probs: Readonly<Record<string, number>>, vote: TypeVote | null): Record<string, number> {
  if (!vote) return { ...probs };
  const out: Record<string, number> = {};
  for (const [k, p] of Object.entries(probs)) out[k] = p * (1 - vote.weight);
  out[vote.docType] = (out[vote.docType] ?? 0) + vote.weight;
  return out;
}
