import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Application } from '@portal/shared';
import { apiKeySession, buildTestApp, DRIVER, signUp, type Session, type TestApp } from '../helper.js';
import { documentsDriver, markedPacket, pdfPageTexts, rawAndDecoded } from './documents-helpers.js';

/** Written uncompressed into page 3's content stream. */
const PAGE3_MARKER = 'Isolation-secret-of-page-three-4f1c9a';
/** The pixels of an image only page 3 draws (one row of grey, one byte a pixel). */
const PAGE3_PIXELS = 'Isolation-pixels-of-page-three-77e2b0';

/**
 * A three-page packet whose page 1 points at page 3 every way a copy would follow: a link whose
 * /P and /Dest name page 3, a comment annotation whose /P names page 3, a GoTo link to page 2,
 * /StructParents, and an outline entry to page 3. Page 3 carries a marker in an uncompressed
 * content stream and an image of its own.
 */
async function pointingPacket(): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await markedPacket('Isolation', 3));
  const ctx = doc.context;
  const [page1, page2, page3] = [doc.getPage(0), doc.getPage(1), doc.getPage(2)];
  const image = ctx.register(
    ctx.stream(PAGE3_PIXELS, { Type: 'XObject', Subtype: 'Image', Width: PAGE3_PIXELS.length, Height: 1, ColorSpace: 'DeviceGray', BitsPerComponent: 8 }),
  );
  const secret = ctx.register(ctx.stream(`BT /Fsecret 14 Tf 60 500 Td (${PAGE3_MARKER}) Tj ET q ${PAGE3_PIXELS.length} 0 0 10 60 400 cm /ImSecret Do Q`));
  page3.node.set(PDFName.of('Contents'), ctx.obj([page3.node.get(PDFName.of('Contents'))!, secret]));
  const resources = page3.node.Resources()!;
  resources.set(PDFName.of('XObject'), ctx.obj({ ImSecret: image }));
  resources.lookup(PDFName.of('Font'), PDFDict).set(PDFName.of('Fsecret'), ctx.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Courier' }));
  const rect = [60, 60, 200, 80];
  const annots = [
    { Type: 'Annot', Subtype: 'Link', Rect: rect, P: page3.ref, Dest: [page3.ref, 'Fit'] },
    { Type: 'Annot', Subtype: 'Text', Rect: rect, P: page3.ref, Contents: PDFString.of('A comment') },
    { Type: 'Annot', Subtype: 'Link', Rect: rect, P: page1.ref, A: { S: 'GoTo', D: [page2.ref, 'XYZ', null, null, null] } },
  ].map((a) => ctx.register(ctx.obj(a as never)));
  page1.node.set(PDFName.of('Annots'), ctx.obj(annots));
  page1.node.set(PDFName.of('StructParents'), ctx.obj(0));
  const outlines = ctx.nextRef();
  const item = ctx.register(ctx.obj({ Title: PDFString.of('Page three'), Parent: outlines, Dest: [page3.ref, 'Fit'] }));
  ctx.assign(outlines, ctx.obj({ Type: 'Outlines', First: item, Last: item, Count: 1 }));
  doc.catalog.set(PDFName.of('Outlines'), outlines);
  return doc.save({ useObjectStreams: false });
}

/** Asserts a served PDF holds exactly `pages` pages and nothing of page 3; the parsed document. */
async function expectIsolated(bytes: Uint8Array, texts: RegExp[]): Promise<PDFDocument> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const text = rawAndDecoded(bytes, doc);
  expect(text).not.toContain(PAGE3_MARKER);
  expect(text).not.toContain(PAGE3_PIXELS);
  expect(text).not.toContain('Isolation page 3 marker');
  expect(doc.getPageCount()).toBe(texts.length);
  // No page object besides those of the page tree: no other page rides along unlisted.
  const pageObjects = doc.context.enumerateIndirectObjects().filter(([, o]) => o instanceof PDFDict && o.get(PDFName.of('Type')) === PDFName.of('Page'));
  expect(pageObjects.map(([r]) => r.toString()).sort()).toEqual(doc.getPages().map((p) => p.ref.toString()).sort());
  // No image at all: the pages cut draw none.
  const images = doc.context.enumerateIndirectObjects().filter(([, o]) => o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
  expect(images).toEqual([]);
  expect(await pdfPageTexts(bytes)).toEqual(texts.map((t) => expect.stringMatching(t)));
  return doc;
}

