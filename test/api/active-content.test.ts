import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRef, PDFStream, PDFString, type PDFObject } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Application } from '@portal/shared';
import { createPdfProbe } from '../../sync-server/src/applications/pdf-probe.js';
import { apiKeySession, buildTestApp, DRIVER, signUp, tempDir, type Session, type TestApp } from '../helper.js';
import { textPdf } from './applications-helpers.js';
import { documentsDriver, pdfPageTexts, rawAndDecoded } from './documents-helpers.js';

/** A name as viewers read it: pdf-lib leaves `#xx` escapes with lower-case digits undecoded. */
const nameOf = (n: PDFName) => n.decodeText().replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

/**
 * A two-page packet carrying every kind of active content, built object by object: page 1 runs
 * JavaScript when opened (/AA), links launch a program, run JavaScript (once under a name only a
 * decoder reads: /#4aavaScript), submit a form and follow a javascript: URI, a form field runs a
 * keystroke script, a FileAttachment annotation and the name tree embed a file, the catalogue has
 * an OpenAction script, document JavaScript, its own /AA and an XFA form. An annotation also
 * points at the catalogue, which copying the page would then drag along. Kept: an https link and
 * a link to page 2.
 */
async function hostilePdf(options: { objectStreams?: boolean } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await textPdf([['Hostile page 1 marker', 'A letter with scripts in it'], ['Hostile page 2 marker', 'The second page']]));
  const ctx = doc.context;
  const [page1, page2] = [doc.getPage(0), doc.getPage(1)];
  const js = (code: string) => ctx.obj({ S: 'JavaScript', JS: PDFString.of(code) });
  const rect = [72, 72, 200, 100];
  page1.node.set(PDFName.of('AA'), ctx.obj({ O: js('app.alert("page open")'), C: ctx.obj({ S: 'Launch', F: PDFString.of('cmd.exe') }) }));
  const payload = ctx.register(ctx.flateStream('MZ payload of an embedded program', { Type: 'EmbeddedFile' }));
  const fileSpec = ctx.register(ctx.obj({ Type: 'Filespec', F: PDFString.of('payload.exe'), UF: PDFHexString.fromText('payload.exe'), EF: ctx.obj({ F: payload }) }));
  const field = ctx.register(ctx.obj({ FT: 'Tx', T: PDFString.of('amount'), AA: ctx.obj({ K: js('event.value = steal()') }) }));
  const annots = [
    { Type: 'Annot', Subtype: 'Link', Rect: rect, A: ctx.obj({ S: 'Launch', F: PDFString.of('calc.exe'), Win: ctx.obj({ F: PDFString.of('calc.exe') }) }) },
    { Type: 'Annot', Subtype: 'Link', Rect: rect, A: ctx.obj({ S: 'ZZZZZZZZZZZZ', YYYY: PDFString.of('app.launchURL("hidden")') }) },
    { Type: 'Annot', Subtype: 'Link', Rect: rect, A: ctx.obj({ S: 'SubmitForm', F: ctx.obj({ FS: 'URL', F: PDFString.of('https://collector.example/') }) }) },
    { Type: 'Annot', Subtype: 'Link', Rect: rect, A: ctx.obj({ S: 'URI', URI: PDFString.of('javascript:alert(1)') }) },
    { Type: 'Annot', Subtype: 'Link', Rect: rect, A: ctx.obj({ S: 'GoToR', F: PDFString.of('other.pdf'), D: [0, 'Fit'] }) },
    { Type: 'Annot', Subtype: 'Link', Rect: rect, A: ctx.obj({ S: 'URI', URI: PDFString.of('https://example.com/terms'), Next: js('app.alert("chained")') }) },
    { Type: 'Annot', Subtype: 'Link', Rect: rect, A: ctx.obj({ S: 'GoTo', D: [page2.ref, 'Fit'] }), Foo: ctx.trailerInfo.Root },
    { Type: 'Annot', Subtype: 'FileAttachment', Rect: rect, FS: fileSpec, Contents: PDFString.of('Open me') },
    { Type: 'Annot', Subtype: 'Widget', Rect: rect, Parent: field, AA: ctx.obj({ Fo: js('app.alert("focus")') }) },
  ].map((a) => ctx.register(ctx.obj(a as never)));
  page1.node.set(PDFName.of('Annots'), ctx.obj(annots));
  const xfa = ctx.register(ctx.flateStream('<xdp:xdp><template><script>xfa.host.messageBox("xfa")</script></template></xdp:xdp>'));
  const catalog = doc.catalog;
  catalog.set(PDFName.of('OpenAction'), js('app.alert("document open")'));
  catalog.set(PDFName.of('AA'), ctx.obj({ WC: js('app.alert("closing")') }));
  catalog.set(PDFName.of('AcroForm'), ctx.obj({ Fields: [field], XFA: [PDFString.of('template'), xfa] }));
  catalog.set(
    PDFName.of('Names'),
    ctx.obj({
      JavaScript: ctx.obj({ Names: [PDFString.of('init'), ctx.register(js('app.alert("names")'))] }),
      EmbeddedFiles: ctx.obj({ Names: [PDFString.of('payload.exe'), fileSpec] }),
    }),
  );
  const bytes = Buffer.from(await doc.save({ useObjectStreams: options.objectStreams ?? false }));
  if (options.objectStreams) return bytes;
  // Names pdf-lib would escape: written over placeholders of the same length, so offsets hold.
  return Buffer.from(bytes.toString('latin1').replace('/ZZZZZZZZZZZZ', '/#4aavaScript').replace('/YYYY', '/#4aS'), 'latin1');
}

