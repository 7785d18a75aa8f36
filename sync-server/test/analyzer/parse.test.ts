import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, StandardFonts, degrees } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OcrEngine } from '../../src/analyzer/parse/ocr/engine.js';
import { ocrEngineFromEnv } from '../../src/analyzer/parse/ocr/engine.js';
import { createTesseractCli, linesFromTsv, tesseractCliAvailable } from '../../src/analyzer/parse/ocr/tesseract-cli.js';
import { englishDataPath } from '../../src/analyzer/parse/ocr/tesseract-js.js';
import { garbledTextLayer } from '../../src/analyzer/parse/read-packet.js';
import { itemsToLines } from '../../src/analyzer/parse/text-lines.js';
import type { PageTextItem } from '../../src/analyzer/pdf/page-content.js';
import { apply } from '../../src/analyzer/pdf/matrix.js';
import { orient } from '../../src/analyzer/pdf/pixels.js';
import type { ParsedPage } from '../../src/analyzer/types.js';
import { A5, makePdf, payslipLines, scanPage, type PageSpec } from './fixtures/pages.js';
import { fieldValues } from './fixtures/cells.js';
import { readAndCheck, tesseractJs } from './fixtures/read.js';

const item = (str: string, x: number, y: number, size = 10, w = str.length * size * 0.5): PageTextItem => ({ str, x, y, w, h: size, size, quarter: 0 });
const lineAt = (page: ParsedPage, re: RegExp) => page.lines.find((l) => re.test(l.text));

/** A US Letter page of Helvetica text, each [text, x, y, size] in PDF points from the bottom left. */
async function letterPage(texts: [string, number, number, number][]) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  for (const [text, x, y, size] of texts) page.drawText(text, { x, y, size, font });
  return { doc, page };
}

