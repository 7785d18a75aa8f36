/**
 * Opens a packet's bytes with pdf.js: page count and per-page access, or a PacketReadError that says
 * why not (password, not a PDF, no pages, absurd page count).
 */
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PacketReadError } from './errors.js';
import { loadPdfjs, pdfjsAssets, type Pdfjs } from './pdfjs.js';

export interface OpenPacketOptions {
  /** Files that declare more pages are refused; a hostile page tree can claim billions. Default 2000. */
  maxPages?: number;
  /**
   * Images with more pixels are not decoded (pdf.js drops them with a warning, which the page reader
   * turns into an `oversized_page` flag). Default 40 million: an A3 page scanned at 300 ppi fits.
   */
  maxImagePixels?: number;
  /**
   * The file's font programs were hidden for reading text (font-programs.ts): the standard fonts'
   * data is not loaded either, since text needs only their built-in metrics. Default false.
   */
  textOnlyFonts?: boolean;
}

export interface PdfPacket {
  pageCount: number;
  pdfjs: Pdfjs;
  getPage(n: number): Promise<PDFPageProxy>;
  /** The files embedded in the PDF (pdf.js's name tree of EmbeddedFiles), for e-invoices (einvoice/). */
  getAttachments(): Promise<unknown>;
  destroy(): Promise<void>;
}

export const DEFAULT_MAX_PAGES = 2000;
export const DEFAULT_MAX_IMAGE_PIXELS = 40_000_000;

function describe(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export async function openPacket(bytes: Uint8Array, options: OpenPacketOptions = {}): Promise<PdfPacket> {
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const pdfjs = await loadPdfjs();
  if (bytes.byteLength === 0) throw new PacketReadError('unreadable', 'The file is empty.');
  const task = pdfjs.getDocument({
    // pdf.js takes ownership of (detaches) the buffer it is given: give it a copy.
    data: bytes.slice(),
    ...pdfjsAssets(),
    ...(options.textOnlyFonts ? { standardFontDataUrl: undefined } : {}),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    maxImageSize: options.maxImagePixels ?? DEFAULT_MAX_IMAGE_PIXELS,
    // Warnings are read by the page reader (see page-content.ts); errors inside a page are survived.
    verbosity: pdfjs.VerbosityLevel.WARNINGS,
    stopAtErrors: false,
  });
  let doc: PDFDocumentProxy;
  try {
    doc = await task.promise;
  } catch (e) {
    await task.destroy().catch(() => {});
    const name = (e as { name?: string })?.name;
    if (name === 'PasswordException') {
      throw new PacketReadError('encrypted', 'The file is password-protected: ask for an unprotected copy.');
    }
    if (name === 'InvalidPDFException') {
      throw new PacketReadError('unreadable', `The file is not a readable PDF (${describe(e)}): it is damaged or not a PDF.`);
    }
    throw new PacketReadError('unreadable', `The file could not be opened as a PDF: ${describe(e)}.`);
  }
  const pageCount = doc.numPages;
  if (!Number.isInteger(pageCount) || pageCount < 1) {
    await doc.destroy().catch(() => {});
    throw new PacketReadError('unreadable', 'The PDF has no pages.');
  }
  if (pageCount > maxPages) {
    await doc.destroy().catch(() => {});
    throw new PacketReadError(
      'too_many_pages',
      `The PDF declares ${pageCount.toLocaleString('en-GB')} pages; the analyzer reads at most ${maxPages.toLocaleString('en-GB')} per file. Split it into smaller files.`,
    );
  }
  return {
    pageCount,
    pdfjs,
    getPage: (n) => doc.getPage(n),
    getAttachments: () => doc.getAttachments(),
    destroy: () => doc.destroy(),
  };
}
