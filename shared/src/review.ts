/**
 * What needs a person first: a document whose type, starting boundary or a key value the analyzer
 * is unsure of. The analyzer's confidences are calibrated (a 0.7 is right about 70 % of the time),
 * so one threshold serves every kind. Used by the server's documents view and the reviewer's screens.
 */

/** Below this calibrated confidence a type, a boundary or a value is marked "needs review". */
export const NEEDS_REVIEW_BELOW = 0.7;

export interface ReviewSignals {
  confidence: number;
  boundaryConfidence: number;
  /**
   * Each key value's confidence, whether a person set it (then it is sure), and whether the
   * built-in reader and the organization's learned reader read it differently (then a person
   * chooses, however sure either is).
   */
  fields: Record<string, { confidence: number; corrected?: unknown; disputed?: unknown }>;
}

export interface NeedsReview {
  type: boolean;
  boundary: boolean;
  /** The key fields read with a confidence under the threshold, or read differently by two readers, in schema order. */
  fields: string[];
}

export function needsReview(s: ReviewSignals): NeedsReview {
  return {
    type: s.confidence < NEEDS_REVIEW_BELOW,
    boundary: s.boundaryConfidence < NEEDS_REVIEW_BELOW,
    fields: Object.entries(s.fields)
      .filter(([, f]) => !f.corrected && (f.confidence < NEEDS_REVIEW_BELOW || f.disputed !== undefined))
      .map(([name]) => name),
  };
}

export const isUnsure = (n: NeedsReview): boolean => n.type || n.boundary || n.fields.length > 0;
