import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDigit, findMrz } from '../../src/analyzer/extract/mrz.js';
import type { OcrEngine } from '../../src/analyzer/parse/ocr/engine.js';
import { createTesseractCli, mrzModelArgs, tesseractCliAvailable } from '../../src/analyzer/parse/ocr/tesseract-cli.js';
import { createTesseractJs } from '../../src/analyzer/parse/ocr/tesseract-js.js';
import { rereadMrzStrip } from '../../src/analyzer/parse/mrz-strip.js';
import { type GreyImage, resize } from '../../src/analyzer/pdf/pixels.js';
import { drawSheet } from './fixtures/pages.js';

const cliPresent = await tesseractCliAvailable();

/** A TD3 zone with valid check digits. */
function passportZone(): [string, string] {
  const line1 = 'P<GBRHOLLOWAY<<NIAMH<<<<<<<<<<<<<<<<<<<<<<<<';
  const doc = '538960943';
  const dob = '680802';
  const exp = '270701';
  const personal = '<<<<<<<<<<<<<<';
  const body = `${doc}${checkDigit(doc)}GBR${dob}${checkDigit(dob)}F${exp}${checkDigit(exp)}${personal}${checkDigit(personal)}`;
  const composite = checkDigit(`${doc}${checkDigit(doc)}${dob}${checkDigit(dob)}${exp}${checkDigit(exp)}${personal}${checkDigit(personal)}`);
  return [line1, `${body}${composite}`];
}

describe("re-reading a scan's machine-readable zone from its strip", () => {
  let engine: OcrEngine;
  let image: GreyImage;
  const [l1, l2] = passportZone();
  beforeAll(async () => {
    engine = await createTesseractJs();
    const canvas = drawSheet({
      widthIn: 5,
      heightIn: 3.5,
      dpi: 300,
      seed: 7,
      lines: [
        { text: 'PASSPORT', x: 0.3, y: 0.3, size: 14, bold: true },
        { text: 'Surname HOLLOWAY', x: 0.3, y: 0.8, size: 10 },
        { text: 'Date of birth 02 AUG 1968', x: 0.3, y: 1.1, size: 10 },
        { text: l1, x: 0.2, y: 2.7, size: 8.5 },
        { text: l2, x: 0.2, y: 2.92, size: 8.5 },
      ],
    });
    const rgba = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    const data = new Uint8Array(canvas.width * canvas.height);
    for (let p = 0; p < data.length; p++) data[p] = rgba[p * 4]!;
    image = { width: canvas.width, height: canvas.height, data };
  }, 60_000);
  afterAll(() => engine?.close());

  it('recovers a zone whose lines the page reading garbled, and leaves the other lines alone', async () => {
    const page = await engine.recognize(image, 300);
    const zone = page.filter((l) => l.text.replace(/\s/g, '').length >= 40);
    expect(zone.length).toBeGreaterThanOrEqual(1);
    // What a worn scan gives the page reading: the second line's fillers and digits misread.
    const garbled = page.map((l) => (l === zone[zone.length - 1] && zone.length > 1 ? { ...l, text: 'S3B96O943 Cole dbs GBR68O8O2 F27O7O1' } : l));
    const before = findMrz(garbled);
    expect(before === null || !Object.values(before.checks).every(Boolean)).toBe(true);
    const reread = await rereadMrzStrip(engine, image, 300, garbled);
    const mrz = findMrz(reread);
    expect(mrz).not.toBeNull();
    expect(mrz!.documentNumber).toBe('538960943');
    expect(mrz!.dateOfBirth).toBe('1968-08-02');
    expect(mrz!.expiryDate).toBe('2027-07-01');
    expect(mrz!.checks.documentNumber && mrz!.checks.dateOfBirth && mrz!.checks.expiryDate).toBe(true);
    expect(reread.some((l) => /HOLLOWAY/.test(l.text) && !l.text.includes('<'))).toBe(true);
  }, 60_000);

  it('reads the strip again when the number met its check digit only by look-alike swaps (a misread that validates by chance)', async () => {
    // The number's first digit misread as another digit: two swaps of look-alikes make it validate.
    const misread = `7${l2.slice(1)}`;
    // Where the sheet draws the zone (2.7 and 2.92 inches down, at 300 ppi).
    const lines = [
      { text: l1, box: { x: 60, y: 790, w: 1300, h: 34 }, confidence: 0.8 },
      { text: misread, box: { x: 60, y: 856, w: 1300, h: 34 }, confidence: 0.8 },
    ];
    expect(findMrz(lines)).toMatchObject({ documentNumber: '7EB960943', checks: { documentNumber: true } });
    const reread = await rereadMrzStrip(engine, image, 300, lines);
    expect(findMrz(reread)!.documentNumber).toBe('538960943');
  }, 60_000);

  it('keeps the page reading when the zone already validates', async () => {
    const lines = [{ text: l1, box: { x: 60, y: 810, w: 1300, h: 30 }, confidence: 0.9 }, { text: l2, box: { x: 60, y: 900, w: 1300, h: 30 }, confidence: 0.9 }];
    expect(await rereadMrzStrip(engine, image, 300, lines)).toBe(lines);
  });
});

describe("Debian tesseract reads a zone with the MRZ's own model", () => {
  it('uses the shipped model when its file is there, eng held to the alphabet when not', () => {
    expect(mrzModelArgs()).toEqual(['--tessdata-dir', expect.stringMatching(/tessdata\/$/), '-l', 'mrz']);
    expect(mrzModelArgs(tmpdir())).toEqual(['-l', 'eng']);
  });

  it.runIf(cliPresent)('reads a small, soft zone strip as TSV lines, every check digit right', async () => {
    const [l1, l2] = passportZone();
    // A zone as a 600-pixel specimen photo gives it: letters a dozen pixels high, softened.
    const canvas = drawSheet({ widthIn: 4.6, heightIn: 0.5, dpi: 110, seed: 3, lines: [{ text: l1, x: 0.1, y: 0.08, size: 8.5 }, { text: l2, x: 0.1, y: 0.28, size: 8.5 }] });
    const rgba = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    const small: GreyImage = { width: canvas.width, height: canvas.height, data: new Uint8Array(canvas.width * canvas.height) };
    for (let p = 0; p < small.data.length; p++) small.data[p] = rgba[p * 4]!;
    const cli = createTesseractCli();
    const strip = resize(small, small.width * 3, small.height * 3);
    const lines = await cli.recognizeMrz(strip, 330);
    const mrz = findMrz(lines);
    expect(mrz).not.toBeNull();
    expect(Object.values(mrz!.checks).every(Boolean)).toBe(true);
    expect(mrz!.documentNumber).toBe('538960943');
  }, 60_000);
});
