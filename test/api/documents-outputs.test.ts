import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Application } from '@portal/shared';
import { apiKeySession, buildTestApp, DRIVER, signUp, type Session, type TestApp } from '../helper.js';
import { documentsDriver, markedPacket, pdfPageTexts } from './documents-helpers.js';

/** The page markers of a markdown text, in order, each with the text up to the next marker. */
function markedPages(md: string): { page: string; text: string }[] {
  const parts = md.split(/<!-- page ([^ ]+:p\d+) -->/);
  const out: { page: string; text: string }[] = [];
  for (let i = 1; i < parts.length; i += 2) out.push({ page: parts[i]!, text: parts[i + 1]! });
  return out;
}

describe(`what integrators read: filed PDFs, text, pages on ${DRIVER}`, () => {
  let t: TestApp;
  let manager: Session;
  let key: Session;
  let app: Application;
  let fa: string;
  let fb: string;
  const d = documentsDriver(() => t);

  beforeAll(async () => {
    t = await buildTestApp();
    manager = await signUp(t.app, { orgName: 'Harbour Lettings' });
    key = await apiKeySession(t.app, manager, 'Loan system');
    app = await d.run(key, 'standard-intake', d.newCase('Sarah Whitcombe', [
      { name: 'alpha.pdf', content: await markedPacket('Alpha', 3) },
      { name: 'bravo.pdf', content: await markedPacket('Bravo', 2) },
    ]));
    [fa, fb] = [app.files[0]!.id, app.files[1]!.id];
  }, 60_000);
  afterAll(() => t?.close());

  it('?kind=md of a filed document: a page marker before each page’s text, in the document’s order', async () => {
    const start = (await d.documents(key, app.id)).find((x) => x.spans[0]!.fileId === fb)!;
    const res = await d.decide(key, app.id, start.address, 'approve', { spans: [{ fileId: fb, pages: [2, 1] }] });
    expect(res.statusCode, res.body).toBe(200);
    const md = await d.inject(key, 'GET', `/api/applications/${app.id}/approved-docs/${res.json().decision.approvedDocId}/file?kind=md`);
    expect(md.statusCode).toBe(200);
    expect(md.headers['content-type']).toBe('text/markdown; charset=utf-8');
    const pages = markedPages(md.body);
    expect(pages.map((p) => p.page)).toEqual([`${fb}:p2`, `${fb}:p1`]);
    expect(pages[0]!.text).toMatch(/Bravo page 2 marker/);
    expect(pages[0]!.text).not.toMatch(/Bravo page 1 marker/);
    expect(pages[1]!.text).toMatch(/Bravo page 1 marker/);
  });

  it('/text: every listed document in page order, front matter naming it, a marker before each page matching its text', async () => {
    const docs = await d.documents(key, app.id);
    const res = await d.inject(key, 'GET', `/api/applications/${app.id}/text`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
    // Uploaders' names and text verbatim: a download, never rendered inline.
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${app.id}.md"; filename*=UTF-8''${app.id}.md`);
    const md = res.body;
    const fronts = [...md.matchAll(/^---\n([\s\S]*?)\n---$/gm)].map((m) => m[1]!);
    expect(fronts).toHaveLength(docs.length);
    fronts.forEach((front, i) => {
      const doc = docs[i]!;
      expect(front).toContain(`address: ${JSON.stringify(doc.address)}`);
      expect(front).toContain(`type: ${JSON.stringify(doc.document.docType)}`);
      expect(front).toContain(`line: ${JSON.stringify(doc.expectedDocId ?? null)}`);
      expect(front).toMatch(/^keyData:/m);
    });
    const pages = markedPages(md);
    expect(pages.map((p) => p.page)).toEqual(docs.flatMap((x) => x.spans.flatMap((s) => s.pages.map((p) => `${s.fileId}:p${p}`))));
    for (const p of pages) {
      const [file, n] = p.page.split(':p') as [string, string];
      expect(p.text).toMatch(new RegExp(`${file === fa ? 'Alpha' : 'Bravo'} page ${n} marker`));
    }
  });

  it('pages-pdf: two spans in reverse order, as one PDF in the order given; a bad span 400, a foreign file 404', async () => {
    const res = await d.inject(key, 'GET', `/api/applications/${app.id}/pages-pdf?span=${fb}:p1-2&span=${fa}:p2-3`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const texts = await pdfPageTexts(res.rawPayload);
    expect(texts.map((x) => /(\w+) page (\d) marker/.exec(x)!.slice(1).join(' '))).toEqual(['Bravo 1', 'Bravo 2', 'Alpha 2', 'Alpha 3']);
    const single = await d.inject(key, 'GET', `/api/applications/${app.id}/pages-pdf?span=${fa}:p3-3`);
    expect(await pdfPageTexts(single.rawPayload)).toHaveLength(1);
    for (const bad of [`${fa}:p3-1`, `${fa}:p0-1`, `${fa}:p1-9`, `${fa}-p1-2`, '']) {
      const r = await d.inject(key, 'GET', `/api/applications/${app.id}/pages-pdf?span=${encodeURIComponent(bad)}`);
      expect(r.statusCode, `${bad}: ${r.body}`).toBe(400);
      expect(r.json().error).toMatch(/span/);
    }
    expect((await d.inject(key, 'GET', `/api/applications/${app.id}/pages-pdf`)).statusCode).toBe(400);
    expect((await d.inject(key, 'GET', `/api/applications/${app.id}/pages-pdf?span=fil_nothere:p1-1`)).statusCode).toBe(404);
  });

  it('the documents listing answers a repeated poll with 304 until a decision changes it', async () => {
    const first = await d.inject(key, 'GET', `/api/applications/${app.id}/documents`);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\//);
    expect((await d.inject(key, 'GET', `/api/applications/${app.id}/documents`, undefined, { 'if-none-match': etag })).statusCode).toBe(304);
    const target = (await d.documents(key, app.id)).find((x) => !x.approval)!;
    expect((await d.decide(key, app.id, target.address, 'settle')).statusCode).toBe(200);
    const after = await d.inject(key, 'GET', `/api/applications/${app.id}/documents`, undefined, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.json().find((x: { address: string }) => x.address === target.address).approval.outcome).toBe('settled');
  });
});
