import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Application, PageLines, type DocumentEntry } from '@portal/shared';
import { apiKeySession, buildTestApp, DRIVER, signUp, type Session, type TestApp } from '../helper.js';
import { form, textPdf } from './applications-helpers.js';
import { documentsDriver, passportPdf } from './documents-helpers.js';

describe(`GET /applications/{id}/files/{fileId}/pages/{page}/lines on ${DRIVER}`, () => {
  let t: TestApp;
  let manager: Session;
  let key: Session;
  let other: Session;
  let app: Application;
  let doc: DocumentEntry;
  const d = documentsDriver(() => t);
  const expiry = new Date(Date.UTC(2031, 4, 17));

  beforeAll(async () => {
    t = await buildTestApp();
    manager = await signUp(t.app, { orgName: 'Harbour Lettings' });
    other = await signUp(t.app, { orgName: 'Elsewhere Ltd' });
    key = await apiKeySession(t.app, manager, 'Viewer');
    app = await d.run(key, 'standard-intake', d.newCase('Niamh Holloway', [{ name: 'passport.pdf', content: await passportPdf(expiry) }]));
    doc = (await d.documents(key, app.id))[0]!;
  }, 60_000);
  afterAll(() => t?.close());

  const lines = (s: Session, url: string) => d.inject(s, 'GET', `/api/applications/${url}`);

  it('answers the page’s lines in reading order; a key value’s provenance line is where its text sits, boxes top-left origin', async () => {
    const where = doc.document.keyFields.expiryDate!;
    expect(where).toMatchObject({ fileId: app.files[0]!.id, page: 1 });
    const res = await lines(manager, `${app.id}/files/${where.fileId}/pages/${where.page}/lines`);
    expect(res.statusCode, res.body).toBe(200);
    const body = PageLines.parse(res.json());
    expect(body).toMatchObject({ fileId: where.fileId, page: 1, scan: false });
    // makePdf's default sheet is A4, in points.
    expect(body.width).toBeCloseTo(595.28, 1);
    expect(body.height).toBeCloseTo(841.89, 1);
    expect(body.lines.map((l) => l.line)).toEqual(body.lines.map((_, i) => i));
    const read = body.lines[where.line]!;
    expect(read.text).toContain('17 MAY');
    // The fixture draws that line with its left at x=200pt, its top 226pt below the page's top edge.
    expect(read.box.x).toBeGreaterThan(195);
    expect(read.box.x).toBeLessThan(205);
    expect(read.box.y).toBeGreaterThan(220);
    expect(read.box.y + read.box.height).toBeLessThan(245);
    expect(read.box.width).toBeGreaterThan(20);
    // Reading order runs down the page: the title line sits above the machine-readable zone.
    const title = body.lines.find((l) => l.text.includes('PASSPORT'))!;
    const mrz = body.lines.find((l) => l.text.startsWith('P<GBR'))!;
    expect(title.box.y).toBeLessThan(mrz.box.y);
    expect(title.line).toBeLessThan(mrz.line);
  });

  it('404 for another organization’s case, an unknown case, file or page past the file’s end; 400 a bad page', async () => {
    const fileId = app.files[0]!.id;
    const notFound = [
      await lines(other, `${app.id}/files/${fileId}/pages/1/lines`),
      await lines(manager, `app_nothinghere/files/${fileId}/pages/1/lines`),
      await lines(manager, `${app.id}/files/file_nothinghere/pages/1/lines`),
      await lines(manager, `${app.id}/files/${fileId}/pages/2/lines`),
    ];
    for (const res of notFound) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error).toEqual(expect.any(String));
    }
    expect(notFound[3]!.json().error).toMatch(/1 page, not 2/);
    for (const page of ['0', '-1', 'one', '1.5']) {
      const res = await lines(manager, `${app.id}/files/${fileId}/pages/${page}/lines`);
      expect(res.statusCode, `${page}: ${res.body}`).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
  });

  it('404 with a clear error for a page of a file no run has read yet', async () => {
    const created = await d.inject(key, 'POST', '/api/applications', { expectedDocListId: 'tenancy-application', applicantName: 'Sarah Whitcombe' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const body = form([{ name: 'files', filename: 'unread.pdf', content: await textPdf([['Nobody has read me yet']]) }]);
    const uploaded = await t.app.inject({ method: 'POST', url: `/api/applications/${id}/files`, headers: { ...key.headers, ...body.headers }, payload: body.payload });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const fileId = Application.parse(uploaded.json()).files[0]!.id;
    const res = await lines(key, `${id}/files/${fileId}/pages/1/lines`);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().error).toMatch(/not been read by a run yet/);
  });
});