describe('text lines from the text layer', () => {
  it('merges items on one baseline, keeps table cells apart and orders rows top to bottom', () => {
    const lines = itemsToLines([
      item('£2,190.11', 300, 120),
      item('Net', 72, 120),
      item('pay', 90, 120.6),
      item('Payslip', 72, 80, 16),
      item(' ', 110, 80, 16),
      item('March 2025', 72, 100),
    ]);
    expect(lines.map((l) => l.text)).toEqual(['Payslip', 'March 2025', 'Net pay', '£2,190.11']);
    const net = lines[2]!;
    expect(net.box.x).toBe(72);
    expect(net.box.y).toBe(120);
    expect(net.box.w).toBeCloseTo(105 - 72, 5);
    expect(net.confidence).toBe(1);
  });

  it("reads what was typed into a filled PDF form's fields, where the fields sit; tick boxes say nothing", async () => {
    const { doc, page } = await letterPage([
      ['Employment Verification', 72, 740, 14],
      ["EMPLOYEE'S NAME", 72, 700, 8],
      ["EMPLOYER'S NAME", 300, 700, 8],
    ]);
    const form = doc.getForm();
    const field = (name: string, text: string, x: number, y: number) => {
      const f = form.createTextField(name);
      f.setText(text);
      f.addToPage(page, { x, y, width: 200, height: 14, borderWidth: 0 });
    };
    field('employee', 'Terrence Boyd', 70, 680);
    field('employer', 'Harbor Ridge Landscaping', 298, 680);
    const notes = form.createTextField('notes');
    notes.enableMultiline();
    notes.setText('Grounds crew\nFull time');
    notes.addToPage(page, { x: 70, y: 600, width: 300, height: 40, borderWidth: 0 });
    form.createCheckBox('new-job').addToPage(page, { x: 400, y: 600, width: 10, height: 10 });
    form.getCheckBox('new-job').check();
    const r = await readAndCheck(await doc.save(), null);
    const lines = r.pages[0]!.lines;
    const employee = lines.find((l) => l.text === 'Terrence Boyd')!;
    const label = lines.find((l) => /EMPLOYEE'S NAME/.test(l.text))!;
    expect(employee.box.y).toBeGreaterThan(label.box.y);
    expect(employee.box.y - label.box.y).toBeLessThan(30);
    expect(Math.abs(employee.box.x - label.box.x)).toBeLessThan(6);
    expect(lines.map((l) => l.text)).toEqual(expect.arrayContaining(['Harbor Ridge Landscaping', 'Grounds crew', 'Full time']));
    expect(lines.some((l) => /\b(?:Yes|On|Off)\b/.test(l.text))).toBe(false);
  });

  it('places lines where a reviewer sees them: points from the top-left corner, on turned pages too', async () => {
    const spec: PageSpec = { kind: 'text', lines: [{ text: 'Total due £1,234.56', x: 100, y: 200, size: 12 }] };
    const doc = await PDFDocument.load(await makePdf([spec, spec]));
    doc.getPage(1).setRotation(degrees(90));
    const r = await readAndCheck(await doc.save(), null);
    const [upright, turned] = r.pages as [ParsedPage, ParsedPage];
    expect(upright.source).toBe('text');
    const l = lineAt(upright, /Total due/)!;
    expect(l.text).toBe('Total due £1,234.56');
    expect(l.box.x).toBeCloseTo(100, 0);
    expect(l.box.y + l.box.h).toBeGreaterThan(205);
    expect(l.box.y).toBeLessThan(215);
    // Turned a quarter clockwise, the A4 page is landscape and the line runs down its right side.
    expect(turned.width).toBeCloseTo(841.89, 1);
    const t = lineAt(turned, /Total due/)!;
    expect(t.box.h).toBeGreaterThan(t.box.w);
    expect(t.box.x).toBeGreaterThan(600);
  });
});

describe('pixels', () => {
  it('turns an image the way it is painted', () => {
    // 2 × 3 pixels, values = index; painted turned a quarter clockwise onto the page.
    const img = { width: 2, height: 3, data: Uint8Array.from([0, 1, 2, 3, 4, 5]) };
    // Upright (row 0 at the top of the page): unchanged, pixel (x, y) at page point (x, y).
    const up = orient(img, [2, 0, 0, -3, 0, 3]);
    expect(up.image).toBe(img);
    expect(apply(up.toPage, 1, 2)).toEqual([1, 2]);
    // Upside down: rows and columns reversed.
    expect([...orient(img, [-2, 0, 0, 3, 2, 0]).image.data]).toEqual([5, 4, 3, 2, 1, 0]);
    // Turned a quarter, its columns running down the page and its first row on the right: the
    // first column becomes the top row (last row leftmost), and the turned pixels lie on the page
    // just as they are painted.
    const q = orient(img, [0, 2, 3, 0, 0, 0]);
    expect([q.image.width, q.image.height]).toEqual([3, 2]);
    expect([...q.image.data]).toEqual([4, 2, 0, 5, 3, 1]);
    expect(apply(q.toPage, 0, 0)).toEqual([0, 0]);
    expect(apply(q.toPage, 3, 2)).toEqual([3, 2]);
    expect(apply(q.toPage, 1, 0)).toEqual([1, 0]);
  });
});

describe('OCR', () => {
  it('reads its English data from node_modules, never from the network', () => {
    expect(existsSync(join(englishDataPath(), 'eng.traineddata.gz'))).toBe(true);
    expect(ocrEngineFromEnv({ OCR_ENGINE: 'tesseract-js' })).toBe('tesseract-js');
    expect(ocrEngineFromEnv({ OCR_ENGINE: 'tesseract-cli' })).toBe('tesseract-cli');
  });

  it('turns tesseract TSV into lines with boxes and confidence', () => {
    const tsv = [
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
      '4\t1\t1\t1\t1\t0\t10\t20\t300\t24\t-1\t',
      '5\t1\t1\t1\t1\t1\t10\t20\t80\t24\t96.5\tNet',
      '5\t1\t1\t1\t1\t2\t100\t20\t60\t24\t91.5\tpay',
      '4\t1\t2\t1\t1\t0\t10\t60\t50\t20\t-1\t',
      '5\t1\t2\t1\t1\t1\t10\t60\t50\t20\t-1\t ',
    ].join('\n');
    expect(linesFromTsv(tsv)).toEqual([{ text: 'Net pay', box: { x: 10, y: 20, w: 300, h: 24 }, confidence: 0.94 }]);
  });

  const march = { period: 'March 2025', paid: '28/03/2025', gross: '£2,916.67', tax: '£374.20', net: '£2,190.11', ytd: '£32,083.37' };
  const engines: [string, () => Promise<OcrEngine | null>][] = [
    ['tesseract.js', () => tesseractJs()],
    ['Debian tesseract', async () => ((await tesseractCliAvailable()) ? createTesseractCli() : null)],
  ];

  describe.each(engines)('%s', (_name, make) => {
    let ocr: OcrEngine | null;
    beforeAll(async () => {
      ocr = await make();
    }, 60_000);
    afterAll(() => ocr?.close());

    it('reads a scan from its own pixels, lines placed on the page, automatic segmentation keeping columns apart', async (ctx) => {
      if (!ocr) return ctx.skip();
      const good = await scanPage(A5, 200, payslipLines(march), 41);
      // 100 ppi, enlarged before OCR; and painted turned a quarter on a landscape page.
      const poor = (await scanPage(A5, 100, payslipLines(march), 42)) as Extract<PageSpec, { kind: 'image' }>;
      const doc = await PDFDocument.load(await makePdf([good, poor]));
      const img = await doc.embedJpg(poor.bytes);
      doc.addPage([A5[1], A5[0]]).drawImage(img, { x: 0, y: A5[0], width: A5[0], height: A5[1], rotate: degrees(-90) });
      const r = await readAndCheck(await doc.save(), ocr);
      for (const page of r.pages) {
        expect(page.source).toBe('ocr');
        const text = page.lines.map((l) => l.text).join('\n');
        expect(text).toMatch(/PAYSLIP/);
        expect(text).toMatch(/2,190\.11/);
        expect(text).toMatch(/28\/03\/2025/);
        for (const l of page.lines) expect(l.confidence).toBeGreaterThanOrEqual(0), expect(l.confidence).toBeLessThanOrEqual(1);
      }
      // "Net pay" was drawn 0.6 in (43 pt) from the left, 3.5 in (252 pt) from the top of the sheet.
      const net = lineAt(r.pages[0]!, /^Net pay/)!;
      expect(net.confidence).toBeGreaterThan(0.7);
      expect(net.box.x).toBeGreaterThan(35);
      expect(net.box.x).toBeLessThan(52);
      expect(net.box.y).toBeGreaterThan(245);
      expect(net.box.y).toBeLessThan(265);
      // Label and amount sit in two columns: they are not merged into one line by a single-block read.
      expect(r.pages[0]!.lines.some((l) => /^£?2,190\.11$/.test(l.text) || /Net pay\s+£?2,190\.11/.test(l.text))).toBe(true);
      // The sheet turned clockwise onto a landscape page: its left margin is the page's top, its
      // top the page's right, and its lines stand upright as tall boxes.
      const turned = lineAt(r.pages[2]!, /Hartwell/)!;
      expect(turned.box.y).toBeGreaterThan(35);
      expect(turned.box.y).toBeLessThan(52);
      expect(turned.box.x).toBeGreaterThan(A5[1] - 80);
      expect(turned.box.h).toBeGreaterThan(turned.box.w);
    }, 60_000);

    it("reads a printed photo whose text layer is only the browser's header and footer", async (ctx) => {
      if (!ocr) return ctx.skip();
      const scan = (await scanPage(A5, 200, payslipLines(march), 43)) as Extract<PageSpec, { kind: 'image' }>;
      const { doc, page } = await letterPage([
        ['7/8/2021', 26, 770, 9],
        ['Gallery', 325, 770, 9],
        ['chrome://media-app', 26, 15, 9],
        ['1/1', 576, 15, 9],
      ]);
      page.drawImage(await doc.embedJpg(scan.bytes), { x: 150, y: 250, width: A5[0] * 0.75, height: A5[1] * 0.75 });
      const r = await readAndCheck(await doc.save(), ocr);
      const text = r.pages[0]!.lines.map((l) => l.text).join('\n');
      expect(r.pages[0]!.source).toBe('ocr');
      expect(text).toMatch(/PAYSLIP/);
      expect(text).toMatch(/2,190\.11/);
      // The text layer is kept beside what the picture says.
      expect(text).toMatch(/chrome:\/\/media-app/);
    }, 60_000);
  });
});

describe('a scan made searchable', () => {
  it("has its text layer over the picture taken as a reading: a label it misspelt is found as on OCR's lines; printed text stays exact", async () => {
    const statement: [string, number, number, number][] = [
      ['AnyCompany Credit Union', 380, 740, 12],
      ['Account summary', 40, 300, 10],
      ['Your revious balance as of 04/04/2022', 40, 284, 10],
      ['$41,982.42', 300, 284, 10],
      ['Deposits and other credits', 40, 270, 10],
      ['$1,250.00', 300, 270, 10],
    ];
    const scanned = await letterPage(statement);
    const picture = (await scanPage(A5, 100, [{ text: 'statement', x: 0.5, y: 0.5, size: 10 }], 5)) as Extract<PageSpec, { kind: 'image' }>;
    // The picture under the text, as a scanner's OCR software makes the file.
    scanned.page.drawImage(await scanned.doc.embedJpg(picture.bytes), { x: 0, y: 0, width: 612, height: 792 });
    for (const [text, x, y, size] of statement) scanned.page.drawText(text, { x, y, size, font: await scanned.doc.embedFont(StandardFonts.Helvetica) });
    const ocrLayer = await readAndCheck(await scanned.doc.save(), null);
    expect(ocrLayer.pages[0]!.lines.every((l) => l.confidence < 1)).toBe(true);
    expect(fieldValues('bank-statement', ocrLayer.pages).openingBalance).toEqual({ amount: '41982.42', currency: 'USD' });
    const printed = await letterPage(statement);
    const text = await readAndCheck(await printed.doc.save(), null);
    expect(text.pages[0]!.lines.every((l) => l.confidence === 1)).toBe(true);
    expect(fieldValues('bank-statement', text.pages).openingBalance).toBeUndefined();
  });
});

describe('a text layer whose font maps letters wrongly', () => {
  const items = (text: string) => text.split('\n').map((str) => ({ str }));
  it('is told by capitals inside its words, each counted once', () => {
    // A Postbank statement whose embedded font maps `P` to `m`, `:` to `W`, `.` to `K`.
    const garbled = items(
      'mostbank München\nmostfach\neerrn doran Boäsec\nmostbank airektJperviceW\nTeäefonW MOOU RRMM RRMM\nbrreichbarkeitW T x O4 ptunden\nTeäefaxW MOOU RRMM RRNR\nbJMaiäW direkt@postbankKde\nwwwKpostbankKde\nhontoauszugW mostbank diro extra plus vom 02K04K20NS bis 02K0SK20NS\nhontoinÜaberW doran Bolsec\nAuszug peite fBAk BfC EptfcTF Alter hontostand\nBucÜung tert sorgangLBucÜungsinformation poll eaben\ndloAk BlipbC serwendungszweck fkTbokAi',
    );
    expect(garbledTextLayer(garbled)).toBe(true);
    // A statement that writes its merchant's brand in camel case on every line is text.
    const brand = items(Array.from({ length: 30 }, (_, i) => `${i + 1}/6/2020 Food Purchase - AnyCompany Restaurant - AnyCompanyRetail.com - ${1194089245 + i} Withdrawals Deposits Balance`).join('\n'));
    expect(garbledTextLayer(brand)).toBe(false);
    expect(garbledTextLayer(items('Musterfirma GmbH\nKontoauszug vom 02.04.2016\nAlter Kontostand 2.853,82 EUR\nNeuer Kontostand 5.314,05 EUR\nBuchung Wert Vorgang Buchungsinformation Soll Haben\nGutschrift Lohn Gehalt Dauerauftrag Miete Lastschrift Versicherung Kartenzahlung Bargeldauszahlung Überweisung Referenz Mandat Gläubiger'))).toBe(false);
  });
});
