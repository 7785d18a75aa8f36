/**
 * Loads pdf.js (the legacy build, the one meant for Node) for the thread it runs in. The analyzer
 * already runs each file in a worker thread of its own pool, so pdf.js's own worker would only add
 * a second hop: its "fake worker" runs the parser on this thread, found through
 * `globalThis.pdfjsWorker`.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

export interface PdfjsAssets {
  /** Folders inside the pdfjs-dist package, with the trailing slash pdf.js insists on. */
  standardFontDataUrl: string;
  cMapUrl: string;
  wasmUrl: string;
  iccUrl: string;
}

/**
 * The legacy build carries core-js, which replaces Array.prototype.push on the thread that loads it
 * with a JavaScript version (for a spec corner about read-only lengths that V8 already handles):
 * every push anywhere on the thread, pdf.js's own included, then costs a function call and a
 * length check — about a tenth of reading a text page. The thread's own push is put back.
 */
const nativePush = Array.prototype.push;

export function restoreNativePush(): void {
  if (Array.prototype.push !== nativePush && Function.prototype.toString.call(nativePush).includes('[native code]')) {
    Object.defineProperty(Array.prototype, 'push', { value: nativePush, writable: true, configurable: true, enumerable: false });
  }
}

// A library module, cached per thread like any import: loading pdf.js costs ~150 ms and holds no
// per-file state (each document gets its own loading task).
let loading: Promise<Pdfjs> | undefined;

export function loadPdfjs(): Promise<Pdfjs> {
  loading ??= (async () => {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const g = globalThis as { pdfjsWorker?: unknown };
    // @ts-expect-error pdfjs-dist ships no declarations for its worker module
    g.pdfjsWorker ??= await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    restoreNativePush();
    return pdfjs;
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}

/** Standard fonts, CMaps, wasm decoders and ICC profiles come from the installed package: nothing is fetched. */
export function pdfjsAssets(): PdfjsAssets {
  const dir = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const folder = (name: string) => join(dir, name) + '/';
  return {
    standardFontDataUrl: folder('standard_fonts'),
    cMapUrl: folder('cmaps'),
    wasmUrl: folder('wasm'),
    iccUrl: folder('iccs'),
  };
}
