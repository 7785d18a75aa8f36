import { getDocument, GlobalWorkerOptions, PDFWorker, type PDFDocumentProxy } from 'pdfjs-dist';
// Vite copies the worker into the build and hands back its URL: pdf.js parses on that thread.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

// One worker for every document the app opens, started while the app can still fetch its script:
// a worker made per document would need the network again, and pages must open offline.
let worker: PDFWorker | null = null;
const sharedWorker = () => (worker ??= new PDFWorker());

/** Starts the worker now (the case page does, while online), so later documents open offline. */
export function warmPdfWorker(): void {
  sharedWorker();
}

/** Opens a PDF held in memory. The bytes are copied: pdf.js hands its buffer to the worker. */
export function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  return getDocument({ data: bytes.slice(), worker: sharedWorker(), isEvalSupported: false }).promise;
}

export type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
