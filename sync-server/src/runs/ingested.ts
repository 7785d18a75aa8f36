import type { Queryable } from '../db/db.js';
import type { TextLine } from '../analyzer/types.js';
import type { ParsedPage } from './analyzer-port.js';

/**
 * What an integrator's own engine read of a file (the analysis area's ingests, spec tag
 * `analysis`), as a run takes it: page by page and document by document, in place of what the
 * analyzer would read. The run engine knows ingests only through this seam; the analysis area
 * fills it (`RunEngine.ingests`).
 */

/** A line of an ingested page: its box in fractions of the page's width and height (top-left origin). */
export interface IngestedLine {
  text: string;
  box: { x: number; y: number; w: number; h: number };
  confidence: number;
}

export interface IngestedDocument {
  pages: number[];
  docType: string;
  confidence: number;
  boundaryConfidence: number;
  runnersUp: { docType: string; confidence: number }[];
  /** Field → value, checked against the type's extraction schema when it was received. */
  keyData: Record<string, unknown>;
  /** Where each value is printed: page and line of the ingest's own lines, null when it did not say. */
  keyFields: Record<string, { confidence: number; page: number | null; line: number | null }>;
}

export interface IngestedFile {
  /** The ingest's id. */
  id: string;
  /** What the values and documents it gives carry as `source`: `analysis:<id>`. */
  source: string;
  /** Its pages' lines, by page number. */
  pages: Map<number, IngestedLine[]>;
  /** Its documents; empty when it gives none (the run splits and types the file itself). */
  documents: IngestedDocument[];
}

/** The ingests in force for some files of a case, read through `q`, by file id. */
export type IngestSource = (q: Queryable, applicationId: string, fileIds: readonly string[]) => Promise<Map<string, IngestedFile>>;

/** A page as a run stores it; `analysis`: the ingest its lines were taken from. */
export type StoredPage = ParsedPage & { analysis?: string };

/** US Letter in points: the size of a page whose reading failed, to scale an ingest's boxes to. */
const FALLBACK_SIZE = { width: 612, height: 792 };

/**
 * The pages of a file with an ingest's lines in place of what the analyzer read, page by page:
 * boxes scaled to the page as the PDF sizes it, reading order as the ingest gives it. Pages the
 * ingest does not give stay as read; a page it gives that reading did not produce is added.
 */
export function overlayPages(read: readonly ParsedPage[], ingested: IngestedFile | undefined): StoredPage[] {
  if (!ingested || ingested.pages.size === 0) return [...read];
  const byNumber = new Map<number, StoredPage>(read.map((p) => [p.page, p]));
  for (const [page, lines] of ingested.pages) {
    const base = byNumber.get(page);
    const size = base && base.width > 0 && base.height > 0 ? base : FALLBACK_SIZE;
    const scaled: TextLine[] = lines.map((l) => ({
      text: l.text,
      box: { x: l.box.x * size.width, y: l.box.y * size.height, w: l.box.w * size.width, h: l.box.h * size.height },
      confidence: l.confidence,
    }));
    byNumber.set(page, {
      page,
      width: size.width,
      height: size.height,
      // A page the PDF prints as text keeps saying so; otherwise its lines were read off an image, as OCR does.
      source: scaled.length === 0 ? 'none' : base?.source === 'text' ? 'text' : 'ocr',
      lines: scaled,
      images: base?.images ?? [],
      analysis: ingested.id,
    });
  }
  return [...byNumber.values()].sort((a, b) => a.page - b.page);
}
