/**
 * OCR engines behind one interface: tesseract.js (wasm, English data from the
 * `@tesseract.js-data/eng` package, needs nothing installed), Debian's `tesseract` binary
 * (`tesseract-ocr`), and PaddleOCR's PP-OCRv4 models on onnxruntime-node (`@gutenye/ocr-node`, an
 * optional dependency). Which one is the default was chosen by measurement (README, "OCR engines").
 */
import type { Box } from '../../types.js';
import type { GreyImage } from '../../pdf/pixels.js';

export type OcrEngineName = 'tesseract-js' | 'tesseract-cli' | 'paddle';

export const OCR_ENGINE_NAMES: readonly OcrEngineName[] = ['tesseract-js', 'tesseract-cli', 'paddle'];

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
  /**
   * Which way up the image's text stands: the clockwise turn that makes it upright, and the
   * engine's confidence in it (Tesseract's orientation detection; null when the engine cannot tell).
   */
  orientation?(image: GreyImage, ppi: number): Promise<{ rotate: 0 | 90 | 180 | 270; confidence: number } | null>;
  /**
   * Reads the image as one block of text (page segmentation 6): a photographed document whose
   * automatic segmentation found nothing among the desk, the photo and the shadows.
   */
  recognizeBlock?(image: GreyImage, ppi: number): Promise<OcrLine[]>;
  close(): Promise<void>;
}

/** The characters a machine-readable zone is printed in (ICAO 9303). */
export const MRZ_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

/** The engine scans are read with when nothing says otherwise (README, "OCR engines"). */
export const DEFAULT_OCR_ENGINE: OcrEngineName = 'tesseract-cli';

/** A name as given on a command line or in the environment, or undefined when it names no engine. */
export function ocrEngineName(value: string | undefined): OcrEngineName | undefined {
  return OCR_ENGINE_NAMES.find((n) => n === value);
}

/** `OCR_ENGINE=tesseract-cli|tesseract-js|paddle`; anything else (or nothing) is the default. */
export function ocrEngineFromEnv(env: NodeJS.ProcessEnv = process.env): OcrEngineName {
  return ocrEngineName(env.OCR_ENGINE) ?? DEFAULT_OCR_ENGINE;
}
