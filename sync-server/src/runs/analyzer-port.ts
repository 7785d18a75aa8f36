import type { AnalyzerSchema } from '../analyzer/catalogue.js';
import type { EInvoice } from '../analyzer/einvoice/index.js';
import type { CatalogueType, Classification, ExtractedField, ParsedPage, PreflightFlag, SplitDocument } from '../analyzer/types.js';

export type { AnalyzerSchema } from '../analyzer/catalogue.js';
export type { EInvoice } from '../analyzer/einvoice/index.js';
export type { CatalogueType, Classification, ExtractedField, ParsedPage, PreflightFlag, SplitDocument } from '../analyzer/types.js';

/** One file as read: its pages and the red flags raised on them. */
export interface FileReading {
  pages: ParsedPage[];
  flags: PreflightFlag[];
  /** The e-invoice the PDF embeds as XML (Factur-X, ZUGFeRD, XRechnung, UBL), when it carries one. */
  einvoice?: EInvoice;
}

export interface ReadOptions {
  /**
   * Whose file: an analyzer shared by organizations serves them in turn, so one organization's
   * files never hold another's (fair-slots.ts).
   */
  orgId: string;
  /** The file's own time limit. */
  timeoutMs: number;
  /** Aborted when the run is cancelled or its stage runs out of time. */
  signal?: AbortSignal;
  /** Told as pages of the file are read (an analyzer that cannot tell says nothing). */
  onPage?: (pagesRead: number, pageCount: number) => void;
}

/** Classifies documents into the types of one organization's catalogue. */
export interface DocumentTyper {
  classify(pages: ParsedPage[]): Classification;
  pageTypes(page: ParsedPage): Record<string, number>;
}

/**
 * What the run engine asks of the analyzer (DESIGN.md, The analyzer), one method per stage. The
 * engine knows nothing else of it: the adapter (analyzer-adapter.ts) calls the analyzer's
 * modules, a remote analyzer would be another adapter, and tests wrap an adapter to make a
 * stage fail or fall silent.
 */
export interface AnalyzerPort {
  /**
   * Pre-flight: red flags on every page before anything is spent, and the text layer of each page
   * (scans are not read yet). A file that cannot be read at all comes back as a flag on page 1.
   * Rejects with AnalyzerUnavailableError when the analyzer cannot be reached.
   */
  preflight(bytes: Uint8Array, options: ReadOptions): Promise<FileReading>;
  /** Parse: the text lines of every page, scans read by OCR. Rejects when the file cannot be read. */
  parse(bytes: Uint8Array, options: ReadOptions): Promise<FileReading>;
  /**
   * The e-invoice the file embeds as XML (Factur-X, ZUGFeRD, XRechnung, UBL), or undefined; read
   * without its pages. A file that cannot be opened carries none (its reading says why).
   */
  einvoice(bytes: Uint8Array, options: ReadOptions): Promise<EInvoice | undefined>;
  /** Pages of the file as PNG images at about `ppi`, for a model that reads images; pages that fail are left out. */
  pageImages(bytes: Uint8Array, pages: readonly number[], ppi: number, options: ReadOptions): Promise<{ page: number; png: Uint8Array }[]>;
  /** A classifier over the organization's document types. */
  typer(catalogue: CatalogueType[]): DocumentTyper;
  /** Split: the file's pages read as documents (runs of pages). */
  split(pages: ParsedPage[], flags: PreflightFlag[], typer: DocumentTyper, schemas: AnalyzerSchema[]): SplitDocument[];
  /** Extract: the fields of `schema` read from a document's pages, each with where it was read. */
  extract(docType: string, pages: ParsedPage[], schema: AnalyzerSchema | undefined): Record<string, ExtractedField>;
  close(): Promise<void>;
}

/** The analyzer could not be reached at all (a remote analyzer or model down): the run call's 502. */
export class AnalyzerUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AnalyzerUnavailableError';
  }
}
