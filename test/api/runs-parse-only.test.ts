import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DRIVER, signUp, type Session, type TestApp } from '../helper.js';
import { cleanPacket, textPdf } from './applications-helpers.js';
import { documentsDriver, listedPages } from './documents-helpers.js';

/**
 * A workflow holding only the spine (Preview, Parse: what POST /workflows creates) reads the
 * files and proposes nothing; the documents rules still list each page once (spec Part 2): each
 * file whole, as one range, unfiled, for people to split and file.
 */
describe(`a run that only parses, on ${DRIVER}`, () => {
  let t: TestApp;
  let manager: Session;
  let spineOnly: string;
  const d = documentsDriver(() => t);

  beforeAll(async () => {
    t = await buildTestApp();
    manager = await signUp(t.app, { orgName: 'Parse Only Lettings' });
    const created = await d.inject(manager, 'POST', '/api/workflows', { name: 'Just parse' });
    expect(created.statusCode, created.body).toBe(201);
    spineOnly = created.json().id;
    const read = await d.inject(manager, 'GET', `/api/workflows/${spineOnly}/1`);
    expect(read.json().steps.map((s: { tool: string }) => s.tool)).toEqual(['preview', 'parse']);
    const active = await d.inject(manager, 'POST', `/api/workflows/${spineOnly}/1/activate`);
    expect(active.statusCode, active.body).toBe(200);
  }, 60_000);
  afterAll(() => t?.close());

  it('lists each file whole, unfiled and unmatched, every page once, for people to split and file', async () => {
    const letter = await textPdf([['A covering letter from Sarah Whitcombe', 'Please find my documents enclosed.']]);
    const app = await d.run(manager, spineOnly, d.newCase('Sarah Whitcombe', [
      { name: 'packet.pdf', content: await cleanPacket() },
      { name: 'letter.pdf', content: letter },
    ]));
    expect(app.run.state).toBe('report');
    const [packet, cover] = app.files as [(typeof app.files)[number], (typeof app.files)[number]];
    const docs = await d.documents(manager, app.id);
    expect(docs.map((e) => e.address)).toEqual([`${packet.id}:p1-4`, `${cover.id}:p1-1`]);
    expect(listedPages(docs)).toEqual([...[1, 2, 3, 4].map((p) => `${packet.id}:${p}`), `${cover.id}:1`]);
    for (const e of docs) {
      expect(e.expectedDocId).toBeUndefined();
      expect(e.settled).toBe(false);
      expect(e.approval).toBeUndefined();
      expect(e.proposedSplits).toEqual([]);
      expect(e.document).toMatchObject({ docType: 'fallback', source: 'parse', extractKeyData: {}, needsReview: { type: true, boundary: false } });
    }
    expect(docs[0]!.title).toBe('Document, pages 1–4 of packet.pdf');
    expect(docs[1]!.title).toBe('Document, page 1 of letter.pdf');
    // The pages were read: a person sees their lines.
    const lines = await d.inject(manager, 'GET', `/api/applications/${app.id}/files/${packet.id}/pages/4/lines`);
    expect(lines.statusCode, lines.body).toBe(200);
    expect(lines.json().lines.map((l: { text: string }) => l.text)).toContain('Current account statement');
    expect(lines.json().source).toBe('text');

    const events = await d.events(manager, app.id);
    expect(events.filter((e) => e.action === 'document.proposed').map((e) => [e.target, e.detail.source])).toEqual([
      [`document:${packet.id}:p1-4`, 'parse'],
      [`document:${cover.id}:p1-1`, 'parse'],
    ]);
    expect(events.find((e) => e.action === 'run.reported')?.detail).toMatchObject({ documents: 2, filed: 0 });
    const listing = (await d.inject(manager, 'GET', '/api/applications')).json().find((c: { id: string }) => c.id === app.id);
    expect(listing).toMatchObject({ docsFiled: 0, docsTotal: 7 });

    // A person splits the range by filing its first page; the rest stays listed whole.
    const filed = await d.decide(manager, app.id, `${packet.id}:p1-4`, 'approve', { spans: [{ fileId: packet.id, pages: [1] }], expectedDocId: 'payslips' });
    expect(filed.statusCode, filed.body).toBe(200);
    const after = await d.documents(manager, app.id);
    expect(after.map((e) => [e.address, e.expectedDocId ?? null, e.settled])).toEqual([
      [`${packet.id}:p1-1`, 'payslips', true],
      [`${packet.id}:p2-4`, null, false],
      [`${cover.id}:p1-1`, null, false],
    ]);
    expect(listedPages(after)).toEqual(listedPages(docs));
  }, 60_000);
});
