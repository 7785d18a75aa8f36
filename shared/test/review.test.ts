import { describe, expect, it } from 'vitest';
import { NEEDS_REVIEW_BELOW, isUnsure, needsReview } from '../src/review.js';

describe('needs review', () => {
  it('marks the type, the boundary and each field under the calibrated threshold; a corrected value is sure', () => {
    const n = needsReview({
      confidence: NEEDS_REVIEW_BELOW - 0.01,
      boundaryConfidence: 0.95,
      fields: { netPay: { confidence: 0.4 }, payDate: { confidence: 0.9 }, employeeName: { confidence: 0.2, corrected: { by: 'a reviewer' } } },
    });
    expect(n).toEqual({ type: true, boundary: false, fields: ['netPay'] });
    expect(isUnsure(n)).toBe(true);
    expect(isUnsure(needsReview({ confidence: 0.9, boundaryConfidence: 0.9, fields: { netPay: { confidence: NEEDS_REVIEW_BELOW } } }))).toBe(false);
    expect(needsReview({ confidence: 0.9, boundaryConfidence: 0.5, fields: {} })).toEqual({ type: false, boundary: true, fields: [] });
  });

  it('marks a field two readers read differently, however sure either is, unless a person set it', () => {
    const disputed = { value: 'Sarah Whitcombe', confidence: 0.95, page: 1, line: 2, by: 'reader' };
    const n = needsReview({ confidence: 0.9, boundaryConfidence: 0.9, fields: { employeeName: { confidence: 0.97, disputed }, netPay: { confidence: 0.97, disputed, corrected: { by: 'a reviewer' } } } });
    expect(n.fields).toEqual(['employeeName']);
  });
});
