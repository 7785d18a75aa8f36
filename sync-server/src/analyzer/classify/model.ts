/**
 * Multinomial logistic regression over hashed features: trained at build time on generated pages
 * (scripts/build-analyzer-model.ts), stored sparse as JSON, applied here.
 */
import { type SparseVec, featurize } from './features.js';

export interface ModelJson {
  version: 1;
  seed: number;
  classes: string[];
  hashBits: number;
  bias: number[];
  /** feature index → weights per class, scaled by `scale` and rounded to integers. */
  weights: Record<string, number[]>;
  scale: number;
}

export class TypeModel {
  readonly classes: string[];
  private readonly bias: Float64Array;
  /** Hashed feature → its row in `w` (rows of `classes.length` weights), or −1: a flat table, read per page. */
  private readonly row: Int32Array;
  private readonly w: Float32Array;

  constructor(json: ModelJson) {
    this.classes = json.classes;
    this.bias = Float64Array.from(json.bias);
    const n = json.classes.length;
    const entries = Object.entries(json.weights);
    this.row = new Int32Array(1 << json.hashBits).fill(-1);
    this.w = new Float32Array(entries.length * n);
    entries.forEach(([k, ws], r) => {
      this.row[Number(k)] = r * n;
      for (let c = 0; c < n; c++) this.w[r * n + c] = ws[c]! / json.scale;
    });
  }

  /** Class probabilities of a text, in `classes` order. */
  predict(text: string): number[] {
    return this.predictVec(featurize(text));
  }

  predictVec(x: SparseVec): number[] {
    const n = this.classes.length;
    const z = Array.from(this.bias);
    const { row, w } = this;
    for (let i = 0; i < x.idx.length; i++) {
      const base = row[x.idx[i]!]!;
      if (base < 0) continue;
      const v = x.val[i]!;
      for (let c = 0; c < n; c++) z[c]! += w[base + c]! * v;
    }
    return softmax(z);
  }
}

export function softmax(z: number[]): number[] {
  const m = Math.max(...z);
  const e = z.map((v) => Math.exp(v - m));
  const s = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / s);
}

export interface TrainOptions {
  epochs: number;
  lr: number;
  l2: number;
  seed: number;
}

/** Trains weights with AdaGrad over shuffled examples; deterministic for a seed. */
export function train(xs: SparseVec[], ys: number[], nClasses: number, hashBits: number, o: TrainOptions): { bias: number[]; w: Float32Array } {
  const dim = 1 << hashBits;
  const w = new Float32Array(dim * nClasses);
  const g2 = new Float32Array(dim * nClasses);
  const bias = new Float64Array(nClasses);
  const bg2 = new Float64Array(nClasses);
  const order = xs.map((_, i) => i);
  let s = o.seed >>> 0 || 1;
  const rnd = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
  const z = new Float64Array(nClasses);
  for (let epoch = 0; epoch < o.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const k of order) {
      const x = xs[k]!;
      const y = ys[k]!;
      for (let c = 0; c < nClasses; c++) z[c] = bias[c]!;
      for (let i = 0; i < x.idx.length; i++) {
        const base = x.idx[i]! * nClasses;
        const v = x.val[i]!;
        for (let c = 0; c < nClasses; c++) z[c]! += w[base + c]! * v;
      }
      let m = -Infinity;
      for (let c = 0; c < nClasses; c++) m = Math.max(m, z[c]!);
      let sum = 0;
      for (let c = 0; c < nClasses; c++) {
        z[c] = Math.exp(z[c]! - m);
        sum += z[c]!;
      }
      for (let c = 0; c < nClasses; c++) {
        const g = z[c]! / sum - (c === y ? 1 : 0);
        bg2[c]! += g * g;
        bias[c]! -= (o.lr * g) / Math.sqrt(bg2[c]! + 1e-8);
        if (Math.abs(g) < 1e-4) continue;
        for (let i = 0; i < x.idx.length; i++) {
          const p = x.idx[i]! * nClasses + c;
          const gw = g * x.val[i]! + o.l2 * w[p]!;
          g2[p]! += gw * gw;
          w[p]! -= (o.lr * gw) / Math.sqrt(g2[p]! + 1e-8);
        }
      }
    }
  }
  return { bias: Array.from(bias), w };
}

/** Keeps the weights that matter, as integers, for a compact JSON model. */
export function toJson(classes: string[], hashBits: number, seed: number, bias: number[], w: Float32Array, threshold: number): ModelJson {
  const n = classes.length;
  const scale = 1000;
  const weights: Record<string, number[]> = {};
  for (let f = 0; f < 1 << hashBits; f++) {
    let keep = false;
    for (let c = 0; c < n; c++) if (Math.abs(w[f * n + c]!) >= threshold) keep = true;
    if (!keep) continue;
    weights[f] = Array.from({ length: n }, (_, c) => Math.round(w[f * n + c]! * scale));
  }
  return { version: 1, seed, classes, hashBits, bias: bias.map((b) => Math.round(b * 1e4) / 1e4), weights, scale };
}
