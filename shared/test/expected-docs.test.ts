import { describe, expect, it } from 'vitest';
import { caseCompleteness, caseExpectedDocs, lineTally, overridesUnder, withOverride, type ListLine } from '../src/expected-docs.js';
import type { LineOverride } from '../src/contract/applications.js';

const lines: ListLine[] = [
  { id: 'photo-id', docType: 'identity', name: 'Photo ID', requirement: 'required', minCount: 1, maxCount: 1 },
  { id: 'payslips', docType: 'payslip', name: 'Payslips', requirement: 'required', minCount: 3, maxCount: 3 },
  { id: 'bank-statements', docType: 'bank-statement', name: 'Bank statements', requirement: 'required', minCount: 3, maxCount: null },
];
const by = { decidedBy: 'Dana', authenticatedAs: 'user:dana@example.com', decidedAt: '2026-11-27T10:00:00.000Z' };
const waiver: LineOverride = { kind: 'waived', id: 'bank-statements', reason: 'Cash income', ...by };
const extra: LineOverride = { kind: 'added', id: 'guarantor-id', docType: 'passport', name: 'Guarantor’s passport', requirement: 'required', minCount: 1, maxCount: null, reason: 'A guarantor', ...by };

describe('the expected documents set for a case', () => {
  it('are the list’s lines in list order, waived ones marked, then the lines added for the case', () => {
    const docs = caseExpectedDocs(lines, [extra, waiver]);
    expect(docs.map((d) => [d.id, d.origin, d.override?.kind ?? null])).toEqual([
      ['photo-id', 'list', null],
      ['payslips', 'list', null],
      ['bank-statements', 'list', 'waived'],
      ['guarantor-id', 'case', 'added'],
    ]);
    expect(docs[2]!.override).toEqual({ kind: 'waived', reason: 'Cash income', ...by });
    // A line added under an id the list has gives way to the list's line.
    expect(caseExpectedDocs(lines, [{ ...extra, id: 'payslips' }]).map((d) => [d.id, d.origin])).toEqual([
      ['photo-id', 'list'],
      ['payslips', 'list'],
      ['bank-statements', 'list'],
    ]);
  });

  it('count a waived line in neither the satisfied lines nor the total, and an added one in both', () => {
    const docs = caseExpectedDocs(lines, [waiver, extra]);
    expect(lineTally(docs, { payslips: 3, 'bank-statements': 1 })).toEqual({ satisfied: 1, total: 3 });
    expect(lineTally(docs, { payslips: 3, 'guarantor-id': 1 })).toEqual({ satisfied: 2, total: 3 });
    expect(lineTally(caseExpectedDocs(lines, []), { payslips: 3, 'bank-statements': 3 })).toEqual({ satisfied: 2, total: 3 });
  });

  it('say which lines are missing, and which documents match no line of the case', () => {
    const report = caseCompleteness(caseExpectedDocs(lines, [waiver, extra]), [
      { address: 'f:p1-1', expectedDocId: 'payslips', approved: true },
      { address: 'f:p2-2', expectedDocId: 'bank-statements', approved: false },
      { address: 'f:p3-3', expectedDocId: null, approved: false },
      { address: 'f:p4-4', expectedDocId: 'gone-line', approved: true },
    ]);
    expect(report.satisfied).toBe(0);
    expect(report.total).toBe(3);
    expect(report.unmatched).toEqual(['f:p3-3', 'f:p4-4']);
    expect(report.lines.map((l) => [l.expectedDocId, l.have, l.approved, l.missing, l.waived, l.origin])).toEqual([
      ['photo-id', 0, 0, true, false, 'list'],
      ['payslips', 1, 1, true, false, 'list'],
      ['bank-statements', 1, 0, false, true, 'list'],
      ['guarantor-id', 0, 0, true, false, 'case'],
    ]);
  });

  it('drop, under another list, the waivers of lines it lacks and the lines added under ids it has', () => {
    const other: ListLine[] = [{ ...lines[0]! }, { id: 'guarantor-id', docType: 'passport', name: 'Guarantor ID', requirement: 'required', minCount: 1, maxCount: 1 }];
    expect(overridesUnder(other, [waiver, extra])).toEqual({ kept: [], dropped: [waiver, extra] });
    expect(overridesUnder(lines, [waiver, extra])).toEqual({ kept: [waiver, extra], dropped: [] });
    expect(withOverride([waiver, extra], { ...waiver, reason: 'Savings instead' }).map((o) => [o.id, o.reason])).toEqual([
      ['guarantor-id', 'A guarantor'],
      ['bank-statements', 'Savings instead'],
    ]);
  });
});
