/**
 * The pool's worker: reads one file (parse and pre-flight) per task. Its OCR engine is made on the
 * first scan and kept for the thread's life (starting tesseract.js costs about 0.3 s), with as many
 * instances as the task's `ocrConcurrency`: a file's scanned pages are read that many at a time.
 */
import { isPacketReadError } from '../pdf/errors.js';
import { createOcrEngine } from '../parse/ocr/create-engine.js';
import type { OcrEngine, OcrEngineName } from '../parse/ocr/engine.js';
import { readPacket } from '../parse/read-packet.js';
import { readEInvoice } from '../einvoice/index.js';
import { renderPagesPng } from '../pdf/render.js';
import { preflight } from '../preflight/index.js';
import type { ReadTask, ReadTaskResult, WorkerMessage } from './task.js';

// pdf.js writes what it survives to console.warn. Page readers catch it for their page
// (pdf/warnings.ts); outside them it is only noise in the server's output.
const warn = console.warn;
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].startsWith('Warning: ')) return;
  warn.apply(console, args);
};

// pdf.js inflates content streams and fonts through DecompressionStream when there is one: in Node
// that is zlib on the libuv thread pool, a round trip per stream that leaves this thread idle
// (a fifth of a text page's time in profiles). Without it pdf.js inflates in place, synchronously:
// text pages read about 20% faster. The stream guard has already held every stream to its limit.
// Thread-local: only this worker's global is touched.
(globalThis as { DecompressionStream?: unknown }).DecompressionStream = undefined;

// Per thread, by design: each worker owns one engine, reused across the files it reads.
const engines = new Map<string, Promise<{ engine: OcrEngine; fellBack: boolean; note?: string }>>();

function lazyEngine(name: OcrEngineName, concurrency: number, notes: string[]): OcrEngine {
  const get = () => {
    const key = `${name}/${concurrency}`;
    let made = engines.get(key);
    if (!made) {
      made = createOcrEngine(name, { concurrency });
      made.catch(() => engines.delete(key));
      engines.set(key, made);
    }
    return made;
  };
  return {
    name,
    async recognize(image, ppi) {
      const { engine, note } = await get();
      if (note && !notes.includes(note)) notes.push(note);
      return engine.recognize(image, ppi);
    },
    async recognizeMrz(image, ppi) {
      return (await get()).engine.recognizeMrz(image, ppi);
    },
    async orientation(image, ppi) {
      const { engine } = await get();
      return engine.orientation ? engine.orientation(image, ppi) : null;
    },
    async recognizeBlock(image, ppi) {
      const { engine } = await get();
      return engine.recognizeBlock ? engine.recognizeBlock(image, ppi) : engine.recognize(image, ppi);
    },
    async close() {},
  };
}

const NO_STATS = { pages: 0, ocrPages: 0, ocrMs: 0, totalMs: 0 };

/** The parts of a file's work that need no page read: its e-invoice, or page images for a model. */
async function partTask(task: ReadTask): Promise<ReadTaskResult> {
  const limits = { maxStreamMb: task.maxStreamMb, maxTotalMb: task.maxTotalMb, xmlLimits: task.xmlLimits };
  if (task.only === 'einvoice') {
    const scan = await readEInvoice(task.bytes, limits);
    return { ok: true, pages: [], flags: [], stats: NO_STATS, notes: scan.notes, ...(scan.einvoice ? { einvoice: scan.einvoice } : {}) };
  }
  const images = await renderPagesPng(task.bytes, task.renderPages ?? [], { ppi: task.renderPpi ?? 110, ...limits, maxPages: task.maxPages, maxImagePixels: task.maxImagePixels });
  return { ok: true, pages: [], flags: [], stats: NO_STATS, notes: [], images };
}

export default async function readTask(task: ReadTask): Promise<ReadTaskResult> {
  const notes: string[] = [];
  task.progress?.postMessage({ started: true } satisfies WorkerMessage);
  try {
    if (task.only) return await partTask(task);
    const reading = await readPacket(task.bytes, {
      ocr: task.ocrEngine === 'none' ? null : lazyEngine(task.ocrEngine, task.ocrConcurrency ?? 1, notes),
      ocrConcurrency: task.ocrConcurrency ?? 1,
      maxPages: task.maxPages,
      maxImagePixels: task.maxImagePixels,
      // Text is read by the fonts' ToUnicode maps; their programs are parsed only to render.
      fontPrograms: false,
      maxStreamMb: task.maxStreamMb,
      maxTotalMb: task.maxTotalMb,
      xmlLimits: task.xmlLimits,
      ...(task.progress && task.followPages ? { onPage: (pagesRead: number, pageCount: number) => task.progress!.postMessage({ pagesRead, pageCount } satisfies WorkerMessage) } : {}),
    });
    return {
      ok: true,
      pages: reading.pages,
      flags: preflight(reading.evidence),
      stats: reading.stats,
      notes: [...notes, ...reading.notes],
      ...(reading.einvoice ? { einvoice: reading.einvoice } : {}),
    };
  } catch (e) {
    if (isPacketReadError(e)) return { ok: false, code: e.code, note: e.note };
    return { ok: false, code: 'unreadable', note: `The file could not be read: ${e instanceof Error ? e.message : String(e)}.` };
  }
}
