import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OcrEngine } from '../../src/analyzer/parse/ocr/engine.js';
import type { PageEvidence } from '../../src/analyzer/preflight/evidence.js';
import { duplicateReason } from '../../src/analyzer/preflight/index.js';
import { pageDigits } from '../../src/analyzer/preflight/tokens.js';
import { visualHash, visualSimilarity } from '../../src/analyzer/preflight/visual-hash.js';
import { A4, A5, makePdf, payslipLines, rng, scanPage, type PageSpec } from './fixtures/pages.js';
import { brief, readAndCheck, tesseractJs } from './fixtures/read.js';

const textPage = (lines: string[]): PageSpec => ({ kind: 'text', lines: lines.map((text, i) => ({ text, x: 72, y: 72 + i * 18 })) });

const march = { period: 'March 2025', paid: '28/03/2025', gross: '£2,916.67', tax: '£374.20', net: '£2,190.11', ytd: '£32,083.37' };
const april = { period: 'April 2025', paid: '25/04/2025', gross: '£2,916.67', tax: '£374.20', net: '£2,190.11', ytd: '£2,916.67' };

describe('low_dpi', () => {
  it('flags scans below 150 ppi covering the page, and reports each image at the resolution it is painted', async () => {
    const lines = (dpi: number) => [
      { text: `Scanned at ${dpi} ppi`, x: 0.8, y: 0.8 + dpi / 100, size: 14 },
      { text: `Reference ${dpi * 7919}`, x: 0.8 + dpi / 200, y: 4, size: 12 },
    ];
    const pages = await Promise.all([72, 100, 200, 300].map((dpi, i) => scanPage(A5, dpi, lines(dpi), i + 1)));
    const logo = await scanPage([144, 72], 60, [{ text: 'LOGO', x: 0.2, y: 0.2, size: 30 }], 9, { shadow: false });
    const withLogo: PageSpec = { kind: 'image', bytes: (logo as { bytes: Uint8Array }).bytes, format: 'jpeg', at: { x: 60, y: 40, w: 144, h: 72 } };
    const r = await readAndCheck(await makePdf([...pages, withLogo]), null);
    expect(brief(r.flags)).toEqual(['low_dpi@1', 'low_dpi@2']);
    expect(r.flags[0]!.note).toMatch(/about 72 ppi/);
    expect(r.flags[1]!.note).toMatch(/about 100 ppi/);
    expect(r.pages.map((p) => Math.round(p.images[0]!.ppi))).toEqual([72, 100, 200, 300, 60]);
    expect(r.pages[0]!.images[0]!.coverage).toBeCloseTo(1, 2);
    // The logo is low-resolution too, but it is not the page.
    expect(r.pages[4]!.images[0]!.coverage).toBeLessThan(0.05);
  }, 60_000);

  it('measures an image painted turned a quarter or stretched by its own axes', async () => {
    const scan = (await scanPage(A5, 100, [{ text: 'Turned and stretched', x: 0.8, y: 0.8, size: 14 }], 4)) as Extract<PageSpec, { kind: 'image' }>;
    const { PDFDocument, degrees } = await import('pdf-lib');
    const doc = await PDFDocument.create();
    const img = await doc.embedJpg(scan.bytes);
    // A5 portrait pixels painted onto an A5 landscape page, turned a quarter: still 100 ppi.
    doc.addPage([A5[1], A5[0]]).drawImage(img, { x: A5[1], y: 0, width: A5[0], height: A5[1], rotate: degrees(90) });
    // The same pixels stretched over A4: about 70 ppi.
    doc.addPage(A4).drawImage(img, { x: 0, y: 0, width: A4[0], height: A4[1] });
    const r = await readAndCheck(await doc.save(), null);
    expect(r.pages.map((p) => Math.round(p.images[0]!.ppi))).toEqual([100, 71]);
    // Pixels alone, no OCR: one image painted twice is the same page.
    expect(brief(r.flags)).toEqual(['low_dpi@1', 'low_dpi@2']);
  }, 60_000);
});

