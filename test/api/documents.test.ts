import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocumentEntry, NEEDS_REVIEW_BELOW } from '@portal/shared';
import { addColleague, apiKeySession, buildTestApp, DRIVER, signUp, type Session, type TestApp } from '../helper.js';
import { cleanPacket, form } from './applications-helpers.js';
import { documentsDriver, listedPages, markedPacket, passportPdf } from './documents-helpers.js';

describe(`documents and decisions on ${DRIVER}`, () => {
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

  const pieceAddresses = (fileId: string) => [1, 2, 3, 4].map((p) => `${fileId}:p${p}-${p}`);

  describe('rule 1: a range that reads as several documents is listed whole until its split is confirmed', () => {
    it('lists the range once, with its proposed split points and alternatives, and nothing of its pieces', async () => {
      const app = await d.run(key, held, d.newCase('Sarah Whitcombe', [{ name: 'packet.pdf', content: packet }]));
      const fileId = app.files[0]!.id;
      const docs = await d.documents(key, app.id);
      expect(docs).toHaveLength(1);
      const [whole] = docs as [DocumentEntry];
      expect(whole.address).toBe(`${fileId}:p1-4`);
      expect(whole.spans).toEqual([{ fileId, pages: [1, 2, 3, 4] }]);
      expect(whole.settled).toBe(false);
      expect(whole.approval).toBeUndefined();
      expect(whole.proposedSplits.map((p) => p.address)).toEqual(pieceAddresses(fileId));
      expect(whole.proposedSplits.map((p) => p.docType)).toEqual(['payslip', 'payslip', 'payslip', 'bank-statement']);
      for (const p of whole.proposedSplits) expect(p.boundaryConfidence).toBeGreaterThan(0);
      expect(Array.isArray(whole.document.alternatives)).toBe(true);
      expect(whole.document.suggestedName).toMatch(/\.pdf$/);
      // The ledger names the range as proposed whole; its pieces wait beside it.
      const proposed = (await d.events(key, app.id)).filter((e) => e.action === 'document.proposed');
      expect(proposed.find((e) => e.target === `document:${fileId}:p1-4`)?.detail).toMatchObject({ splitProposed: true });
      expect(proposed.filter((e) => e.detail.splitOf === `${fileId}:p1-4`)).toHaveLength(4);
      expect(listedPages(docs)).toEqual([1, 2, 3, 4].map((p) => `${fileId}:${p}`));
    }, 60_000);
  });

  describe('rule 2: after confirmation the pieces replace the range, each with its own address, nothing cut or re-parsed', () => {
    it('a split confirmed by a person approving a piece', async () => {
      const app = await d.run(key, held, d.newCase('Sarah Whitcombe', [{ name: 'packet.pdf', content: packet }]));
      const fileId = app.files[0]!.id;
      const before = (await d.documents(key, app.id))[0]!;
      const res = await d.decide(person, app.id, `${fileId}:p2-2`, 'approve');
      expect(res.statusCode, res.body).toBe(200);
      const docs = await d.documents(key, app.id);
      expect(docs.map((x) => x.address)).toEqual(pieceAddresses(fileId));
      for (const x of docs) expect(x.splitOf).toBe(`${fileId}:p1-4`);
      expect(docs.map((x) => x.proposedSplits)).toEqual([[], [], [], []]);
      const filed = docs[1]!;
      expect(filed.approval).toMatchObject({ outcome: 'approved', decidedBy: 'Originator Colleague', authenticatedAs: expect.stringMatching(/^user:/), expectedDocId: 'payslips' });
      expect(filed.approval!.approvedDocId).toEqual(expect.any(String));
      expect(filed.expectedDocId).toBe('payslips');
      expect(filed.settled).toBe(true);
      // Nothing re-read: each piece carries what the run read of its own pages, with provenance.
      expect(filed.document.extractKeyData).toMatchObject({ payDate: '2025-04-28' });
      expect(filed.document.keyFields.payDate).toMatchObject({ fileId, page: 2, line: expect.any(Number), confidence: expect.any(Number) });
      expect(docs[0]!.document.extractKeyData).toMatchObject({ payDate: '2025-03-28' });
      // What needs review follows the calibrated confidences the entry carries (a corrected value is sure).
      for (const x of docs) {
        expect(x.document.needsReview).toEqual({
          type: x.document.confidence < NEEDS_REVIEW_BELOW,
          boundary: expect.any(Boolean),
          fields: Object.entries(x.document.keyFields).filter(([, f]) => !f.corrected && f.confidence < NEEDS_REVIEW_BELOW).map(([k]) => k),
        });
      }
      expect(docs.map((x) => x.document.docType)).toEqual(before.proposedSplits.map((p) => p.docType));
      const approved = (await d.events(key, app.id)).find((e) => e.action === 'document.approved')!;
      expect(approved).toMatchObject({ target: `document:${fileId}:p2-2`, actor: expect.stringMatching(/^user:/) });
      expect(approved.detail).toMatchObject({ splitConfirmed: `${fileId}:p1-4`, replaced: [`${fileId}:p1-4`], decidedBy: 'Originator Colleague', expectedDocId: 'payslips' });
    }, 60_000);

    it('a split followed by the workflow (classify-and-file followSplits)', async () => {
      const app = await d.run(key, 'standard-intake', d.newCase('Sarah Whitcombe', [{ name: 'packet.pdf', content: packet }]));
      const fileId = app.files[0]!.id;
      const docs = await d.documents(key, app.id);
      expect(docs.map((x) => x.address)).toEqual(pieceAddresses(fileId));
      for (const x of docs) {
        expect(x.splitOf).toBe(`${fileId}:p1-4`);
        expect(x.proposedSplits).toEqual([]);
        expect(x.approval).toBeUndefined();
      }
      expect(docs.map((x) => x.expectedDocId)).toEqual(['payslips', 'payslips', 'payslips', 'bank-statements']);
    }, 60_000);
  });

  describe('rule 3: each page listed once; an approved page belongs only to its document; a junked page is not listed', () => {
    it('new boundaries take pages from their neighbours, which stay listed as what is left of them', async () => {
      const app = await d.run(key, 'standard-intake', d.newCase('Sarah Whitcombe', [{ name: 'packet.pdf', content: packet }]));
      const f = app.files[0]!.id;
      const res = await d.decide(key, app.id, `${f}:p2-2`, 'approve', { spans: [{ fileId: f, pages: [2, 3] }], decidedBy: 'Jo Underwriter' });
      expect(res.statusCode, res.body).toBe(200);
      let docs = await d.documents(key, app.id);
      expect(docs.map((x) => x.address)).toEqual([`${f}:p1-1`, `${f}:p2-3`, `${f}:p4-4`]);
      expect(listedPages(docs)).toEqual([1, 2, 3, 4].map((p) => `${f}:${p}`));
      expect(docs[1]!.approval).toMatchObject({ decidedBy: 'Jo Underwriter', authenticatedAs: `apiKey:${key.keyId}` });
      // The approved pages belong to it alone: another decision on one of them is refused.
      const again = await d.decide(person, app.id, `${f}:p2-3`, 'junk');
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatch(/already decided: decision dec_\w+ \(approve of .+ by Jo Underwriter, /);
      const junk = await d.decide(person, app.id, `${f}:p4-4`, 'junk');
      expect(junk.statusCode, junk.body).toBe(200);
      docs = await d.documents(key, app.id);
      expect(docs.map((x) => x.address)).toEqual([`${f}:p1-1`, `${f}:p2-3`]);
      expect(listedPages(docs)).toEqual([1, 2, 3].map((p) => `${f}:${p}`));
      expect(new Set(listedPages(docs)).size).toBe(listedPages(docs).length);
    }, 60_000);
  });

  describe('addresses', () => {
    it('stay the same, decisions included, across a second run that adds a file', async () => {
      const app = await d.run(key, 'standard-intake', d.newCase('Sarah Whitcombe', [{ name: 'packet.pdf', content: packet }]));
      const f = app.files[0]!.id;
      expect((await d.decide(person, app.id, `${f}:p1-1`, 'approve')).statusCode).toBe(200);
      expect((await d.decide(person, app.id, `${f}:p4-4`, 'settle')).statusCode).toBe(200);
      const before = await d.documents(key, app.id);

      const extra = form([{ name: 'files', filename: 'statement.pdf', content: await markedPacket('Later', 2) }]);
      const added = await t.app.inject({ method: 'POST', url: `/api/applications/${app.id}/files`, headers: { ...key.headers, ...extra.headers }, payload: extra.payload });
      expect(added.statusCode, added.body).toBe(201);
      const second = await d.run(key, 'standard-intake', [{ name: 'applicationId', value: app.id }]);
      expect(second.run.number).toBe(2);
      const g = second.files[1]!.id;
      const after = await d.documents(key, app.id);
      expect(after.slice(0, before.length)).toEqual(before);
      expect(after.length).toBeGreaterThan(before.length);
      expect(after.slice(before.length).every((x) => x.spans[0]!.fileId === g)).toBe(true);
      expect(listedPages(after)).toEqual([...[1, 2, 3, 4].map((p) => `${f}:${p}`), `${g}:1`, `${g}:2`]);
    }, 60_000);
  });

  describe('key data checks', () => {
    it('an identity document expiring within the window, or expired, is flagged on the document and in the ledger', async () => {
      const day = 86_400_000;
      const soon = await d.run(key, 'standard-intake', d.newCase('Niamh Holloway', [{ name: 'passport.pdf', content: await passportPdf(new Date(Date.now() + 12 * day)) }]));
      const [doc] = await d.documents(key, soon.id);
      expect(doc).toMatchObject({ expectedDocId: 'photo-id', document: { docType: 'passport' } });
      expect(doc!.document.extractKeyData.expiryDate).toEqual(expect.any(String));
      expect(doc!.document.keyFields.expiryDate).toMatchObject({ page: 1 });
      expect(doc!.document.findings).toContainEqual(expect.objectContaining({ check: 'expiry-check', code: 'expiring_soon' }));
      expect(doc!.document.findings.filter((f) => f.check === 'applicant-name-match')).toEqual([]);
      expect((await d.events(key, soon.id)).find((e) => e.action === 'document.flagged')?.detail).toMatchObject({ check: 'expiry-check', code: 'expiring_soon' });
      const late = await d.run(key, 'standard-intake', d.newCase('Niamh Holloway', [{ name: 'passport.pdf', content: await passportPdf(new Date(Date.now() - 40 * day)) }]));
      const [expired] = await d.documents(key, late.id);
      expect(expired!.document.findings).toContainEqual(expect.objectContaining({ check: 'expiry-check', code: 'expired' }));
    }, 120_000);

    it('accepts the applicant’s name in another order, with initials or accents, and flags another person’s on the document and in the ledger', async () => {
      for (const applicant of ['Whitcombe, Sarah', 'S. Whitcombé', 'Ms Sarah WHITCOMBE']) {
        const app = await d.run(key, 'standard-intake', d.newCase(applicant, [{ name: 'packet.pdf', content: packet }]));
        const docs = await d.documents(key, app.id);
        expect(docs.flatMap((x) => x.document.findings).filter((f) => f.check === 'applicant-name-match'), applicant).toEqual([]);
      }
      const app = await d.run(key, 'standard-intake', d.newCase('Jonathan Pryce', [{ name: 'packet.pdf', content: packet }]));
      const docs = await d.documents(key, app.id);
      const payslip = docs[0]!;
      expect(payslip.document.findings).toContainEqual(expect.objectContaining({ check: 'applicant-name-match', code: 'name_mismatch', note: expect.stringMatching(/Sarah Whitcombe/) }));
      const flagged = (await d.events(key, app.id)).filter((e) => e.action === 'document.flagged' && e.target === `document:${payslip.address}`);
      expect(flagged[0]?.detail).toMatchObject({ check: 'applicant-name-match', code: 'name_mismatch' });
      // What is missing of the list, as decided so far.
      const completeness = (await d.inject(key, 'GET', `/api/applications/${app.id}/completeness`)).json();
      expect(completeness).toMatchObject({ satisfied: 1, total: 7 });
      expect(completeness.lines.find((l: { expectedDocId: string }) => l.expectedDocId === 'photo-id')).toMatchObject({ have: 0, need: 1, missing: true });
      expect(completeness.lines.find((l: { expectedDocId: string }) => l.expectedDocId === 'payslips')).toMatchObject({ have: 3, approved: 0, missing: false });
    }, 120_000);
  });
});

