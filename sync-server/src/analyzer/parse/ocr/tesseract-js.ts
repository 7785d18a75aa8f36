/**
 * tesseract.js 7 on its own worker thread, English LSTM data loaded from node_modules: langPath is
 * the data package's folder (a file path, so it is read from disk, never fetched), gzip as shipped,
 * and no cache written anywhere.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import Tesseract from 'tesseract.js';
import type { GreyImage } from '../../pdf/pixels.js';
import { MRZ_ALPHABET, type OcrEngine, type OcrLine } from './engine.js';
import { encodePgm } from './pgm.js';

/** The folder holding eng.traineddata.gz: the integer "best" LSTM model, tesseract.js's own default. */
export function englishDataPath(): string {
  const pkg = createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json');
  return join(dirname(pkg), '4.0.0_best_int');
}

export async function createTesseractJs(): Promise<OcrEngine> {
  let failure: unknown;
  const worker = await Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, {
    langPath: englishDataPath(),
    gzip: true,
    cacheMethod: 'none',
    // Without it an error inside the OCR thread is thrown where nothing can catch it.
    errorHandler: (e: unknown) => {
      failure = e;
    },
  });
  const read = async (image: GreyImage, ppi: number, mrz: boolean): Promise<OcrLine[]> => {
    await worker.setParameters({
      // Automatic page segmentation: the default single block merges columns and loses short lines.
      // An MRZ strip is one block of lines in its own alphabet.
      tessedit_pageseg_mode: mrz ? Tesseract.PSM.SINGLE_BLOCK : Tesseract.PSM.AUTO,
      tessedit_char_whitelist: mrz ? MRZ_ALPHABET : '',
      user_defined_dpi: String(Math.round(Math.min(1200, Math.max(70, ppi)))),
      // Tesseract's chatter ("Detected 3 diacritics") would go to the server's output.
      debug_file: '/dev/null',
    });
    const result = await worker.recognize(encodePgm(image), {}, { blocks: true, text: false });
    if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
    const lines: OcrLine[] = [];
    for (const block of result.data.blocks ?? []) {
      for (const para of block.paragraphs) {
        for (const line of para.lines) {
          const text = line.text.replace(/\s+/g, ' ').trim();
          if (!text) continue;
          const { x0, y0, x1, y1 } = line.bbox;
          lines.push({ text, box: { x: x0, y: y0, w: x1 - x0, h: y1 - y0 }, confidence: Math.max(0, Math.min(1, line.confidence / 100)) });
        }
      }
    }
    return lines;
  };
  return {
    name: 'tesseract-js',
    recognize: (image, ppi) => read(image, ppi, false),
    recognizeMrz: (image, ppi) => read(image, ppi, true),
    async close() {
      await worker.terminate().catch(() => {});
    },
  };
}
