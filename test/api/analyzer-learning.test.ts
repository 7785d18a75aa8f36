import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentEntry } from '@portal/shared';
import { makePdf } from '../../sync-server/test/analyzer/fixtures/pages.js';
import { addColleague, buildTestApp, DRIVER, signUp, type Session, type TestApp } from '../helper.js';
import { documentsDriver } from './documents-helpers.js';

/**
 * Learning from reviewers (issue 26, part 5): a made-up issuer's layout the built-in analyzer
 * gets wrong (a seafarer's remittance advice: a payslip it reads as "fallback", its net pay and
 * pay date under labels it does not know). Reviewers file two of them as payslips and correct
 * their values; the organization's next run of that layout files it as a payslip and reads its
 * values; an unrelated document, and another organization, read as before.
 */

/** One remittance advice of the made-up layout (lines at fixed places, values varying). */
const remittance = (o: { name: string; month: string; paid: string; net: string; gross: string }) =>
  makePdf([
    {
      kind: 'text',
      lines: [
        { text: 'KESTREL CREWING SERVICES', x: 60, y: 50 },
        { text: 'Seafarer remittance advice', x: 60, y: 68 },
        { text: `Crew member ${o.name}`, x: 60, y: 110 },
        { text: 'Vessel MV Northern Tern   Voyage 118', x: 60, y: 128 },
        { text: `Rotation ${o.month}`, x: 60, y: 146 },
        { text: `Wages earned at sea ${o.gross}`, x: 60, y: 180 },
        { text: 'Allotment remitted', x: 60, y: 210 },
        { text: `GBP ${o.net}`, x: 60, y: 226 },
        { text: `Remitted on ${o.paid}`, x: 60, y: 262 },
      ],
    },
  ]);

const waterBill = () =>
  makePdf([
    {
      kind: 'text',
      lines: ['Severn Vale Water', 'Your water bill', 'Customer: Sarah Whitcombe', 'Bill date 3 May 2025', 'Supply address 4 Quay Street, Bristol BS1 4DJ', 'Amount due 84.20', 'Account number 55120098'].map((text, i) => ({
        text,
        x: 60,
        y: 60 + i * 18,
      })),
    },
  ]);

const gbp = (amount: string) => ({ amount, currency: 'GBP' });