describe('blank_page and duplicate_page (with OCR)', () => {
  let ocr: OcrEngine;
  beforeAll(async () => {
    ocr = await tesseractJs();
  }, 60_000);
  afterAll(() => ocr?.close());

  it('calls empty vector pages and scanned empty sheets blank, and nothing that carries a line of writing', async () => {
    const pdf = await makePdf([
      textPage(['Statement of account', 'Page 1 of 1']),
      { kind: 'blank' },
      await scanPage(A5, 200, [], 21, { noise: 7, dust: 40 }),
      await scanPage(A5, 200, [{ text: 'Page 2 of 3', x: 2.5, y: 7.6, size: 10 }], 22, { noise: 7, dust: 20 }),
      await scanPage(A5, 300, [], 23, { noise: 4, dust: 25, format: 'png' }),
      { kind: 'text', lines: [{ text: '.', x: 300, y: 400 }] },
    ]);
    const r = await readAndCheck(pdf, ocr);
    expect(brief(r.flags)).toEqual(['blank_page@2', 'blank_page@3', 'blank_page@5']);
    expect(r.flags.find((f) => f.page === 3)!.note).toMatch(/scanned empty sheet/);
    expect(r.pages[3]!.source).toBe('ocr');
    expect(r.pages[3]!.lines.map((l) => l.text).join(' ')).toMatch(/Page 2 of 3/);
    expect(r.pages[2]!.lines).toEqual([]);
  }, 60_000);

  it('finds exact and re-scanned copies, and keeps two months of one payslip template apart', async () => {
    const marchScan = await scanPage(A5, 200, payslipLines(march), 31);
    const pdf = await makePdf([
      marchScan,
      marchScan, // the same image painted again
      await scanPage(A5, 200, payslipLines(april), 32), // same employer and template, next month
      // April again, re-scanned: other noise, moved, slightly turned, JPEG at another quality.
      await scanPage(A5, 200, payslipLines(april), 33, { shift: [9, -6], skewDeg: 0.4, quality: 55 }),
      textPage(['Tenancy agreement', 'Rent: £1,250.00 per month', 'Start date 01/06/2025']),
      textPage(['Tenancy agreement', 'Rent: £1,250.00 per month', 'Start date 01/06/2025']),
      textPage(['Tenancy agreement', 'Rent: £1,250.00 per month', 'Start date 01/07/2025']),
    ]);
    const r = await readAndCheck(pdf, ocr);
    expect(brief(r.flags)).toEqual(['duplicate_page@2=1', 'duplicate_page@4=3', 'duplicate_page@6=5']);
    expect(r.flags[1]!.note).toMatch(/re-scan or copy of page 3/);
    // The copy was not OCR'd again: identical pixels read the same.
    expect(r.stats.ocrPages).toBe(3);
    expect(r.pages[1]!.lines).toEqual(r.pages[0]!.lines);
  }, 90_000);
});

describe('oversized_page', () => {
  it('flags a page far larger than paper', async () => {
    const r = await readAndCheck(await makePdf([{ kind: 'text', size: [3000, 3000], lines: [{ text: 'Site plan', x: 72, y: 72 }] }, textPage(['Normal page'])]), null);
    expect(brief(r.flags)).toEqual(['oversized_page@1']);
    expect(r.flags[0]!.note).toMatch(/106 × 106 cm/);
  });
});

describe('the pieces', () => {
  const evidence = (over: Partial<PageEvidence>): PageEvidence => ({
    page: 1,
    width: 595,
    height: 842,
    images: [],
    textChars: 0,
    textKey: '',
    vectorMarks: 0,
    ink: null,
    ocrTried: true,
    ocrLines: 5,
    exactKey: String(Math.random()),
    visual: null,
    digits: [],
    words: [],
    droppedImages: 0,
    failure: null,
    ...over,
  });
  const hashOf = (seed: number) => {
    const random = rng(seed);
    // Blocks of "text" at random places on white paper.
    const data = new Uint8Array(256 * 256).fill(240);
    for (let k = 0; k < 40; k++) {
      const x = Math.floor(random() * 200);
      const y = Math.floor(random() * 240);
      for (let yy = y; yy < y + 8; yy++) for (let xx = x; xx < x + 50; xx++) data[yy * 256 + xx] = 40;
    }
    return visualHash({ width: 256, height: 256, data });
  };

  it('numbers are compared as shingles of each line\'s digits, whatever OCR made of their spacing', () => {
    expect(pageDigits(['Net pay £2,190.11', 'ref 7', 'code 12'])).toEqual(['2190', '1901', '9011', '#12']);
    expect(pageDigits(['NI QQ 12 34 56 C'])).toEqual(pageDigits(['NI QQ 12 3456 C']));
  });

  it('a near-copy needs the pixels and the numbers to agree', () => {
    const v = hashOf(3);
    expect(visualSimilarity(v, v)).toBe(1);
    expect(visualSimilarity(v, hashOf(5))).toBeLessThan(0.7);
    const march = pageDigits(['Employee 004417 NI 12 34 56', 'Pay date 28/03/2025', 'Basic £2,916.67', 'Tax £374.20', 'Net £2,190.11', 'To date £32,083.37', 'Tax code 1257L']);
    const marchAgain = pageDigits(['Employee 004417 NI 12 3456', 'Pay date 28/03/2025', 'Basic £2,916.67', 'Tax £374.20', 'Net £2,190.11', 'To date £32,083.37', 'Tax code 12571']);
    const april = pageDigits(['Employee 004417 NI 12 34 56', 'Pay date 25/04/2025', 'Basic £2,916.67', 'Tax £374.20', 'Net £2,190.11', 'To date £2,916.67', 'Tax code 1257L']);
    const words = 'hartwell logistics payslip employee sarah whitcombe period payment date description amount basic salary income'.split(' ');
    const a = evidence({ page: 1, visual: v, digits: march, words });
    expect(duplicateReason(a, evidence({ page: 2, visual: v, digits: march, words }))).toBe('near-copy');
    // Misread spacing and a misread letter are still the same page…
    expect(duplicateReason(a, evidence({ page: 2, visual: v, digits: marchAgain, words }))).toBe('near-copy');
    // …another month's dates and totals are not, however alike the pixels.
    expect(duplicateReason(a, evidence({ page: 2, visual: v, digits: april, words }))).toBeNull();
    expect(duplicateReason(a, evidence({ page: 2, visual: hashOf(5), digits: march, words }))).toBeNull();
  });
});
