import type { PaintedImage } from '../types.js';
import type { VisualHash } from './visual-hash.js';

/**
 * What pre-flight needs to know about one page, gathered while the page is read (the pixels
 * themselves are not kept: a 300 ppi scan is 26 MB).
 */
export interface PageEvidence {
  page: number;
  /** Page size in points. */
  width: number;
  height: number;
  images: PaintedImage[];
  /** Non-blank characters in the page's text layer. */
  textChars: number;
  /** The text layer without whitespace, for telling text pages apart. */
  textKey: string;
  /** Visible vector marks: paths, shadings, visible text. */
  vectorMarks: number;
  /** Ink on the page's scan or rendering, beyond paper tone and noise (see scan-ink.ts); null when none was looked at. */
  ink: InkStats | null;
  /** Whether OCR read the page's pixels (a sheet with a little ink is called blank only if OCR finds no writing). */
  ocrTried: boolean;
  /** Confident lines OCR read. */
  ocrLines: number;
  /** Identical content ⇒ identical key: text, image pixels, layout. */
  exactKey: string;
  /** Perceptual hash of the page's scan or rendering; null for pages that were not looked at as pixels. */
  visual: VisualHash | null;
  /** The page's numbers (dates, amounts, references) as digit shingles: see tokens.ts. */
  digits: string[];
  /** Words of four letters or more, lower-cased. */
  words: string[];
  /** Images pdf.js would not decode for their size. */
  droppedImages: number;
  /** Why the page could not be read, when it could not. */
  failure: string | null;
}

export interface InkStats {
  /** Share of the examined area that is ink (0..1). */
  share: number;
  /** Ink pixels that belong to marks bigger than specks of dust, in pixels of the examined raster. */
  markPixels: number;
  /** Such marks. */
  marks: number;
  /** Estimated noise of the paper (grey levels, σ). */
  noise: number;
  /** Median grey level: the paper's tone (0 black … 255 white). */
  tone: number;
  /** Resolution of the examined raster, pixels per inch. */
  ppi: number;
  /** Where the marks lie, in pixels of the examined raster: what a perceptual hash looks at. */
  content: { x: number; y: number; w: number; h: number } | null;
}