describe(`an organization's runs learn from its reviewers on ${DRIVER}`, () => {
  let t: TestApp;
  let manager: Session;
  let reviewer: Session;
  let other: Session;
  const d = documentsDriver(() => t);
  const put = (s: Session, id: string, address: string, field: string, body: unknown) =>
    t.app.inject({ method: 'PUT', url: `/api/applications/${id}/documents/${encodeURIComponent(address)}/key-data/${field}`, headers: s.headers, payload: body as object });
  const only = (docs: DocumentEntry[], fileId: string) => docs.find((x) => x.spans[0]!.fileId === fileId)!;

  beforeAll(async () => {
    t = await buildTestApp();
    manager = await signUp(t.app, { orgName: 'Harbour Lettings' });
    reviewer = await addColleague(t.app, manager, 'Originator');
    other = await signUp(t.app, { orgName: 'Elsewhere Ltd' });
  }, 60_000);
  afterAll(() => t?.close());

  let firstCase: string;
  let firstFiles: string[];

  it('a correction is a decision: checked against the field type, shown in the list as set by a person, in the ledger, idempotent, undoable', async () => {
    const files = [
      { name: 'march.pdf', content: await remittance({ name: 'Sarah Whitcombe', month: '03/2025', paid: '14/04/2025', net: '2,940.00', gross: '3,410.00' }) },
      { name: 'april.pdf', content: await remittance({ name: 'Sarah Whitcombe', month: '04/2025', paid: '14/05/2025', net: '3,015.50', gross: '3,480.00' }) },
    ];
    const app = await d.run(manager, 'standard-intake', d.newCase('Sarah Whitcombe', files));
    firstCase = app.id;
    firstFiles = app.files.map((f) => f.id);
    const before = await d.documents(manager, app.id);
    // The built-in analyzer gets this layout wrong: not a payslip, filed against no line, its pay unread.
    for (const f of firstFiles) {
      const doc = only(before, f);
      expect(doc.document.docType, JSON.stringify(doc.document)).not.toBe('payslip');
      expect(doc.expectedDocId).toBeUndefined();
      expect(doc.document.extractKeyData.netPay).toBeUndefined();
    }

    const [march, april] = firstFiles.map((f) => only(before, f).address) as [string, string];
    // Reviewers file both as payslips (another line than proposed) …
    for (const address of [march, april]) expect((await d.decide(reviewer, app.id, address, 'approve', { expectedDocId: 'payslips' })).statusCode).toBe(200);
    // … and correct what the reader missed. The field belongs to the payslip schema now that a person filed it as one.
    const corrections: [string, string, unknown][] = [
      [march, 'netPay', gbp('2940.00')],
      [march, 'payDate', '2025-04-14'],
      [march, 'employeeName', 'Sarah Whitcombe'],
      [april, 'netPay', { amount: 3015.5, currency: 'GBP' }],
      [april, 'payDate', '2025-05-14'],
    ];
    const made: string[] = [];
    for (const [address, field, value] of corrections) {
      const res = await put(reviewer, app.id, address, field, { value, decidedBy: 'Jo Reviewer' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().decision).toMatchObject({ kind: 'correct', address, field, decidedBy: 'Jo Reviewer' });
      made.push(res.json().decision.id);
    }
    const after = await d.documents(manager, app.id);
    const m = after.find((x) => x.address === march)!;
    expect(m.document.extractKeyData).toMatchObject({ netPay: gbp('2940.00'), payDate: '2025-04-14', employeeName: 'Sarah Whitcombe' });
    // Provenance: set by a person, and where the value is printed (line 7 of page 1: "GBP 2,940.00").
    expect(m.document.keyFields.netPay).toMatchObject({ confidence: 1, page: 1, line: 7, corrected: { decidedBy: 'Jo Reviewer', onPage: true, decisionId: made[0] } });
    expect(m.approval).toMatchObject({ outcome: 'approved', expectedDocId: 'payslips' });
    // An amount sent as a number is written with two decimals.
    expect(after.find((x) => x.address === april)!.document.extractKeyData.netPay).toEqual(gbp('3015.50'));

    // Ledger rows, which webhooks deliver like any other.
    const rows = (await d.events(manager, app.id)).filter((e) => e.action === 'document.corrected');
    expect(rows).toHaveLength(5);
    expect(rows[0]).toMatchObject({ target: `document:${march}`, actor: expect.stringMatching(/^user:/) });
    expect(rows[0]!.detail).toMatchObject({ decisionId: made[0], field: 'netPay', docType: 'payslip', from: null, to: gbp('2940.00'), decidedBy: 'Jo Reviewer', foundAt: { fileId: firstFiles[0], page: 1, line: 7 } });

    // Idempotent: the same value again answers the same decision.
    const again = await put(reviewer, app.id, march, 'payDate', { value: '2025-04-14' });
    expect(again.statusCode).toBe(200);
    expect(again.json().decision.id).toBe(made[1]);
    expect((await d.events(manager, app.id)).filter((e) => e.action === 'document.corrected')).toHaveLength(5);

    // Refusals: a value not of the field's type, a field not of the schema, a missing value, no such document, another organization.
    for (const [field, body, status, says] of [
      ['payDate', { value: '14/04/2025' }, 400, 'yyyy-mm-dd'],
      ['netPay', { value: { amount: '2,940', currency: 'GBP' } }, 400, 'amount'],
      ['netPay', { value: '2940.00' }, 400, 'money'],
      ['shoeSize', { value: '9' }, 400, 'not a field of the payslip extraction schema'],
      ['payDate', {}, 400, 'value'],
    ] as const) {
      const res = await put(reviewer, app.id, march, field, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error).toContain(says);
    }
    expect((await put(reviewer, app.id, `${firstFiles[0]}:p2-2`, 'netPay', { value: gbp('1.00') })).statusCode).toBe(404);
    expect((await put(other, app.id, march, 'netPay', { value: gbp('1.00') })).statusCode).toBe(404);

    // Clearing, then undoing the clear: the value comes back.
    const cleared = await put(reviewer, app.id, march, 'employeeName', { value: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().decision).toMatchObject({ kind: 'correct', field: 'employeeName', value: null });
    expect((await d.documents(manager, app.id)).find((x) => x.address === march)!.document.extractKeyData.employeeName).toBeUndefined();
    const undo = await d.inject(reviewer, 'POST', `/api/applications/${app.id}/decisions/${cleared.json().decision.id}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect((await d.documents(manager, app.id)).find((x) => x.address === march)!.document.extractKeyData.employeeName).toBe('Sarah Whitcombe');
    expect((await t.api.learning.counts(t.app.db, manager.organizationId)).fields).toBe(5);
  }, 180_000);

  it('the next document of the layout is filed as a payslip and its values read where reviewers corrected them; an unrelated document and another organization are not affected', async () => {
    expect(firstCase).toBeDefined();
    const next = () => remittance({ name: 'Sarah Whitcombe', month: '05/2025', paid: '13/06/2025', net: '2,870.25', gross: '3,300.00' });
    const files = async () => [
      { name: 'may.pdf', content: await next() },
      { name: 'water.pdf', content: await waterBill() },
    ];
    const mine = await d.run(manager, 'standard-intake', d.newCase('Sarah Whitcombe', await files()));
    const theirs = await d.run(other, 'standard-intake', d.newCase('Sarah Whitcombe', await files()));
    const mineDocs = await d.documents(manager, mine.id);
    const theirDocs = await d.documents(other, theirs.id);

    const may = only(mineDocs, mine.files[0]!.id);
    expect(may.document.docType).toBe('payslip');
    expect(may.expectedDocId).toBe('payslips');
    expect(may.document.confidence).toBeGreaterThanOrEqual(0.6);
    expect(may.document.extractKeyData).toMatchObject({ netPay: gbp('2870.25'), payDate: '2025-06-13' });
    // One reviewer taught it, nobody confirmed it yet (issue 37): read, but under 0.7 and marked for review.
    expect(may.document.keyFields.netPay).toMatchObject({ page: 1, line: 7, learned: { examples: 2, confirmed: false } });
    expect(may.document.keyFields.netPay!.confidence).toBeGreaterThan(0.5);
    expect(may.document.keyFields.netPay!.confidence).toBeLessThan(0.7);
    expect(may.document.needsReview.fields).toContain('netPay');
    expect(may.document.keyFields.netPay!.corrected).toBeUndefined();

    // Another organization's run of the very same files reads as the built-in analyzer does.
    const theirMay = only(theirDocs, theirs.files[0]!.id);
    expect(theirMay.document.docType).not.toBe('payslip');
    expect(theirMay.expectedDocId).toBeUndefined();
    expect(theirMay.document.extractKeyData.netPay).toBeUndefined();

    // An unrelated document reads the same in both organizations.
    const water = only(mineDocs, mine.files[1]!.id);
    const theirWater = only(theirDocs, theirs.files[1]!.id);
    expect(water.document.docType).toBe(theirWater.document.docType);
    expect(water.document.confidence).toBe(theirWater.document.confidence);
    expect(water.document.extractKeyData).toEqual(theirWater.document.extractKeyData);
    expect(water.expectedDocId).toBe(theirWater.expectedDocId);
    expect(Object.values(water.document.keyFields).some((f) => f.learned)).toBe(false);
  }, 180_000);

  it('undoing what taught it forgets it: the layout reads as before', async () => {
    const decisions = (await d.inject(manager, 'GET', `/api/applications/${firstCase}/decisions`)).json() as { id: string; kind: string; undone?: unknown }[];
    // Undo the latest first (an approval could not be undone before what depends on its pages).
    for (const dec of decisions.filter((x) => !x.undone).reverse()) {
      const res = await d.inject(manager, 'POST', `/api/applications/${firstCase}/decisions/${dec.id}/undo`);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await t.api.learning.counts(t.app.db, manager.organizationId)).toEqual({ types: 0, fields: 0 });
    const again = await d.run(manager, 'standard-intake', d.newCase('Sarah Whitcombe', [{ name: 'june.pdf', content: await remittance({ name: 'Sarah Whitcombe', month: '06/2025', paid: '14/07/2025', net: '2,990.00', gross: '3,450.00' }) }]));
    const doc = (await d.documents(manager, again.id))[0]!;
    expect(doc.document.docType).not.toBe('payslip');
    expect(doc.document.extractKeyData.netPay).toBeUndefined();
  }, 180_000);

  it('a correction made on the desktop arrives as a decision request of kind correct', async () => {
    const app = await d.run(manager, 'standard-intake', d.newCase('Sarah Whitcombe', [{ name: 'water.pdf', content: await waterBill() }]));
    const doc = (await d.documents(manager, app.id))[0]!;
    const push = (docs: Record<string, unknown>[]) =>
      d.inject(reviewer, 'POST', '/api/sync/decision-requests/push', docs.map((doc) => ({ newDocumentState: { serverRev: 0, _deleted: false, ...doc }, assumedMasterState: null })));
    const base = { applicationId: app.id, address: doc.address, madeAt: new Date().toISOString(), state: 'pending' };
    const malformed = await push([{ ...base, id: 'req-bad', kind: 'correct', value: '2025-05-04' }]);
    expect(malformed.statusCode).toBe(400);
    const res = await push([{ ...base, id: 'req-1', kind: 'correct', field: 'billDate', value: '2025-05-04' }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()[0]).toMatchObject({ id: 'req-1', kind: 'correct', field: 'billDate', value: '2025-05-04', state: 'applied', result: { decisionId: expect.any(String) } });
    expect((await d.documents(manager, app.id))[0]!.document.extractKeyData.billDate).toBe('2025-05-04');
    const refused = await push([{ ...base, id: 'req-2', kind: 'correct', field: 'billDate', value: 'May 4th' }]);
    expect(refused.json()[0]).toMatchObject({ state: 'refused', error: { status: 400 } });
  }, 120_000);
});