/** Every dictionary of a PDF as pdf-lib parses it: indirect objects, stream dictionaries and what they nest. */
function dictionaries(doc: PDFDocument): PDFDict[] {
  const out: PDFDict[] = [];
  const stack: PDFObject[] = doc.context.enumerateIndirectObjects().map(([, o]) => o);
  while (stack.length > 0) {
    const o = stack.pop()!;
    if (o instanceof PDFStream) stack.push(o.dict);
    else if (o instanceof PDFDict) {
      out.push(o);
      stack.push(...o.values().filter((v) => !(v instanceof PDFRef)));
    } else if (o instanceof PDFArray) stack.push(...o.asArray().filter((v) => !(v instanceof PDFRef)));
  }
  return out;
}

const ACTIVE_KEYS = ['AA', 'OpenAction', 'JS', 'JavaScript', 'EmbeddedFiles', 'EF', 'XFA'];
const ACTIVE_ACTIONS = ['JavaScript', 'Launch', 'SubmitForm', 'ImportData', 'ResetForm', 'GoToR', 'GoToE'];

/** Asserts a served PDF carries no active content, parsed and as bytes; the URI links it keeps. */
async function expectInert(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const uris: string[] = [];
  for (const dict of dictionaries(doc)) {
    const keys = dict.keys().map(nameOf);
    for (const key of ACTIVE_KEYS) expect(keys, `a dictionary with /${key}`).not.toContain(key);
    const value = (key: string) => dict.entries().find(([k]) => nameOf(k) === key)?.[1];
    const s = value('S');
    if (s instanceof PDFName) expect(ACTIVE_ACTIONS, `an action /S /${nameOf(s)}`).not.toContain(nameOf(s));
    const subtype = value('Subtype');
    if (subtype instanceof PDFName) expect(nameOf(subtype)).not.toBe('FileAttachment');
    const type = value('Type');
    if (type instanceof PDFName) expect(nameOf(type)).not.toBe('EmbeddedFile');
    const uri = value('URI');
    if (uri instanceof PDFString || uri instanceof PDFHexString) uris.push(uri.decodeText());
  }
  const text = rawAndDecoded(bytes, doc);
  for (const needle of ['/JavaScript', '/Launch', '/JS', '#4a', 'app.alert', 'MZ payload', 'xfa.host', 'calc.exe', 'javascript:']) expect(text, needle).not.toContain(needle);
  return uris;
}

