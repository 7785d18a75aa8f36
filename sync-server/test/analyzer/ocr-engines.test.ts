/**
 * The OCR engines behind OcrEngine (issue 26, part 6): their names, several instances reading at
 * once, a packet's scanned pages read side by side, and each real engine on a rendered scan.
 * Debian's tesseract is the default and must be there in CI (.ci/run installs it); PaddleOCR is
 * an optional package and is skipped, saying why, where it is not installed or cannot start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concurrentEngine } from '../../src/analyzer/parse/ocr/concurrent.js';
import { createOcrEngine } from '../../src/analyzer/parse/ocr/create-engine.js';
import { DEFAULT_OCR_ENGINE, ocrEngineFromEnv, ocrEngineName, type OcrEngine, type OcrLine } from '../../src/analyzer/parse/ocr/engine.js';
import { createPaddle, paddleInstalled } from '../../src/analyzer/parse/ocr/paddle.js';
import { createTesseractCli, tesseractCliAvailable } from '../../src/analyzer/parse/ocr/tesseract-cli.js';
import { readPacket } from '../../src/analyzer/parse/read-packet.js';
import type { GreyImage } from '../../src/analyzer/pdf/pixels.js';
import { A5, makePdf, payslipLines, scanPage } from './fixtures/pages.js';
import { readAndCheck } from './fixtures/read.js';

const march = { period: 'March 2025', paid: '28/03/2025', gross: '£2,916.67', tax: '£374.20', net: '£2,190.11', ytd: '£32,083.37' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * An engine that answers with a line naming the image's size and ink, counting calls in flight:
 * after `ms`, or, with `gather`, as soon as that many calls are in flight (at most `ms`), so that
 * pages read side by side show it however slowly the machine reads pages.
 */
function fakeEngine(ms: number, counter: { now: number; max: number; made: number }, gather = 0): OcrEngine {
  counter.made++;
  return {
    name: 'tesseract-cli',
    async recognize(image: GreyImage): Promise<OcrLine[]> {
      counter.now++;
      counter.max = Math.max(counter.max, counter.now);
      for (let waited = 0; waited < ms && !(gather && counter.max >= gather); waited += 10) await sleep(10);
      counter.now--;
      let ink = 0;
      for (const v of image.data) ink += 255 - v;
      return [{ text: `image ${image.width}x${image.height} ink ${ink}`, box: { x: 10, y: 10, w: 100, h: 20 }, confidence: 0.9 }];
    },
    recognizeMrz: async () => [],
    close: async () => {},
  };
}

describe('OCR engine names', () => {
  it('names every engine, and the default when nothing (or nothing known) is said', () => {
    expect(DEFAULT_OCR_ENGINE).toBe('tesseract-cli');
    expect(ocrEngineFromEnv({})).toBe(DEFAULT_OCR_ENGINE);
    expect(ocrEngineFromEnv({ OCR_ENGINE: 'tesseract-js' })).toBe('tesseract-js');
    expect(ocrEngineFromEnv({ OCR_ENGINE: 'paddle' })).toBe('paddle');
    expect(ocrEngineFromEnv({ OCR_ENGINE: 'abbyy' })).toBe(DEFAULT_OCR_ENGINE);
    expect(ocrEngineName('tesseract-cli')).toBe('tesseract-cli');
    expect(ocrEngineName('none')).toBeUndefined();
  });
});

