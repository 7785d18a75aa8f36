import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDigit, findMrz } from '../../src/analyzer/extract/mrz.js';
import type { OcrEngine } from '../../src/analyzer/parse/ocr/engine.js';
import { createTesseractCli, mrzModelArgs, tesseractCliAvailable } from '../../src/analyzer/parse/ocr/tesseract-cli.js';
import { createTesseractJs } from '../../src/analyzer/parse/ocr/tesseract-js.js';
import { readZone, rereadMrzStrip } from '../../src/analyzer/parse/mrz-strip.js';
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

describe('a zone the page reading missed altogether', () => {
  const box = (y: number) => ({ x: 100, y, w: 900, h: 30 });
  const poor = [
    { text: 'ALI HAMAD ABDULLAH AL-KAABI', box: box(100), confidence: 0.91 },
    { text: 'Cow of oem wee Persone eae', box: box(140), confidence: 0.4 },
    { text: 'M “Qatar @ salad', box: box(180), confidence: 0.23 },
    { text: 'Coe of ee Sal', box: box(220), confidence: 0.42 },
  ];
  const image: GreyImage = { width: 1200, height: 800, data: new Uint8Array(1200 * 800).fill(255) };
  /** An engine whose MRZ reading gives these lines, counting its calls. */
  const engineReading = (zone: string[]) => {
    let calls = 0;
    const engine: OcrEngine = {
      name: 'tesseract-cli',
      recognize: async () => [],
      recognizeMrz: async () => {
        calls++;
        return zone.map((text, i) => ({ text, box: { x: 60, y: 600 + i * 60, w: 1000, h: 30 }, confidence: 0.7 }));
      },
      close: async () => {},
    };
    return { engine, calls: () => calls };
  };

  it("is hunted in a poor reading with the zone's own model, and joins it when it validates", async () => {
    const { engine } = engineReading(['G<2GRTADIDENTIDENTIYCARDL28<<', 'P<QATAL<KAABI<<ALI<HAMAD<ABDULLAH<<<<<<<<<<<', '00000000<0QAT7103070M110725012345458902<<<78']);
    const read = await readZone(engine, image, 300, poor);
    const mrz = findMrz(read)!;
    expect(mrz).toMatchObject({ issuingState: 'QAT', surname: 'AL KAABI', dateOfBirth: '1971-03-07', expiryDate: '2011-07-25' });
    // Only the zone's own lines join the page's: not a title the hunt read in the zone's alphabet.
    expect(read.filter((l) => l.text.includes('<')).length).toBe(2);
    expect(read.slice(0, 4)).toEqual(poor);
  });

  it('leaves a reading as it was when what the hunt found does not validate, and does not hunt in a good reading', async () => {
    const noise = engineReading(['TOTAL<<DUE<<AMOUNT<<<<<<<<<<<<<<<<<<<<<<<<<<', 'CARD<<NUMBER<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<']);
    expect(await readZone(noise.engine, image, 300, poor)).toBe(poor);
    const good = poor.map((l) => ({ ...l, confidence: 0.9 }));
    const spy = engineReading(['P<QATAL<KAABI<<ALI<HAMAD<ABDULLAH<<<<<<<<<<<', '00000000<0QAT7103070M110725012345458902<<<78']);
    expect(await readZone(spy.engine, image, 300, good)).toBe(good);
    expect(spy.calls()).toBe(0);
  });
});
