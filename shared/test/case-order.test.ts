import { describe, expect, it } from 'vitest';
import { caseAttention, sortCases, type CaseForOrder } from '../src/case-order.js';

const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T09:00:00.000Z`;
const c = (name: string, day: number, o: Partial<CaseForOrder['run']> & { filed?: number; total?: number } = {}): CaseForOrder => ({
  applicantName: name,
  createdAt: at(day),
  docsFiled: o.filed ?? 0,
  docsTotal: o.total ?? 3,
  run: { state: o.state ?? 'report', gateReason: o.gateReason ?? null, flags: o.flags ?? [] },
});

describe('the cases list order', () => {
  const clean = c('Ada Clean', 20, { filed: 3 });
  const held = c('Bo Held', 10, { state: 'gated', gateReason: 'red_flags', flags: ['low_dpi', 'duplicate_pages'] });
  const heldNoFlag = c('Cy Waiting', 11, { state: 'gated', gateReason: 'missing_email' });
  const findings = c('Di Findings', 12, { filed: 1 });
  const newest = c('Ed New', 25, { state: 'running', filed: 2 });
  const all = [clean, held, heldNoFlag, findings, newest];
  const findingsOf = (x: CaseForOrder) => (x === findings ? 4 : x === clean ? 0 : 0);
  const names = (xs: CaseForOrder[]) => xs.map((x) => x.applicantName);

  it('counts a hold without red flags as one, and no hold for a case not at the gate', () => {
    expect(caseAttention(held, 1)).toEqual({ holds: 2, findings: 1, total: 3 });
    expect(caseAttention(heldNoFlag, 0)).toEqual({ holds: 1, findings: 0, total: 1 });
    expect(caseAttention(c('Gated, released', 1, { state: 'gated' }), 0).holds).toBe(0);
  });

  it('puts what needs a person first: holds, then findings, then the newest', () => {
    expect(names(sortCases(all, 'attention', findingsOf))).toEqual(['Bo Held', 'Cy Waiting', 'Di Findings', 'Ed New', 'Ada Clean']);
    expect(names(sortCases(all, 'attention', findingsOf, true))).toEqual(['Ada Clean', 'Ed New', 'Di Findings', 'Cy Waiting', 'Bo Held']);
  });

  it('orders by applicant, state (the gate first), share filed (least first) and date (newest first)', () => {
    expect(names(sortCases(all, 'applicant', findingsOf))).toEqual(['Ada Clean', 'Bo Held', 'Cy Waiting', 'Di Findings', 'Ed New']);
    expect(names(sortCases(all, 'state', findingsOf))).toEqual(['Cy Waiting', 'Bo Held', 'Ed New', 'Ada Clean', 'Di Findings']);
    expect(names(sortCases(all, 'filed', findingsOf))).toEqual(['Cy Waiting', 'Bo Held', 'Di Findings', 'Ed New', 'Ada Clean']);
    expect(names(sortCases(all, 'created', findingsOf))).toEqual(['Ed New', 'Ada Clean', 'Di Findings', 'Cy Waiting', 'Bo Held']);
    expect(names(sortCases(all, 'created', findingsOf, true))).toEqual(['Bo Held', 'Cy Waiting', 'Di Findings', 'Ada Clean', 'Ed New']);
  });
});