describe('scanned pages read side by side', () => {
  it('runs up to its size of instances at once, each on one image, made on demand and all closed', async () => {
    const counter = { now: 0, max: 0, made: 0 };
    let closed = 0;
    const engine = concurrentEngine('tesseract-cli', async () => ({ ...fakeEngine(30, counter), close: async () => void closed++ }), 3);
    const img = { width: 2, height: 2, data: new Uint8Array(4) };
    await Promise.all(Array.from({ length: 7 }, () => engine.recognize(img, 200)));
    expect(counter.max).toBe(3);
    expect(counter.made).toBe(3);
    await engine.recognize(img, 200);
    expect(counter.made).toBe(3);
    await engine.close();
    expect(closed).toBe(3);
  });

  it("reads a packet's scans that many at a time, pages in their order, the same lines as one at a time", async () => {
    const pages = await Promise.all([1, 2, 3, 4, 5].map((i) => scanPage(A5, 100 + 20 * i, payslipLines(march), 70 + i)));
    const pdf = await makePdf(pages);
    const one = { now: 0, max: 0, made: 0 };
    const serial = await readPacket(pdf, { ocr: fakeEngine(80, one), ocrConcurrency: 1 });
    expect(one.max).toBe(1);
    const three = { now: 0, max: 0, made: 0 };
    const made = concurrentEngine('tesseract-cli', async () => fakeEngine(10_000, three, 3), 3);
    const parallel = await readPacket(pdf, { ocr: made, ocrConcurrency: 3 });
    expect(three.max).toBe(3);
    expect(parallel.stats.ocrPages).toBe(5);
    expect(parallel.pages.map((p) => p.page)).toEqual([1, 2, 3, 4, 5]);
    expect(parallel.pages.map((p) => p.lines.map((l) => l.text))).toEqual(serial.pages.map((p) => p.lines.map((l) => l.text)));
    expect(parallel.evidence).toEqual(serial.evidence);
    // Each page read at its own resolution: five different images, in the pages' order.
    expect(new Set(parallel.pages.map((p) => p.lines[0]!.text)).size).toBe(5);
  }, 60_000);

  it('keeps a page whose OCR fails as a page without lines while the others are read', async () => {
    const pdf = await makePdf(await Promise.all([1, 2, 3].map((i) => scanPage(A5, 150, payslipLines(march), 80 + i))));
    let calls = 0;
    const flaky: OcrEngine = {
      ...fakeEngine(20, { now: 0, max: 0, made: 0 }),
      async recognize(image, ppi) {
        if (++calls === 2) throw new Error('engine crashed');
        return fakeEngine(20, { now: 0, max: 0, made: 0 }).recognize(image, ppi);
      },
    };
    const r = await readPacket(pdf, { ocr: flaky, ocrConcurrency: 2 });
    expect(r.pages.map((p) => p.lines.length)).toEqual([1, 0, 1]);
  }, 60_000);
});

const inCi = !!process.env.CI;
const engines: [string, () => Promise<OcrEngine | string>][] = [
  [
    "Debian's tesseract (the default)",
    async () => {
      if (await tesseractCliAvailable()) return createTesseractCli();
      // In CI the default engine is tested, never skipped: .ci/run installs tesseract-ocr.
      if (inCi) throw new Error('tesseract is not on the PATH in CI: .ci/run should have installed tesseract-ocr');
      return 'tesseract is not on the PATH (apt-get install tesseract-ocr)';
    },
  ],
  [
    'PaddleOCR on onnxruntime-node',
    async () => {
      if (!paddleInstalled()) return '@gutenye/ocr-node (an optional dependency) is not installed';
      return createPaddle().catch((e: unknown) => `PaddleOCR could not start here: ${e instanceof Error ? e.message : String(e)}`);
    },
  ],
];

describe.each(engines)('%s', (_name, make) => {
  let ocr: OcrEngine | string;
  beforeAll(async () => {
    ocr = await make();
  }, 60_000);
  afterAll(async () => {
    if (typeof ocr !== 'string') await ocr.close();
  });

  it('reads a rendered scan: its key lines, placed on the page', async (ctx) => {
    if (typeof ocr === 'string') return ctx.skip(ocr);
    const pdf = await makePdf([await scanPage(A5, 200, payslipLines(march), 41)]);
    const r = await readAndCheck(pdf, ocr);
    const page = r.pages[0]!;
    expect(page.source).toBe('ocr');
    const text = page.lines.map((l) => l.text).join('\n');
    expect(text).toMatch(/PAYSLIP/i);
    expect(text.replace(/\s/g, '')).toMatch(/2,190\.11/);
    expect(text.replace(/\s/g, '')).toMatch(/28\/03\/2025/);
    // "Net pay" was drawn 0.6 in (43 pt) from the left, 3.5 in (252 pt) from the top of the sheet.
    const net = page.lines.find((l) => /^Net ?pay/i.test(l.text))!;
    expect(net).toBeDefined();
    expect(net.box.x).toBeGreaterThan(30);
    expect(net.box.x).toBeLessThan(55);
    expect(net.box.y).toBeGreaterThan(240);
    expect(net.box.y).toBeLessThan(268);
    for (const l of page.lines) expect(l.confidence).toBeGreaterThanOrEqual(0), expect(l.confidence).toBeLessThanOrEqual(1);
  }, 60_000);
});

describe('the engine asked for, or tesseract.js with a note', () => {
  it('makes the configured engine with as many instances as asked, or says why it fell back', async () => {
    const made = await createOcrEngine('tesseract-cli', { concurrency: 2 });
    try {
      if (await tesseractCliAvailable()) expect(made).toMatchObject({ fellBack: false, engine: { name: 'tesseract-cli' } });
      else expect(made).toMatchObject({ fellBack: true, engine: { name: 'tesseract-js' }, note: expect.stringMatching(/no tesseract binary/) });
    } finally {
      await made.engine.close();
    }
  }, 60_000);
});
