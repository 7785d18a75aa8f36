import type { OcrEngine, OcrEngineName } from './engine.js';
import { createTesseractCli, tesseractCliAvailable } from './tesseract-cli.js';
import { createTesseractJs } from './tesseract-js.js';

/**
 * The engine asked for, or tesseract.js when the binary is asked for but not on the PATH (a
 * machine without Debian's package still reads scans, only slower); `fellBack` says so.
 */
export async function createOcrEngine(name: OcrEngineName): Promise<{ engine: OcrEngine; fellBack: boolean }> {
  if (name === 'tesseract-cli') {
    if (await tesseractCliAvailable()) return { engine: createTesseractCli(), fellBack: false };
    return { engine: await createTesseractJs(), fellBack: true };
  }
  return { engine: await createTesseractJs(), fellBack: false };
}
