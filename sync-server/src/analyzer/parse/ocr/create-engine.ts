import { concurrentEngine } from './concurrent.js';
import type { OcrEngine, OcrEngineName } from './engine.js';
import { createPaddle, paddleInstalled } from './paddle.js';
import { createTesseractCli, tesseractCliAvailable } from './tesseract-cli.js';
import { createTesseractJs } from './tesseract-js.js';

export interface CreateOcrEngineOptions {
  /** Images read at once, each by its own instance (one core each). Default 1. */
  concurrency?: number;
}

/**
 * The engine asked for, or tesseract.js when the one asked for cannot run here: Debian's binary not
 * on the PATH, or the optional PaddleOCR package not installed (a machine without them still reads
 * scans, only slower); `fellBack` says so and `note` says why, for the reading's notes.
 */
export async function createOcrEngine(name: OcrEngineName, options: CreateOcrEngineOptions = {}): Promise<{ engine: OcrEngine; fellBack: boolean; note?: string }> {
  const size = options.concurrency ?? 1;
  const fallBack = (note: string) => ({ engine: concurrentEngine('tesseract-js', createTesseractJs, size), fellBack: true, note });
  if (name === 'tesseract-cli') {
    if (await tesseractCliAvailable()) return { engine: concurrentEngine(name, async () => createTesseractCli(), size), fellBack: false };
    return fallBack('OCR_ENGINE=tesseract-cli, but no tesseract binary is on the PATH (apt-get install tesseract-ocr): tesseract.js read the scans.');
  }
  if (name === 'paddle') {
    if (paddleInstalled()) {
      // Fails here, not on the first page, when onnxruntime cannot load on this machine.
      const first = await createPaddle().catch((e: unknown) => e);
      if (!(first instanceof Error)) {
        let spare: OcrEngine | undefined = first as OcrEngine;
        const make = async () => {
          const e = spare ?? (await createPaddle());
          spare = undefined;
          return e;
        };
        return { engine: concurrentEngine(name, make, size), fellBack: false };
      }
      return fallBack(`OCR_ENGINE=paddle, but PaddleOCR could not start (${first.message}): tesseract.js read the scans.`);
    }
    return fallBack('OCR_ENGINE=paddle, but @gutenye/ocr-node is not installed: tesseract.js read the scans.');
  }
  return { engine: concurrentEngine(name, createTesseractJs, size), fellBack: false };
}
