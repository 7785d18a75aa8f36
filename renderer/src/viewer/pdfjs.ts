import type { PDFDocumentProxy, PDFWorker } from 'pdfjs-dist';
// Vite copies the worker into the build and hands back its URL: pdf.js parses on that thread.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

type PdfJs = typeof import('pdfjs-dist');

// pdf.js is most of the app's script and only the case pages draw pages, so it is a chunk of its
// own, loaded on first use. It is loaded once, with one worker for every document the app opens,
// started while the app can still fetch their scripts: the service worker keeps every chunk of the
// build, but a browser without one (plain http on a local network) must have them before going offline.
let loaded: Promise<{ pdfjs: PdfJs; worker: PDFWorker }> | null = null;

function load(): Promise<{ pdfjs: PdfJs; worker: PDFWorker }> {
  loaded ??= import('pdfjs-dist').then(
    (pdfjs) => {
      pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
      return { pdfjs, worker: new pdfjs.PDFWorker() };
    },
    (error: unknown) => {
      // Offline before it was ever loaded: tried again on the next page drawn.
      loaded = null;
      throw error;
    },
  );
  return loaded;
}

/** Loads pdf.js and starts its worker now (the case page does, while online), so later documents open offline. */
export function warmPdfWorker(): void {
  load().catch(() => undefined);
}

/**
 * Where pdf.js finds what it loads while drawing: the JPEG 2000, JBIG2 and ICC decoders
 * (WebAssembly), the standard fonts, CMaps. Absolute, since pdf.js's worker fetches them itself on
 * http(s) and would read a relative address against its own script's; on the desktop's `app:`
 * origin pdf.js fetches them on the page instead, which the protocol allows.
 */
function assetUrls(): { wasmUrl: string; iccUrl: string; standardFontDataUrl: string; cMapUrl: string } {
  const at = (folder: string) => new URL(`${__PDFJS_ASSETS__}${folder}/`, document.baseURI).href;
  return { wasmUrl: at('wasm'), iccUrl: at('iccs'), standardFontDataUrl: at('standard_fonts'), cMapUrl: at('cmaps') };
}

/** Opens a PDF held in memory. The bytes are copied: pdf.js hands its buffer to the worker. */
export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  const { pdfjs, worker } = await load();
  return pdfjs.getDocument({ data: bytes.slice(), worker, isEvalSupported: false, ...assetUrls() }).promise;
}

export type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
