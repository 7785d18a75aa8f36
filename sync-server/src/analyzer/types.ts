/**
 * The analyzer's data, shared by its stages (DESIGN.md "The analyzer"). Every stage takes pages
 * and returns data: no HTTP, no SQL. Pages are 1-based; coordinates are PDF points with the
 * origin at the page's top-left corner (y grows downwards), so a line's box is where a reviewer
 * sees it.
 */

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** One line of text as read: from the PDF's text layer (confidence 1) or by OCR. */
export interface TextLine {
  text: string;
  box: Box;
  /** 0..1; 1 for the text layer. */
  confidence: number;
}

/** An image painted on a page, and the resolution it is painted at. */
export interface PaintedImage {
  /** Pixels of the image itself. */
  pixelWidth: number;
  pixelHeight: number;
  /** Where it is painted on the page. */
  box: Box;
  /** Effective resolution: pixels per inch as painted (the lower of x and y). */
  ppi: number;
  /** Share of the page's area it covers, 0..1. */
  coverage: number;
}

export interface ParsedPage {
  page: number;
  /** Page size in points. */
  width: number;
  height: number;
  /** Where the lines came from: the text layer, OCR of the page's scan, or nothing readable. */
  source: 'text' | 'ocr' | 'none';
  /** In reading order. */
  lines: TextLine[];
  images: PaintedImage[];
}

export type PreflightCode = 'low_dpi' | 'duplicate_page' | 'blank_page' | 'encrypted' | 'unreadable' | 'oversized_page';

/** A red flag raised before anything is spent; `note` says it in words a reviewer can act on. */
export interface PreflightFlag {
  page: number;
  code: PreflightCode;
  note: string;
  /** duplicate_page: the page it copies (the first copy). */
  duplicateOf?: number;
}

/** A run of pages read as one document, with the confidence of the boundary that starts it. */
export interface SplitDocument {
  pages: number[];
  confidence: number;
}

export interface TypeGuess {
  docType: string;
  confidence: number;
}

export interface Classification extends TypeGuess {
  /** The next most likely types, most likely first. */
  runnersUp: TypeGuess[];
}

/** A document type the organization's marked chain offers (official ids, coined ones by their words). */
export interface CatalogueType {
  docType: string;
  name: string;
  kind: string;
  description: string;
}

/** One field of an extraction schema, as the extractor needs it. */
export interface SchemaField {
  name: string;
  label: string;
  type: 'string' | 'number' | 'date' | 'money' | 'name' | 'address' | 'country' | 'boolean' | 'enum' | string;
  /** Lists of values (tenant names). */
  multiple?: boolean;
}

/** A value read from a document, and where: the page and the line (index into that page's `lines`). */
export interface ExtractedField {
  value: unknown;
  confidence: number;
  page: number;
  line: number;
  /**
   * Where the value came from when it was not read from the page's text, e.g. `embedded Factur-X
   * XML (factur-x.xml)`; page and line then point where the value is printed, when it is.
   */
  source?: string;
}
