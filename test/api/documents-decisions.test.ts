import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Application } from '@portal/shared';
import { addColleague, apiKeySession, buildTestApp, DRIVER, signUp, type Session, type TestApp } from '../helper.js';
import { cleanPacket } from './applications-helpers.js';
import { documentsDriver, listedPages, markedPacket, pdfPageTexts } from './documents-helpers.js';

describe(`decisions on documents on ${DRIVER}`, () => {
  let t: TestApp;
  let manager: Session;
  let key: Session & { keyId: string };
  let person: Session;
  let other: Session;
  let held: string;
  let packet: Uint8Array;
  const d = documentsDriver(() => t);

  beforeAll(async () => {
    t = await buildTestApp();
    manager = await signUp(t.app, { orgName: 'Harbour Lettings' });
    key = await apiKeySession(t.app, manager, 'Loan system');
    person = await addColleague(t.app, manager, 'Originator');
    other = await signUp(t.app, { orgName: 'Elsewhere Ltd' });
    held = await d.workflow(manager, 'Held splits', false);
    packet = await cleanPacket();
  }, 60_000);
  afterAll(() => t?.close());

  const docsFiled = async (s: Session, id: string) =>
    ((await d.inject(s, 'GET', '/api/applications')).json() as { id: string; docsFiled: number }[]).find((r) => r.id === id)!.docsFiled;
  const fileOf = async (s: Session, id: string, approvedDocId: string, headers: Record<string, string> = {}) =>
    d.inject(s, 'GET', `/api/applications/${id}/approved-docs/${approvedDocId}/file`, undefined, headers);

  it('approve, settle, junk and undo, each a ledger row with decidedBy and authenticatedAs; an undo refused while a later decision depends on it', async () => {
    const app = await d.run(key, 'standard-intake', d.newCase('Sarah Whitcombe', [{ name: 'packet.pdf', content: packet }]));
    const f = app.files[0]!.id;

    // An API key decides as an Originator can, as the key's name by default.
    const approved = await d.decide(key, app.id, `${f}:p1-1`, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().decision).toMatchObject({ kind: 'approve', address: `${f}:p1-1`, decidedBy: 'Loan system', authenticatedAs: `apiKey:${key.keyId}`, expectedDocId: 'payslips' });
    const settled = await d.decide(person, app.id, `${f}:p2-2`, 'settle', { decidedBy: 'Jo Reviewer' });
    expect(settled.statusCode, settled.body).toBe(200);
    const unmatched = await d.decide(person, app.id, `${f}:p3-3`, 'approve', { expectedDocId: 'unmatched' });
    expect(unmatched.statusCode, unmatched.body).toBe(200);
    const junked = await d.decide(manager, app.id, `${f}:p4-4`, 'junk');
    expect(junked.statusCode, junked.body).toBe(200);

    const docs = await d.documents(key, app.id);
    expect(docs.map((x) => x.address)).toEqual([`${f}:p1-1`, `${f}:p2-2`, `${f}:p3-3`]);
    expect(docs[0]!.approval).toMatchObject({ outcome: 'approved', decidedBy: 'Loan system', expectedDocId: 'payslips' });
    expect(docs[1]!).toMatchObject({ settled: true, expectedDocId: 'payslips', approval: { outcome: 'settled', decidedBy: 'Jo Reviewer', authenticatedAs: expect.stringMatching(/^user:/) } });
    expect(docs[1]!.approval!.approvedDocId).toBeUndefined();
    expect(docs[2]!.expectedDocId).toBeUndefined();
    expect(docs[2]!.approval).toMatchObject({ outcome: 'approved', expectedDocId: 'unmatched' });

    const rows = (await d.events(key, app.id)).filter((e) => e.action.startsWith('document.') && e.action !== 'document.proposed' && e.action !== 'document.flagged');
    expect(rows.map((e) => [e.action, e.target])).toEqual([
      ['document.approved', `document:${f}:p1-1`],
      ['document.settled', `document:${f}:p2-2`],
      ['document.approved', `document:${f}:p3-3`],
      ['document.junked', `document:${f}:p4-4`],
    ]);
    expect(rows[0]!.detail).toMatchObject({ decidedBy: 'Loan system', authenticatedAs: `apiKey:${key.keyId}`, approvedDocId: docs[0]!.approval!.approvedDocId });
    expect(rows[1]!.detail).toMatchObject({ decidedBy: 'Jo Reviewer', authenticatedAs: expect.stringMatching(/^user:/), expectedDocId: 'payslips' });
    expect(rows[2]!.detail).toMatchObject({ expectedDocId: 'unmatched' });
    expect(rows[3]!.detail).toMatchObject({ spans: [{ fileId: f, pages: [4] }], authenticatedAs: expect.stringMatching(/^user:/) });

    // Undo the junk: page 4 is listed again, as it was proposed.
    const junkId = junked.json().decision.id as string;
    const undone = await d.inject(person, 'POST', `/api/applications/${app.id}/decisions/${junkId}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().decision.undone).toMatchObject({ by: 'Originator Colleague', authenticatedAs: expect.stringMatching(/^user:/) });
    expect((await d.documents(key, app.id)).map((x) => x.address)).toEqual([`${f}:p1-1`, `${f}:p2-2`, `${f}:p3-3`, `${f}:p4-4`]);
    expect((await d.inject(person, 'POST', `/api/applications/${app.id}/decisions/${junkId}/undo`)).statusCode).toBe(409);

    // An approval a later decision built on cannot be undone until that one is.
    const first = approved.json().decision.id as string;
    const widened = await d.decide(person, app.id, `${f}:p4-4`, 'approve', { spans: [{ fileId: f, pages: [4] }], expectedDocId: 'bank-statements' });
    expect(widened.statusCode, widened.body).toBe(200);
    const junkAfter = await d.decide(person, app.id, `${f}:p4-4`, 'junk');
    expect(junkAfter.statusCode).toBe(409);
    const approvedDocId = docs[0]!.approval!.approvedDocId!;
    expect((await fileOf(key, app.id, approvedDocId)).statusCode).toBe(200);
    const undoFirst = await d.inject(key, 'POST', `/api/applications/${app.id}/decisions/${first}/undo`, { decidedBy: 'Loan system nightly' });
    expect(undoFirst.statusCode, undoFirst.body).toBe(200);
    // Its filed PDF is withdrawn; the document waits for a person again.
    expect((await fileOf(key, app.id, approvedDocId)).statusCode).toBe(404);
    const now = await d.documents(key, app.id);
    expect(now[0]!).toMatchObject({ address: `${f}:p1-1`, settled: false });
    expect(now[0]!.approval).toBeUndefined();
    const undoRow = (await d.events(key, app.id)).filter((e) => e.action === 'decision.undone').at(-1)!;
    expect(undoRow).toMatchObject({ target: `decision:${first}`, actor: `apiKey:${key.keyId}` });
    expect(undoRow.detail).toMatchObject({ kind: 'approve', decidedBy: 'Loan system nightly', approvedDocId });

    // A decision that depends on another: settling a remnant cut by new boundaries.
    const cut = await d.decide(person, app.id, `${f}:p1-1`, 'approve', { spans: [{ fileId: f, pages: [1] }, { fileId: f, pages: [2] }] });
    expect(cut.statusCode).toBe(409); // page 2 is settled
    const decisions = (await d.inject(key, 'GET', `/api/applications/${app.id}/decisions`)).json() as { id: string; kind: string; undone?: unknown }[];
    expect(decisions.map((x) => [x.kind, x.undone !== undefined])).toEqual([
      ['approve', true],
      ['settle', false],
      ['approve', false],
      ['junk', true],
      ['approve', false],
    ]);
  }, 120_000);

  it('a later decision that touched the same pages blocks an undo (409 naming it)', async () => {
    const app = await d.run(key, held, d.newCase('Sarah Whitcombe', [{ name: 'packet.pdf', content: packet }]));
    const f = app.files[0]!.id;
    const confirm = await d.decide(person, app.id, `${f}:p1-1`, 'approve');
    expect(confirm.statusCode, confirm.body).toBe(200);
    // p4 exists as a document only because the split was confirmed: junking it depends on that.
    const junk = await d.decide(person, app.id, `${f}:p4-4`, 'junk');
    expect(junk.statusCode, junk.body).toBe(200);
    const refused = await d.inject(person, 'POST', `/api/applications/${app.id}/decisions/${confirm.json().decision.id}/undo`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain(`decision ${junk.json().decision.id} (junk of ${f}:p4-4 by Originator Colleague`);
    expect((await d.inject(person, 'POST', `/api/applications/${app.id}/decisions/${junk.json().decision.id}/undo`)).statusCode).toBe(200);
    expect((await d.inject(person, 'POST', `/api/applications/${app.id}/decisions/${confirm.json().decision.id}/undo`)).statusCode).toBe(200);
    // Back to the range listed whole, its split unconfirmed.
    const docs = await d.documents(key, app.id);
    expect(docs.map((x) => x.address)).toEqual([`${f}:p1-4`]);
    expect(docs[0]!.proposedSplits).toHaveLength(4);
  }, 60_000);

  it('approving across files: one filed PDF with exactly the spans’ pages, in order (pdf.js reads them)', async () => {
    const a = await markedPacket('Alpha', 3);
    const b = await markedPacket('Bravo', 2);
    const app = await d.run(person, 'standard-intake', d.newCase('Sarah Whitcombe', [
      { name: 'alpha.pdf', content: a },
      { name: 'bravo.pdf', content: b },
    ]));
    const [fa, fb] = [app.files[0]!.id, app.files[1]!.id];
    const start = (await d.documents(person, app.id)).find((x) => x.spans[0]!.fileId === fa && x.spans[0]!.pages.includes(3))!;
    const res = await d.decide(person, app.id, start.address, 'approve', {
      spans: [
        { fileId: fa, pages: [3] },
        { fileId: fb, pages: [2, 1] },
      ],
      expectedDocId: 'landlord-reference',
    });
    expect(res.statusCode, res.body).toBe(200);
    const docs = await d.documents(person, app.id);
    const filed = docs.find((x) => x.approval)!;
    expect(filed).toMatchObject({ address: `${fa}:p3-3`, expectedDocId: 'landlord-reference', spans: [{ fileId: fa, pages: [3] }, { fileId: fb, pages: [2, 1] }] });
    expect(filed.title).toMatch(/^Landlord reference, page 3 of alpha\.pdf, pages 1–2 of bravo\.pdf$/);
    expect(listedPages(docs).sort()).toEqual([`${fa}:1`, `${fa}:2`, `${fa}:3`, `${fb}:1`, `${fb}:2`].sort());
    expect(new Set(listedPages(docs)).size).toBe(5);

    const pdf = await d.inject(person, 'GET', `/api/applications/${app.id}/approved-docs/${filed.approval!.approvedDocId}/file`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename=".+\.pdf"/);
    const texts = await pdfPageTexts(pdf.rawPayload);
    expect(texts).toHaveLength(3);
    expect(texts[0]).toMatch(/Alpha page 3 marker/);
    expect(texts[1]).toMatch(/Bravo page 2 marker/);
    expect(texts[2]).toMatch(/Bravo page 1 marker/);

    // Range requests on the filed PDF.
    const size = pdf.rawPayload.length;
    const part = await d.inject(person, 'GET', `/api/applications/${app.id}/approved-docs/${filed.approval!.approvedDocId}/file`, undefined, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${size}`);
    expect(Buffer.compare(part.rawPayload, pdf.rawPayload.subarray(0, 100))).toBe(0);
    const tail = await d.inject(person, 'GET', `/api/applications/${app.id}/approved-docs/${filed.approval!.approvedDocId}/file`, undefined, { range: 'bytes=-10' });
    expect(Buffer.compare(tail.rawPayload, pdf.rawPayload.subarray(size - 10))).toBe(0);
    const beyond = await d.inject(person, 'GET', `/api/applications/${app.id}/approved-docs/${filed.approval!.approvedDocId}/file`, undefined, { range: `bytes=${size}-` });
    expect(beyond.statusCode).toBe(416);
  }, 60_000);

  it('concurrent approvals of overlapping pages: one 200, one 409 naming the winner’s decision; the loser changed nothing', async () => {
    const app = await d.run(key, held, d.newCase('Sarah Whitcombe', [{ name: 'packet.pdf', content: packet }]));
    const f = app.files[0]!.id;
    const ledgerBefore = (await d.events(key, app.id)).length;
    const [r1, r2] = await Promise.all([
      d.decide(person, app.id, `${f}:p1-4`, 'approve', { spans: [{ fileId: f, pages: [1, 2] }] }),
      d.decide(key, app.id, `${f}:p2-2`, 'approve'),
    ]);
    const codes = [r1.statusCode, r2.statusCode].sort();
    expect(codes, `${r1.body} ${r2.body}`).toEqual([200, 409]);
    const [winner, loser] = r1.statusCode === 200 ? [r1, r2] : [r2, r1];
    const w = winner.json().decision;
    expect(loser.json()).toEqual({ error: expect.stringContaining(`decision ${w.id} (approve of `) });
    expect(loser.json().error).toContain(`by ${w.decidedBy}, ${w.decidedAt})`);
    const events = await d.events(key, app.id);
    expect(events.slice(ledgerBefore).filter((e) => e.action === 'document.approved')).toHaveLength(1);
    expect((await d.inject(key, 'GET', `/api/applications/${app.id}/decisions`)).json()).toHaveLength(1);
  }, 60_000);

  it('an approval that fills a line moves docsFiled (and records the case’s completeness)', async () => {
    const app = await d.run(key, held, d.newCase('Sarah Whitcombe', [{ name: 'packet.pdf', content: packet }]));
    const f = app.files[0]!.id;
    // Listed whole, the range is one payslip of the three its line needs.
    expect(await docsFiled(key, app.id)).toBe(0);
    expect((await d.decide(person, app.id, `${f}:p1-1`, 'approve')).statusCode).toBe(200);
    expect(await docsFiled(key, app.id)).toBe(1);
    const completeness = (await d.events(key, app.id)).filter((e) => e.action === 'case.completeness').at(-1)!;
    expect(completeness.detail).toMatchObject({ satisfied: 1, total: 7 });
  }, 60_000);

  it('another organization’s case, document, decision or filed PDF is 404 to every new operation', async () => {
    const app: Application = await d.run(key, 'standard-intake', d.newCase('Sarah Whitcombe', [{ name: 'packet.pdf', content: packet }]));
    const f = app.files[0]!.id;
    const approved = await d.decide(key, app.id, `${f}:p1-1`, 'approve');
    const decisionId = approved.json().decision.id as string;
    const approvedDocId = approved.json().decision.approvedDocId as string;
    const theirs = await d.run(other, 'standard-intake', d.newCase('Sarah Whitcombe', [{ name: 'packet.pdf', content: packet }]));
    const calls: [string, 'GET' | 'POST', string, unknown?][] = [
      ['list', 'GET', `/api/applications/${app.id}/documents`],
      ['approve', 'POST', `/api/applications/${app.id}/documents/${f}:p2-2/approve`],
      ['settle', 'POST', `/api/applications/${app.id}/documents/${f}:p2-2/settle`],
      ['junk', 'POST', `/api/applications/${app.id}/documents/${f}:p2-2/junk`],
      ['decisions', 'GET', `/api/applications/${app.id}/decisions`],
      ['undo', 'POST', `/api/applications/${app.id}/decisions/${decisionId}/undo`],
      ['completeness', 'GET', `/api/applications/${app.id}/completeness`],
      ['file', 'GET', `/api/applications/${app.id}/approved-docs/${approvedDocId}/file`],
      ['md', 'GET', `/api/applications/${app.id}/approved-docs/${approvedDocId}/file?kind=md`],
      ['text', 'GET', `/api/applications/${app.id}/text`],
      ['pages', 'GET', `/api/applications/${app.id}/pages-pdf?span=${f}:p1-1`],
      // Their own case, with our ids inside it.
      ['their case, our file', 'GET', `/api/applications/${theirs.id}/pages-pdf?span=${f}:p1-1`],
      ['their case, our decision', 'POST', `/api/applications/${theirs.id}/decisions/${decisionId}/undo`],
      ['their case, our filed PDF', 'GET', `/api/applications/${theirs.id}/approved-docs/${approvedDocId}/file`],
      ['their case, our address', 'POST', `/api/applications/${theirs.id}/documents/${f}:p2-2/approve`],
      ['their case, our file in spans', 'POST', `/api/applications/${theirs.id}/documents/${theirs.files[0]!.id}:p1-1/approve`, { spans: [{ fileId: f, pages: [1] }, { fileId: theirs.files[0]!.id, pages: [1] }] }],
    ];
    for (const [what, method, url, body] of calls) {
      const res = await d.inject(other, method, url, body);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(404);
      expect(res.json().error, what).toEqual(expect.any(String));
    }
    // Nothing of ours changed.
    expect((await d.documents(key, app.id))[0]!.approval?.decisionId).toBe(decisionId);
  }, 120_000);

  it('bad input is a 400 naming what is wrong, never a 500', async () => {
    const app = await d.run(key, 'standard-intake', d.newCase('Sarah Whitcombe', [{ name: 'packet.pdf', content: packet }]));
    const f = app.files[0]!.id;
    const cases: [string, string, unknown, RegExp][] = [
      ['approve', `${f}:p2-2`, { expectedDocId: 'no-such-line' }, /expectedDocId/],
      ['approve', `${f}:p2-2`, { spans: [{ fileId: f, pages: [9] }] }, /has 4 pages/],
      ['approve', `${f}:p2-2`, { spans: [{ fileId: f, pages: [3] }] }, /must include a page/],
      ['approve', `${f}:p2-2`, { spans: [{ fileId: f, pages: [2, 2] }] }, /named twice/],
      ['approve', `${f}:p2-2`, { spans: [] }, /spans/],
      ['junk', `${f}:p2-2`, { spans: [{ fileId: f, pages: [3] }] }, /junk only pages/],
      ['approve', 'not-an-address', undefined, /address/],
    ];
    for (const [kind, address, body, error] of cases) {
      const res = await d.decide(key, app.id, address, kind as 'approve', body);
      expect(res.statusCode, `${kind} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(res.json().error).toMatch(error);
    }
    expect((await d.decide(key, app.id, `${f}:p2-3`, 'approve')).statusCode).toBe(404);
  }, 60_000);
});
