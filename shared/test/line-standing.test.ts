import { describe, expect, it } from 'vitest';
import { checklistCounts, lineStanding } from '../src/line-standing.js';

const line = (id: string, minCount = 1, waived = false) => ({
  id,
  minCount,
  override: waived ? { kind: 'waived' as const, reason: 'not needed', decidedBy: 'Ann', authenticatedAs: 'user:ann@example.com', decidedAt: '2026-01-01T00:00:00Z' } : null,
});

describe('a checklist line tells the run’s filing from a person’s acceptance', () => {
  it('is only filed (no tick) while the run alone filed documents against it', () => {
    expect(lineStanding(line('photo-id'), [{ expectedDocId: 'photo-id' }])).toEqual({ standing: 'filed', filed: 1, accepted: 0 });
  });

  it('is accepted once a person approved enough documents against it, and missing without', () => {
    expect(lineStanding(line('payslip', 2), [{ expectedDocId: 'payslip', approval: { outcome: 'approved' } }, { expectedDocId: 'payslip' }]).standing).toBe('filed');
    expect(
      lineStanding(line('payslip', 2), [
        { expectedDocId: 'payslip', approval: { outcome: 'approved' } },
        { expectedDocId: 'payslip', approval: { outcome: 'approved', expectedDocId: 'payslip' } },
      ]).standing,
    ).toBe('accepted');
    expect(lineStanding(line('payslip'), []).standing).toBe('missing');
  });

  it('counts a settled document as not accepted, and one approved against another line for that line only', () => {
    expect(lineStanding(line('photo-id'), [{ expectedDocId: 'photo-id', approval: { outcome: 'settled' } }]).standing).toBe('filed');
    const moved = [{ expectedDocId: 'photo-id', approval: { outcome: 'approved' as const, expectedDocId: 'proof-of-address' } }];
    expect(lineStanding(line('photo-id'), moved).standing).toBe('missing');
    expect(lineStanding(line('proof-of-address'), moved).standing).toBe('accepted');
  });

  it('counts lines asked of the case: accepted, waiting for review, of how many (a waived line in none)', () => {
    const docs = [{ expectedDocId: 'a', approval: { outcome: 'approved' as const } }, { expectedDocId: 'b' }, { expectedDocId: 'c' }];
    expect(checklistCounts([line('a'), line('b'), line('c', 1, true), line('d')], docs)).toEqual({ accepted: 1, toReview: 1, total: 3 });
  });
});
