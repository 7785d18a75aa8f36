import { describe, expect, it } from 'vitest';
import { extractFields } from '../../src/analyzer/extract/index.js';
import { failedChecks, ibanValid } from '../../src/analyzer/extract/validate.js';
import type { ParsedPage } from '../../src/analyzer/types.js';

const page = (lines: string[]): ParsedPage => ({
  page: 1,
  width: 595,
  height: 842,
  source: 'text',
  images: [],
  lines: lines.map((text, i) => ({ text, box: { x: 50, y: 40 + i * 18, w: text.length * 5, h: 10 }, confidence: 1 })),
});

describe('values checked where the document allows', () => {
  it('IBAN check digits', () => {
    expect(ibanValid('GB82 WEST 1234 5698 7654 32')).toBe(true);
    expect(ibanValid('GB82 WEST 1234 5698 7654 33')).toBe(false);
    expect(ibanValid('DE89 3704 0044 0532 0130 00')).toBe(true);
  });

  it('dates in range and sums that add up', () => {
    const today = '2026-11-26';
    expect(failedChecks({ dateOfBirth: '2031-01-01' }, today)).toEqual(['dateOfBirth']);
    expect(failedChecks({ issueDate: '2020-01-01', expiryDate: '2019-01-01' }, today).sort()).toEqual(['expiryDate', 'issueDate']);
    expect(failedChecks({ periodStart: '2025-03-31', periodEnd: '2025-03-01' }, today).sort()).toEqual(['periodEnd', 'periodStart']);
    expect(failedChecks({ grossPay: { amount: '1000.00', currency: 'GBP' }, netPay: { amount: '1800.00', currency: 'GBP' } }, today)).toEqual(['netPay']);
    expect(failedChecks({ dateOfBirth: '1980-05-01', issueDate: '2020-01-01', expiryDate: '2030-01-01' }, today)).toEqual([]);
  });

  it('a value that fails its check is kept but never with a high confidence', () => {
    const ok = extractFields('payslip', [page(['Payslip', 'Employee: Ada Lovell', 'Gross pay £2,000.00', 'Net pay £1,600.00'])], undefined);
    const bad = extractFields('payslip', [page(['Payslip', 'Employee: Ada Lovell', 'Gross pay £2,000.00', 'Net pay £16,000.00'])], undefined);
    expect(bad.netPay?.value).toEqual({ amount: '16000.00', currency: 'GBP' });
    expect(bad.netPay!.confidence).toBeLessThan(0.7);
    expect(ok.netPay!.confidence).toBeGreaterThan(bad.netPay!.confidence);
    // Whatever a calibration curve makes of the lowered score, the failed value stays under the review line.
    const lifting = { type: [], boundary: [], field: [[0, 0.95], [1, 0.99]] } as const;
    const lifted = extractFields('payslip', [page(['Payslip', 'Employee: Ada Lovell', 'Gross pay £2,000.00', 'Net pay £16,000.00'])], undefined, { curves: lifting });
    expect(lifted.netPay!.confidence).toBeLessThan(0.7);
    expect(lifted.grossPay!.confidence).toBeGreaterThan(0.9);
  });
});
