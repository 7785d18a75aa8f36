/**
 * Pages as a camera or a careless scanner gives them: a letter drawn upright, then turned a half
 * and a quarter turn, is read the right way up by the default engine (Tesseract with its
 * orientation data), and its lines come back where they lie on the turned image.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OcrEngine } from '../../src/analyzer/parse/ocr/engine.js';
import { concurrentEngine } from '../../src/analyzer/parse/ocr/concurrent.js';
import { createTesseractCli, orientationFromOsd, tesseractCliAvailable } from '../../src/analyzer/parse/ocr/tesseract-cli.js';
import { readUpright } from '../../src/analyzer/parse/read-packet.js';
import { type GreyImage, rotateBy, rotateClockwise, skewAngle } from '../../src/analyzer/pdf/pixels.js';
import { drawSheet } from './fixtures/pages.js';

const LETTER = [
  'Northgate Water Services',
  'Account number 4471 0932 18',
  'Bill date 14 March 2025',
  'Dear Customer, this is your water bill for the quarter.',
  'Amount due by 4 April 2025 is shown below.',
  'Standing charge and volume charge for the period.',
  'Please pay by direct debit or at any post office.',
  'Total amount due GBP 182.40',
];

function page(): GreyImage {
  const canvas = drawSheet({ widthIn: 6, heightIn: 4, dpi: 200, seed: 3, lines: LETTER.map((text, i) => ({ text, x: 0.4, y: 0.4 + i * 0.4, size: 11 })) });
  const rgba = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  const data = new Uint8Array(canvas.width * canvas.height);
  for (let p = 0; p < data.length; p++) data[p] = rgba[p * 4]!;
  return { width: canvas.width, height: canvas.height, data };
}

const words = (lines: { text: string }[]) => lines.map((l) => l.text).join('\n');

describe('reading a page whichever way up it lies', () => {
  let engine: OcrEngine | null = null;
  let upright: GreyImage;
  beforeAll(async () => {
    if (await tesseractCliAvailable()) engine = createTesseractCli();
    upright = page();
  });
  afterAll(() => engine?.close());

  it('turns pixels a quarter, half and three-quarter turn, and maps turned points back', () => {
    const img: GreyImage = { width: 3, height: 2, data: Uint8Array.from([1, 2, 3, 4, 5, 6]) };
    const r90 = rotateClockwise(img, 90);
    expect([r90.image.width, r90.image.height, [...r90.image.data]]).toEqual([2, 3, [4, 1, 5, 2, 6, 3]]);
    expect([...rotateClockwise(img, 180).image.data]).toEqual([6, 5, 4, 3, 2, 1]);
    expect([...rotateClockwise(img, 270).image.data]).toEqual([3, 6, 2, 5, 1, 4]);
    // The turned image's top-left corner is the source's bottom-left (90°) / bottom-right (180°) / top-right (270°).
    const at = (m: readonly number[], x: number, y: number) => [m[0]! * x + m[2]! * y + m[4]!, m[1]! * x + m[3]! * y + m[5]!];
    expect(at(r90.toSource, 0, 0)).toEqual([0, 2]);
    expect(at(rotateClockwise(img, 180).toSource, 0, 0)).toEqual([3, 2]);
    expect(at(rotateClockwise(img, 270).toSource, 0, 0)).toEqual([3, 0]);
  });

  it("reads Tesseract's orientation report", () => {
    expect(orientationFromOsd('Page number: 0\nOrientation in degrees: 90\nRotate: 270\nOrientation confidence: 2.11\nScript: Latin\n')).toEqual({ rotate: 270, confidence: 2.11 });
    expect(orientationFromOsd('Too few characters. Skipping this page\n')).toBeNull();
  });

  it('reads an upside-down page the right way up, its lines where they lie on the page given', async (ctx) => {
    if (!engine) return ctx.skip();
    const straight = await readUpright(engine, upright, 200);
    expect(words(straight)).toMatch(/Total amount due GBP 182\.40/);
    const { image } = rotateClockwise(upright, 180);
    const lines = await readUpright(engine, image, 200);
    const text = words(lines);
    expect(text).toMatch(/Account number 4471 0932 18/);
    expect(text).toMatch(/Total amount due GBP 182\.40/);
    // In the turned image the first line of the letter lies at the bottom.
    const first = lines.find((l) => /Northgate/.test(l.text))!;
    const last = lines.find((l) => /Total amount/.test(l.text))!;
    expect(first.box.y).toBeGreaterThan(last.box.y);
    expect(first.box.y + first.box.h).toBeLessThanOrEqual(image.height + 2);
  }, 60_000);

  it('reads a page lying on its side the right way up', async (ctx) => {
    if (!engine) return ctx.skip();
    const { image } = rotateClockwise(upright, 90);
    // Tesseract reads text on its side too: what shows the page was turned is that its orientation
    // was asked, and the lines come back as boxes on the image given (taller than wide there).
    const real = engine;
    const turns: number[] = [];
    const spy: OcrEngine = {
      ...real,
      recognize: (i, p) => real.recognize(i, p),
      recognizeMrz: (i, p) => real.recognizeMrz(i, p),
      orientation: async (i, p) => {
        const o = await real.orientation!(i, p);
        if (o) turns.push(o.rotate);
        return o;
      },
    };
    const lines = await readUpright(spy, image, 200);
    expect(turns).toEqual([270]);
    expect(words(lines)).toMatch(/Total amount due GBP 182\.40/);
    const total = lines.find((l) => /Total amount/.test(l.text))!;
    expect(total.box.h).toBeGreaterThan(total.box.w);
  }, 60_000);

  it("turns the other way when the engine's orientation names the opposite turn (its commonest mistake)", async () => {
    // A stand-in engine that reads well only an image whose marked pixel is at the top left, and
    // whose orientation answer is the opposite of the turn needed (as Tesseract answered "turn
    // 270" for a specimen passport lying on its side that needed 90).
    const MARK = 200;
    const readable = (img: GreyImage) => img.data[0] === MARK;
    const lines = (ok: boolean) =>
      Array.from({ length: 6 }, (_, i) => ({ text: ok ? `Line number ${i} of the letter` : `xq~;l ${i}`, box: { x: 0, y: i, w: 3, h: 1 }, confidence: ok ? 0.9 : 0.1 }));
    const turns: number[] = [];
    const stub: OcrEngine = {
      name: 'tesseract-cli',
      recognize: async (img) => lines(readable(img)),
      recognizeMrz: async () => [],
      orientation: async () => ({ rotate: 90, confidence: 3 }),
      close: async () => {},
    };
    // The marked pixel at the top right: three quarter turns clockwise bring it to the top left, one does not.
    const img: GreyImage = { width: 3, height: 2, data: Uint8Array.from([0, 0, MARK, 0, 0, 0]) };
    const spy: OcrEngine = { ...stub, recognize: async (i, p) => (turns.push(i.width), stub.recognize(i, p)) };
    const read = await readUpright(spy, img, 200);
    expect(read.every((l) => l.confidence === 0.9)).toBe(true);
    expect(turns.length).toBe(3); // as given, the named turn, the opposite one
    const upsideDown: GreyImage = { width: 3, height: 2, data: Uint8Array.from([0, 0, 0, 0, 0, MARK]) };
    const noTurnFits = await readUpright({ ...stub, orientation: async () => ({ rotate: 90, confidence: 3 }) }, upsideDown, 200);
    // Neither quarter turn brings the mark up: the page is kept as read.
    expect(noTurnFits.every((l) => l.confidence === 0.1)).toBe(true);
  });

  it('turns pixels by any angle on a white canvas, maps turned points back, and finds the tilt of lines of text', () => {
    const img: GreyImage = { width: 40, height: 20, data: new Uint8Array(800).fill(0) };
    const r = rotateBy(img, 90);
    expect([r.image.width, r.image.height]).toEqual([20, 40]);
    const at = (m: readonly number[], x: number, y: number) => [m[0]! * x + m[2]! * y + m[4]!, m[1]! * x + m[3]! * y + m[5]!];
    // A quarter turn clockwise: the turned image's top-right corner is the source's top-left.
    const [x, y] = at(r.toSource, 20, 0);
    expect(x).toBeCloseTo(0, 5);
    expect(y).toBeCloseTo(0, 5);
    // Corners outside the source are paper white.
    expect(rotateBy(img, 30).image.data[0]).toBe(255);
    // The letter turned 12° clockwise is found tilted 12° (to half a degree), and turned back straight.
    expect(skewAngle(upright)).toBe(0);
    expect(Math.abs(skewAngle(rotateBy(upright, 12).image) - 12)).toBeLessThanOrEqual(1);
    expect(Math.abs(skewAngle(rotateBy(upright, -7).image) + 7)).toBeLessThanOrEqual(1);
  });

  /** The letter laid on a dark desk and photographed the given degrees askew. */
  const photoOnDesk = (degrees: number): GreyImage => {
    const W = upright.width + 400;
    const H = upright.height + 400;
    const desk = new Uint8Array(W * H).fill(40);
    for (let yy = 0; yy < upright.height; yy++) desk.set(upright.data.subarray(yy * upright.width, (yy + 1) * upright.width), (yy + 200) * W + 200);
    return rotateBy({ width: W, height: H, data: desk }, degrees, 40).image;
  };

  it('reads a page photographed tilted on a dark desk, which automatic segmentation finds nothing on', async (ctx) => {
    if (!engine) return ctx.skip();
    // The letter laid on a dark desk, and the photo taken 14° askew.
    const photo = photoOnDesk(14);
    const lines = await readUpright(engine, photo, 200);
    const text = words(lines);
    expect(text).toMatch(/Total amount due/);
    expect(text).toMatch(/4471/);
    // The lines come back on the photo as given: the letter's first line above its last.
    const first = lines.find((l) => /Northgate/.test(l.text));
    const last = lines.find((l) => /Total amount/.test(l.text))!;
    if (first) expect(first.box.y).toBeLessThan(last.box.y);
    expect(last.box.x + last.box.w).toBeLessThanOrEqual(photo.width + 2);
  }, 60_000);

  it('turns straight a photo taken further askew than 20° (a passport on a desk), by the angle it lies at', async (ctx) => {
    if (!engine) return ctx.skip();
    const photo = photoOnDesk(26);
    const turnedWidths: number[] = [];
    const spy: OcrEngine = { ...engine, recognizeBlock: (i, p) => (turnedWidths.push(i.width), engine!.recognizeBlock!(i, p)) };
    const lines = await readUpright(spy, photo, 200);
    // Turned back by 26° (to a degree), not by the 20° a narrower search stops at.
    const widthAt = (deg: number) => Math.abs(photo.width * Math.cos((deg * Math.PI) / 180)) + Math.abs(photo.height * Math.sin((deg * Math.PI) / 180));
    expect(turnedWidths.length).toBe(1);
    expect(turnedWidths[0]!).toBeGreaterThanOrEqual(Math.min(widthAt(25), widthAt(27)) - 2);
    expect(turnedWidths[0]!).toBeLessThanOrEqual(Math.max(widthAt(25), widthAt(27)) + 2);
    expect(words(lines)).toMatch(/Total amount due/);
  }, 60_000);

  it('asks orientation through the engines the reading pool wraps (a wrapper that dropped it left every page as read)', async () => {
    const stub: OcrEngine = { name: 'tesseract-cli', recognize: async () => [], recognizeMrz: async () => [], orientation: async () => ({ rotate: 180, confidence: 4 }), close: async () => {} };
    const wrapped = concurrentEngine('tesseract-cli', async () => stub, 2);
    expect(await wrapped.orientation?.({ width: 1, height: 1, data: new Uint8Array(1) }, 200)).toEqual({ rotate: 180, confidence: 4 });
    const plain = concurrentEngine('tesseract-cli', async () => ({ ...stub, orientation: undefined }), 1);
    expect(await plain.orientation?.({ width: 1, height: 1, data: new Uint8Array(1) }, 200)).toBeNull();
  });
});
