/**
 * Confidence that means something: a value given at 0.8 should be right about 80 % of the time.
 * The analyzer's raw scores (the classifier's probability, a boundary's evidence, a field's
 * reading score) are mapped through curves fitted on the development corpora (`npm run eval`
 * prints the reliability of each and its expected calibration error), and what falls under
 * `NEEDS_REVIEW_BELOW` (shared/src/review.ts) is marked for a person first.
 */

export interface Observation {
  confidence: number;
  right: boolean;
}

export interface ReliabilityBin {
  from: number;
  to: number;
  count: number;
  /** Mean confidence in the bin. */
  confidence: number;
  /** Share of the bin that was right. */
  accuracy: number;
}

export function reliabilityTable(obs: readonly Observation[], bins = 10): ReliabilityBin[] {
  const out: ReliabilityBin[] = Array.from({ length: bins }, (_, i) => ({ from: i / bins, to: (i + 1) / bins, count: 0, confidence: 0, accuracy: 0 }));
  for (const o of obs) {
    const b = out[Math.min(bins - 1, Math.max(0, Math.floor(o.confidence * bins)))]!;
    b.count++;
    b.confidence += o.confidence;
    b.accuracy += o.right ? 1 : 0;
  }
  for (const b of out) {
    if (!b.count) continue;
    b.confidence /= b.count;
    b.accuracy /= b.count;
  }
  return out;
}

/** Expected calibration error: the count-weighted gap between confidence and accuracy over the bins. */
export function expectedCalibrationError(obs: readonly Observation[], bins = 10): number {
  if (!obs.length) return 0;
  return reliabilityTable(obs, bins).reduce((s, b) => s + (b.count / obs.length) * Math.abs(b.confidence - b.accuracy), 0);
}

/**
 * A calibration curve: raw score → probability of being right, by linear interpolation between
 * fitted points (isotonic: never decreasing). Points are [raw, calibrated] pairs.
 */
export type Curve = readonly (readonly [number, number])[];

export function calibrate(curve: Curve, raw: number): number {
  if (!curve.length) return raw;
  if (raw <= curve[0]![0]) return curve[0]![1];
  for (let i = 1; i < curve.length; i++) {
    const [x1, y1] = curve[i]!;
    if (raw <= x1) {
      const [x0, y0] = curve[i - 1]!;
      return x1 === x0 ? y1 : y0 + ((raw - x0) / (x1 - x0)) * (y1 - y0);
    }
  }
  return curve[curve.length - 1]![1];
}

/**
 * Fits an isotonic curve (pool adjacent violators) to observations, then keeps one point per
 * pooled block: the curve `calibrate` applies. Used by `npm run eval -- --fit` to refresh the
 * curves below from the development corpora.
 */
export function fitIsotonic(obs: readonly Observation[], minBlock = 5): [number, number][] {
  const sorted = [...obs].sort((a, b) => a.confidence - b.confidence);
  const blocks: { x: number; y: number; n: number }[] = [];
  for (const o of sorted) {
    blocks.push({ x: o.confidence, y: o.right ? 1 : 0, n: 1 });
    // Merge while the order is violated or a block is too small to mean anything.
    while (blocks.length >= 2) {
      const b = blocks[blocks.length - 1]!;
      const a = blocks[blocks.length - 2]!;
      if (a.y / a.n < b.y / b.n && a.n >= minBlock) break;
      blocks.splice(blocks.length - 2, 2, { x: a.x + b.x, y: a.y + b.y, n: a.n + b.n });
    }
  }
  // Never certain either way: a sample of a few hundred cannot say 0 or 1.
  return blocks.map((b) => [+(b.x / b.n).toFixed(3), +Math.min(0.99, Math.max(0.02, b.y / b.n)).toFixed(3)]);
}

export type ConfidenceKind = 'type' | 'boundary' | 'field';

/**
 * Maps a stage's raw score to a calibrated confidence with the shipped curves; `raw` (for fitting
 * new curves) leaves the score as it is.
 */
export function confidenceOf(kind: ConfidenceKind, score: number, curves: Record<ConfidenceKind, Curve> | null): number {
  if (!curves) return score;
  return +calibrate(curves[kind], score).toFixed(3);
}