describe(`active content in uploaded PDFs on ${DRIVER}`, () => {
  let t: TestApp;
  let key: Session;
  let app: Application;
  let hostile: Uint8Array;
  const d = documentsDriver(() => t);

  beforeAll(async () => {
    t = await buildTestApp();
    const manager = await signUp(t.app, { orgName: 'Harbour Lettings' });
    key = await apiKeySession(t.app, manager, 'Loan system');
    hostile = await hostilePdf();
    app = await d.run(key, 'standard-intake', d.newCase('Sarah Whitcombe', [{ name: 'hostile.pdf', content: hostile }]));
  }, 60_000);
  afterAll(() => t?.close());

  it('the test packet does carry it all (so the checks below mean something)', async () => {
    const text = rawAndDecoded(hostile, await PDFDocument.load(hostile));
    for (const needle of ['/AA', '/OpenAction', '/Launch', '/JavaScript', '/#4aavaScript', '/SubmitForm', '/GoToR', '/FileAttachment', '/EmbeddedFiles', '/XFA', 'javascript:']) expect(text, needle).toContain(needle);
  });

  it('is flagged when the file is received, informative: on the file and its ledger row, never at the gate', async () => {
    const file = app.files[0]!;
    expect(file.flags).toEqual([{ page: 1, code: 'active_content', note: expect.stringMatching(/^The file carries /) }]);
    const note = file.flags[0]!.note;
    for (const kind of ['JavaScript', 'a Launch action', 'a form-submit action', 'a link into another file', 'embedded files', 'an XFA form']) expect(note).toContain(kind);
    // It did not hold the run: the case reached its report.
    expect(app.run).toMatchObject({ state: 'report', flags: [] });
    const received = (await d.events(key, app.id)).find((e) => e.action === 'file.received')!;
    expect(received.detail.flags).toEqual(file.flags);
  });

  it('a clean file has no flags; one whose dictionaries sit in object streams is flagged too', async () => {
    const probe = createPdfProbe();
    const dir = await tempDir('portal-active-');
    try {
      const clean = join(dir.path, 'clean.pdf');
      await writeFile(clean, await textPdf([['A plain page']]));
      expect(await probe.probe(clean, 'org-a')).toEqual({ ok: true, pageCount: 1, activeContent: [] });
      const packed = join(dir.path, 'packed.pdf');
      await writeFile(packed, await hostilePdf({ objectStreams: true }));
      expect(Buffer.from(await hostilePdf({ objectStreams: true })).toString('latin1')).not.toContain('/Launch');
      const result = await probe.probe(packed, 'org-a');
      expect(result.ok && [...result.activeContent].sort()).toEqual(
        ['JavaScript', 'a Launch action (opens a program or file)', 'a form-submit action', 'a link into another file', 'an XFA form', 'embedded files'].sort(),
      );
    } finally {
      await probe.close();
      await dir.remove();
    }
  });

  it('pages-pdf serves the pages stripped of scripts, actions, attachments and XFA; web links and page links stay', async () => {
    const res = await d.inject(key, 'GET', `/api/applications/${app.id}/pages-pdf?span=${app.files[0]!.id}:p1-2`);
    expect(res.statusCode, res.body).toBe(200);
    const uris = await expectInert(res.rawPayload);
    expect(uris).toEqual(['https://example.com/terms']);
    const served = await PDFDocument.load(res.rawPayload);
    const links = served.getPage(0).node.Annots()!.asArray().map((a) => served.context.lookup(a, PDFDict));
    // Launch, hidden JavaScript, SubmitForm, javascript: and GoToR links lose their action; the
    // attachment and the form field's scripts go; the https link (its chained script gone) and the page link stay.
    expect(links.map((l) => nameOf(l.lookup(PDFName.of('Subtype'), PDFName)))).toEqual(['Link', 'Link', 'Link', 'Link', 'Link', 'Link', 'Link', 'Widget']);
    expect(links.map((l) => (l.get(PDFName.of('A')) ? nameOf(l.lookup(PDFName.of('A'), PDFDict).lookup(PDFName.of('S'), PDFName)) : null))).toEqual([null, null, null, null, null, 'URI', 'GoTo', null]);
    expect(await pdfPageTexts(res.rawPayload)).toEqual([expect.stringMatching(/Hostile page 1 marker/), expect.stringMatching(/Hostile page 2 marker/)]);
  });

  it('a filed document (the approved PDF) is cut stripped too', async () => {
    const pdf = await d.approvedPdf(key, app, [1]);
    await expectInert(pdf);
    expect(await pdfPageTexts(pdf)).toEqual([expect.stringMatching(/Hostile page 1 marker/)]);
  });
});