const annotationsOf = (doc: PDFDocument, index: number) =>
  (doc.getPage(index).node.lookup(PDFName.of('Annots'), PDFArray)?.asArray() ?? []).map((a) => [a, doc.context.lookup(a, PDFDict)] as const);

describe(`a cut holds its pages and nothing else of the packet on ${DRIVER}`, () => {
  let t: TestApp;
  let key: Session;
  let app: Application;
  let packet: Uint8Array;
  const d = documentsDriver(() => t);

  beforeAll(async () => {
    t = await buildTestApp();
    const manager = await signUp(t.app, { orgName: 'Harbour Lettings' });
    key = await apiKeySession(t.app, manager, 'Loan system');
    packet = await pointingPacket();
    app = await d.run(key, 'standard-intake', d.newCase('Sarah Whitcombe', [{ name: 'pointing.pdf', content: packet }]));
  }, 60_000);
  afterAll(() => t?.close());

  it('the packet does carry page 3’s marker and image, and page 1 does point at page 3 (so the checks below mean something)', async () => {
    const doc = await PDFDocument.load(packet);
    const text = rawAndDecoded(packet, doc);
    expect(text).toContain(PAGE3_MARKER);
    expect(text).toContain(PAGE3_PIXELS);
    const page3 = doc.getPage(2).ref;
    expect(annotationsOf(doc, 0).map(([, a]) => a.get(PDFName.of('P')))).toEqual([page3, page3, doc.getPage(0).ref]);
  });

  it('pages-pdf of page 1: nothing of page 3 in the bytes, one page; the links out of the cut go, the comment stays on its page', async () => {
    const res = await d.inject(key, 'GET', `/api/applications/${app.id}/pages-pdf?span=${app.files[0]!.id}:p1-1`);
    expect(res.statusCode, res.body).toBe(200);
    const doc = await expectIsolated(res.rawPayload, [/Isolation page 1 marker/]);
    const annots = annotationsOf(doc, 0);
    expect(annots.map(([, a]) => a.get(PDFName.of('Subtype')))).toEqual([PDFName.of('Text')]);
    expect(annots[0]![1].get(PDFName.of('P'))).toBe(doc.getPage(0).ref);
    expect(doc.getPage(0).node.get(PDFName.of('StructParents'))).toBeUndefined();
  });

  it('pages-pdf of pages 1–2: the link to page 2 leads to the served page 2, nothing of page 3', async () => {
    const res = await d.inject(key, 'GET', `/api/applications/${app.id}/pages-pdf?span=${app.files[0]!.id}:p1-2`);
    expect(res.statusCode, res.body).toBe(200);
    const doc = await expectIsolated(res.rawPayload, [/Isolation page 1 marker/, /Isolation page 2 marker/]);
    const links = annotationsOf(doc, 0).filter(([, a]) => a.get(PDFName.of('Subtype')) === PDFName.of('Link'));
    expect(links).toHaveLength(1);
    const dest = links[0]![1].lookup(PDFName.of('A'), PDFDict).lookup(PDFName.of('D'), PDFArray);
    expect(dest.get(0)).toBeInstanceOf(PDFRef);
    expect(dest.get(0)).toBe(doc.getPage(1).ref);
  });

  it('the filed document of page 1 (the approved PDF) holds nothing of page 3', async () => {
    await expectIsolated(await d.approvedPdf(key, app, [1]), [/Isolation page 1 marker/]);
  });
});
