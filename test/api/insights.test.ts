import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalyzerInsights, type Application } from '@portal/shared';
import { addColleague, apiKeySession, buildTestApp, DRIVER, manualClock, signUp, type Session, type TestApp } from '../helper.js';
import { cleanPacket, textPdf } from './applications-helpers.js';
import { documentsDriver } from './documents-helpers.js';

const WEEK_MS = 7 * 86_400_000;

/** A bank statement printed on two pages ("Page 1 of 2"): the run reads it as one document of two pages. */
function twoPageStatement(): Promise<Uint8Array> {
  const page = (p: number) => [
    'Northbank plc',
    'Current account statement',
    'Account holder: Sarah Whitcombe',
    'Sort code 20-45-77  Account number 41829330',
    'Statement period 1 April 2025 to 30 April 2025',
    `Page ${p} of 2`,
    p === 1 ? 'Opening balance 1,204.11' : 'Closing balance 2,822.31',
    '28 Apr  HARTWELL LOGISTICS SALARY  2,568.20',
  ];
  return textPdf([page(1), page(2)]);
}

const coverLetter = () => textPdf([['Dear Sir or Madam,', 'Please find enclosed the documents you asked for about the flat.', 'With kind regards,', 'Sarah Whitcombe']]);

describe(`Insights: how well the analyzer reads, from the ledger, on ${DRIVER}`, () => {
  let t: TestApp;
  let manager: Session;
  let reviewer: Session;
  let key: Session;
  let other: Session;
  let second: string;
  let caseA: Application;
  let caseB: Application;
  let letterConfidence: number;
  // A Monday (ISO week 2026-W45), so each case's week is known.
  const clock = manualClock(Date.parse('2026-11-02T10:00:00.000Z'));
  const d = documentsDriver(() => t);

  const insights = (s: Session, query = '') => t.app.inject({ method: 'GET', url: `/api/insights/analyzer${query}`, headers: s.headers });
  const read = async (s: Session, query = ''): Promise<AnalyzerInsights> => {
    const res = await insights(s, query);
    expect(res.statusCode, res.body).toBe(200);
    return AnalyzerInsights.parse(res.json());
  };
  const ok = async (res: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as { decision: { id: string } };
  };
  const correct = (s: Session, id: string, address: string, field: string, value: unknown) =>
    ok(t.app.inject({ method: 'PUT', url: `/api/applications/${id}/documents/${encodeURIComponent(address)}/key-data/${field}`, headers: s.headers, payload: { value } }));

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    manager = await signUp(t.app, { orgName: 'Harbour Lettings' });
    reviewer = await addColleague(t.app, manager, 'Originator');
    key = await apiKeySession(t.app, manager, 'Loan system');
    other = await signUp(t.app, { orgName: 'Elsewhere Ltd' });
    second = await d.workflow(manager, 'Second intake', true);

    // Week 45, the official standard intake: a clean packet (three payslips, a bank statement),
    // a two-page statement and a cover letter.
    caseA = await d.run(
      reviewer,
      'standard-intake',
      d.newCase('Sarah Whitcombe', [
        { name: 'packet.pdf', content: await cleanPacket() },
        { name: 'statement.pdf', content: await twoPageStatement() },
        { name: 'letter.pdf', content: await coverLetter() },
      ]),
    );
    const [p, st, letter] = caseA.files.map((f) => f.id);
    const proposed = (await d.events(reviewer, caseA.id)).filter((e) => e.action === 'document.proposed');
    expect(proposed.map((e) => e.target)).toEqual([`document:${p}:p1-1`, `document:${p}:p2-2`, `document:${p}:p3-3`, `document:${p}:p4-4`, `document:${st}:p1-2`, `document:${letter}:p1-1`]);
    letterConfidence = proposed[5]!.detail.confidence as number;
    expect(proposed[5]!.detail.expectedDocId).toBeUndefined();

    // Approved as is.
    await ok(d.decide(reviewer, caseA.id, `${p}:p1-1`, 'approve'));
    // Net pay corrected and gross pay filled in (the run read none), then approved: corrected.
    await correct(reviewer, caseA.id, `${p}:p2-2`, 'netPay', { amount: '2468.20', currency: 'GBP' });
    await correct(reviewer, caseA.id, `${p}:p2-2`, 'grossPay', { amount: '3250.00', currency: 'GBP' });
    await ok(d.decide(reviewer, caseA.id, `${p}:p2-2`, 'approve'));
    // Filed against another line: refiled.
    await ok(d.decide(reviewer, caseA.id, `${p}:p3-3`, 'approve', { expectedDocId: 'bank-statements' }));
    // Junked.
    await ok(d.decide(reviewer, caseA.id, `${p}:p4-4`, 'junk'));
    // The two-page statement filed as two documents: split.
    await ok(d.decide(reviewer, caseA.id, `${st}:p1-2`, 'approve', { spans: [{ fileId: st, pages: [1] }] }));
    await ok(d.decide(reviewer, caseA.id, `${st}:p2-2`, 'approve'));
    // The letter kept unmatched, as the run left it: approved as is.
    await ok(d.decide(reviewer, caseA.id, `${letter}:p1-1`, 'approve', { expectedDocId: 'unmatched' }));

    // Week 47 (nothing read in week 46), the organization's second workflow.
    clock.advance(2 * WEEK_MS);
    caseB = await d.run(key, second, d.newCase('Sarah Whitcombe', [{ name: 'packet.pdf', content: await cleanPacket() }, { name: 'statement.pdf', content: await twoPageStatement() }]));
    const [q, st2] = caseB.files.map((f) => f.id);
    // Two payslips filed as one document: both merged.
    await ok(d.decide(key, caseB.id, `${q}:p1-1`, 'approve', { spans: [{ fileId: q, pages: [1, 2] }] }));
    // Settled: neither right nor wrong.
    await ok(d.decide(key, caseB.id, `${q}:p3-3`, 'settle'));
    // Approved, then the approval undone: waiting again.
    const undone = await ok(d.decide(key, caseB.id, `${q}:p4-4`, 'approve'));
    await ok(d.inject(key, 'POST', `/api/applications/${caseB.id}/decisions/${undone.decision.id}/undo`));
    // The statement's second page junked, the first filed: trimmed.
    await ok(d.decide(key, caseB.id, `${st2}:p1-2`, 'junk', { spans: [{ fileId: st2, pages: [2] }] }));
    await ok(d.decide(key, caseB.id, `${st2}:p1-1`, 'approve'));
  }, 180_000);
  afterAll(() => t?.close());

  it('counts each document the runs read by what people did, per type, per field, per week, with reliability bins', async () => {
    const all = await read(manager);
    expect(all.filters).toEqual({ workflowId: null, from: null, to: null });
    expect(all.totals).toEqual({ documents: 11, pending: 1, decided: 10, approvedAsIs: 2, corrected: 1, refiled: 1, boundariesChanged: 4, junked: 1, settled: 1 });
    expect(all.boundaries).toEqual({ kept: 6, split: 1, merged: 2, trimmed: 1 });

    const byType = Object.fromEntries(all.types.map((r) => [r.docType, r]));
    expect(Object.keys(byType).sort()).toEqual(['bank-statement', 'fallback', 'payslip']);
    expect(byType.payslip).toMatchObject({ name: 'Payslip', documents: 6, pending: 0, decided: 6, approvedAsIs: 1, corrected: 1, refiled: 1, boundariesChanged: 2, junked: 0, settled: 1 });
    expect(byType['bank-statement']).toMatchObject({ name: 'Bank statement', documents: 4, pending: 1, decided: 3, approvedAsIs: 0, corrected: 0, refiled: 0, boundariesChanged: 2, junked: 1, settled: 0 });
    expect(byType.fallback).toMatchObject({ name: 'Other document', documents: 1, decided: 1, approvedAsIs: 1 });
    expect(all.types[0]!.docType).toBe('payslip');

    // Fields are judged on the documents filed with the run's pages: the three payslips of case A.
    const payslipFields = Object.fromEntries(all.fields.filter((f) => f.docType === 'payslip').map((f) => [f.field, f]));
    expect(payslipFields.netPay).toMatchObject({ typeName: 'Payslip', read: 3, kept: 2, corrected: 1, filledIn: 0 });
    for (const field of ['payDate', 'employeeName', 'employerName']) expect(payslipFields[field], field).toMatchObject({ read: 3, kept: 3, corrected: 0, filledIn: 0 });
    expect(payslipFields.grossPay).toMatchObject({ read: 0, kept: 0, corrected: 0, filledIn: 1, meanConfidence: null });
    expect(payslipFields.netPay!.meanConfidence).toBeGreaterThan(0.9);
    const fallbackRead = all.fields.filter((f) => f.docType === 'fallback').reduce((n, f) => n + f.read, 0);
    expect(all.fieldTotals).toEqual({ read: 12 + fallbackRead, kept: 11 + fallbackRead, corrected: 1, filledIn: 1 });

    // Reliability: ten bins; the type readings judged (decided, not settled) and the right ones
    // (filed with the run's pages and line): every type read at 0.99 but the letter.
    expect(all.reliability.types).toHaveLength(10);
    const letterBin = Math.min(9, Math.floor(letterConfidence * 10));
    const expected = Array.from({ length: 10 }, () => ({ judged: 0, right: 0 }));
    expected[9] = { judged: 8, right: 2 };
    expected[letterBin] = { judged: expected[letterBin]!.judged + 1, right: expected[letterBin]!.right + 1 };
    expect(all.reliability.types.map((b) => ({ judged: b.judged, right: b.right }))).toEqual(expected);
    expect(all.reliability.types.map((b) => [b.from, b.to])).toEqual(Array.from({ length: 10 }, (_, i) => [i / 10, (i + 1) / 10]));
    expect(all.reliability.types[9]!.meanConfidence).toBeCloseTo(letterBin === 9 ? (8 * 0.99 + letterConfidence) / 9 : 0.99, 5);
    expect(all.reliability.types[4]!.meanConfidence).toBe(letterBin === 4 ? letterConfidence : null);
    // The payslips' values were read at 0.96–0.99: all in the last bin, one of twelve corrected.
    expect(all.reliability.fields.reduce((n, b) => n + b.judged, 0)).toBe(12 + fallbackRead);
    expect(all.reliability.fields[9]).toMatchObject({ judged: 12 + all.fields.filter((f) => f.docType === 'fallback' && (f.meanConfidence ?? 0) >= 0.9).reduce((n, f) => n + f.read, 0), right: expect.any(Number) });
    expect(all.reliability.fields[9]!.judged - all.reliability.fields[9]!.right).toBe(1);

    // Per ISO week of the readings, the week nothing was read in listed with zeros.
    expect(all.weeks.map((w) => [w.week, w.start, w.documents, w.decided])).toEqual([
      ['2026-W45', '2026-11-02', 6, 6],
      ['2026-W46', '2026-11-09', 0, 0],
      ['2026-W47', '2026-11-16', 5, 4],
    ]);
    expect(all.weeks[0]).toMatchObject({ approvedAsIs: 2, corrected: 1, refiled: 1, boundariesChanged: 1, junked: 1, settled: 0, fieldsRead: 12 + fallbackRead, fieldsKept: 11 + fallbackRead });
    expect(all.weeks[2]).toMatchObject({ pending: 1, boundariesChanged: 3, settled: 1, fieldsRead: 0 });

    expect(all.workflows).toEqual([
      { id: 'standard-intake', name: expect.any(String), documents: 6 },
      { id: second, name: 'Second intake', documents: 5 },
    ]);
  });

  it('filters by workflow and by the days the runs read the documents', async () => {
    const standard = await read(manager, '?workflowId=standard-intake');
    expect(standard.filters.workflowId).toBe('standard-intake');
    expect(standard.totals).toEqual({ documents: 6, pending: 0, decided: 6, approvedAsIs: 2, corrected: 1, refiled: 1, boundariesChanged: 1, junked: 1, settled: 0 });
    expect(standard.weeks.map((w) => w.week)).toEqual(['2026-W45']);
    // The picker still lists every workflow that read documents in the period.
    expect(standard.workflows.map((w) => w.id)).toEqual(['standard-intake', second]);

    const secondOnly = await read(manager, `?workflowId=${second}`);
    expect(secondOnly.totals).toEqual({ documents: 5, pending: 1, decided: 4, approvedAsIs: 0, corrected: 0, refiled: 0, boundariesChanged: 3, junked: 0, settled: 1 });
    expect(secondOnly.boundaries).toEqual({ kept: 1, split: 0, merged: 2, trimmed: 1 });
    expect(secondOnly.fields).toEqual([]);

    const lastWeek = await read(manager, '?from=2026-11-09&to=2026-11-22');
    expect(lastWeek.filters).toEqual({ workflowId: null, from: '2026-11-09', to: '2026-11-22' });
    expect(lastWeek.totals.documents).toBe(5);
    expect(lastWeek.workflows).toEqual([{ id: second, name: 'Second intake', documents: 5 }]);
    // `to` takes its whole day; a day before any reading is empty.
    expect((await read(manager, '?to=2026-11-02')).totals.documents).toBe(6);
    expect((await read(manager, '?to=2026-11-01')).totals.documents).toBe(0);
    expect((await read(manager, '?from=2026-11-02&to=2026-11-02&workflowId=standard-intake')).totals.decided).toBe(6);
  });

  it('is for Managers only; other organizations see nothing of it', async () => {
    for (const s of [reviewer, key]) {
      const res = await insights(s);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/insights/analyzer' })).statusCode).toBe(401);
    const elsewhere = await read(other);
    expect(elsewhere.totals).toEqual({ documents: 0, pending: 0, decided: 0, approvedAsIs: 0, corrected: 0, refiled: 0, boundariesChanged: 0, junked: 0, settled: 0 });
    expect(elsewhere.types).toEqual([]);
    expect(elsewhere.weeks).toEqual([]);
    expect(elsewhere.workflows).toEqual([]);
    expect(elsewhere.reliability.types.every((b) => b.judged === 0 && b.meanConfidence === null)).toBe(true);
    // Its own workflow is not another organization's to filter by.
    const foreign = await insights(other, `?workflowId=${second}`);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toMatch(/^query\.workflowId: /);
  });

  it('refuses bad filters with 400 naming the parameter', async () => {
    const cases: [string, RegExp][] = [
      ['?from=2026-02-30', /^query\.from/],
      ['?from=yesterday', /^query\.from/],
      ['?to=2026-11-2', /^query\.to/],
      ['?from=2026-11-10&to=2026-11-09', /^query\.to: 2026-11-09 is before query\.from/],
      ['?workflowId=no-such-workflow', /^query\.workflowId: "no-such-workflow" is not a workflow/],
      [`?workflowId=${'w'.repeat(65)}`, /^query\.workflowId/],
    ];
    for (const [query, error] of cases) {
      const res = await insights(manager, query);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.json().error, query).toMatch(error);
    }
  });

  it('judges the pieces of a proposed split, not the range listed whole beside them', async () => {
    const held = await d.workflow(manager, 'Held splits', false);
    const c = await d.run(reviewer, held, d.newCase('Sarah Whitcombe', [{ name: 'packet.pdf', content: await cleanPacket() }]));
    const f = c.files[0]!.id;
    const proposed = (await d.events(reviewer, c.id)).filter((e) => e.action === 'document.proposed');
    expect(proposed.map((e) => [e.target, e.detail.splitProposed ?? null])).toEqual([
      [`document:${f}:p1-4`, true],
      [`document:${f}:p1-1`, null],
      [`document:${f}:p2-2`, null],
      [`document:${f}:p3-3`, null],
      [`document:${f}:p4-4`, null],
    ]);
    // Approving a piece confirms the split: that piece read right; two pieces filed together: merged.
    await ok(d.decide(reviewer, c.id, `${f}:p1-1`, 'approve'));
    await ok(d.decide(reviewer, c.id, `${f}:p2-2`, 'approve', { spans: [{ fileId: f, pages: [2, 3] }] }));
    const split = await read(manager, `?workflowId=${held}`);
    expect(split.totals).toEqual({ documents: 4, pending: 1, decided: 3, approvedAsIs: 1, corrected: 0, refiled: 0, boundariesChanged: 2, junked: 0, settled: 0 });
    expect(split.boundaries).toEqual({ kept: 1, split: 0, merged: 2, trimmed: 0 });
    // Undoing the merge puts both pieces back to waiting.
    const decisions = (await d.inject(reviewer, 'GET', `/api/applications/${c.id}/decisions`)).json() as { id: string; address: string }[];
    const merge = decisions.find((x) => x.address === `${f}:p2-3`)!;
    await ok(d.inject(reviewer, 'POST', `/api/applications/${c.id}/decisions/${merge.id}/undo`));
    expect((await read(manager, `?workflowId=${held}`)).totals).toMatchObject({ pending: 3, decided: 1, approvedAsIs: 1, boundariesChanged: 0 });
  });

  it('is in the OpenAPI document, described, under the tag insights', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const op = doc.paths['/insights/analyzer'].get;
    expect(op.tags).toEqual(['insights']);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
    expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['from', 'to', 'workflowId']);
    expect(JSON.stringify(doc.components.schemas.AnalyzerInsights)).toContain('approved with the run’s pages and line');
  });
});
