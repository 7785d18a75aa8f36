/**
 * OCR engines behind one interface. tesseract.js (wasm, English data from the
 * `@tesseract.js-data/eng` package) is the default and needs nothing installed; Debian's
 * `tesseract` binary, when configured and on the PATH, is faster and a little more accurate.
 */
import type { Box } from '../../types.js';
import type { GreyImage } from '../../pdf/pixels.js';

export type OcrEngineName = 'tesseract-js' | 'tesseract-cli';

/** A line as the engine read it, in the pixels of the image it was given. */
export interface OcrLine {
  text: string;
  box: Box;
  /** 0..1 */
  confidence: number;
}

export interface OcrEngine {
  readonly name: OcrEngineName;
  /** Reads an upright grey image painted at `ppi` pixels per inch, with automatic page segmentation. */
  recognize(image: GreyImage, ppi: number): Promise<OcrLine[]>;
  /**
   * Reads a machine-readable zone's strip, cropped from a page: one block of lines (page
   * segmentation 6) in the MRZ alphabet only (A–Z, 0–9, `<`), so the filler cannot be read as a
   * letter nor a letter as punctuation.
   */
  recognizeMrz(image: GreyImage, ppi: number): Promise<OcrLine[]>;
  close(): Promise<void>;
}

/** The characters a machine-readable zone is printed in (ICAO 9303). */
export const MRZ_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

/** `OCR_ENGINE=tesseract-cli|tesseract-js`; anything else (or nothing) is the default, tesseract.js. */
export function ocrEngineFromEnv(env: NodeJS.ProcessEnv = process.env): OcrEngineName {
  return env.OCR_ENGINE === 'tesseract-cli' ? 'tesseract-cli' : 'tesseract-js';
}
