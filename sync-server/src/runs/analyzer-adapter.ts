import { DocumentClassifier } from '../analyzer/classify/index.js';
import { splitOptions } from '../analyzer/index.js';
import { ocrEngineFromEnv } from '../analyzer/parse/ocr/engine.js';
import { extractFields } from '../analyzer/extract/index.js';
import { isPacketReadError } from '../analyzer/pdf/errors.js';
import { createReadingPool, type ReadingPool, type ReadingPoolOptions } from '../analyzer/pool/reading-pool.js';
import { createReadingProcess } from '../analyzer/pool/reading-process.js';
import { splitPages } from '../analyzer/split/index.js';
import type { XmlLimits } from '../analyzer/einvoice/xml.js';
import type { PoolStats, QueueStats } from '../fair-slots.js';
import type { ParsedPage } from '../analyzer/types.js';
import { AnalyzerUnavailableError, type AnalyzerPort, type DocumentTyper, type FileReading, type ReadOptions } from './analyzer-port.js';

/**
 * The longest line the understanding stages read. They run on the event loop, with many regular
 * expressions per line, so their work must not grow with a line that no document prints: a text
 * layer can join a whole page's pieces into one row, and an integrator's ingest may send lines of
 * 10,000 characters. A dense table row is a few hundred; what lies past this is left unread by
 * them (the stored page keeps every character, and line numbers stay as they are).
 */
export const MAX_READ_LINE_CHARS = 1_000;

/** `pages` as the understanding stages read them: each line cut at MAX_READ_LINE_CHARS (the same objects when none is longer). */
export function boundedLines(pages: ParsedPage[]): ParsedPage[] {
  if (!pages.some((p) => p.lines.some((l) => l.text.length > MAX_READ_LINE_CHARS))) return pages;
  return pages.map((p) =>
    p.lines.some((l) => l.text.length > MAX_READ_LINE_CHARS)
      ? { ...p, lines: p.lines.map((l) => (l.text.length > MAX_READ_LINE_CHARS ? { ...l, text: l.text.slice(0, MAX_READ_LINE_CHARS) } : l)) }
      : p,
  );
}

const boundedTyper = (typer: DocumentTyper): DocumentTyper => ({
  classify: (pages) => typer.classify(boundedLines(pages)),
  pageTypes: (page) => typer.pageTypes(boundedLines([page])[0]!),
});

/**
 * The embedded analyzer behind the port: two pools of worker threads (pre-flight reads no scans,
 * so the gate answers in seconds; parse reads them by OCR), and the understanding stages, which
 * take parsed pages and run here (no PDF is touched there). Both pools are shared by every
 * organization and serve them in turn, with a reserve worker (fair-slots.ts).
 */
export interface LocalAnalyzerOptions {
  /** Files one organization reads at once in each pool. Default 1. */
  threads?: number;
  /** Workers each pool runs beyond `threads`, for other organizations (fair-slots.ts). Default 1. */
  reserve?: number;
  xmlLimits?: XmlLimits;
  log?: { info(obj: object, msg: string): void };
  /** Where the pools' waits per organization are reported. */
  stats?: QueueStats;
  /**
   * Whether the pools live in a process of their own, ended when idle (reading-process.ts), rather
   * than in this one's threads. Default true: what reading allocates natively goes back to the
   * system with that process, and a crash in native code costs the files being read, not the server.
   */
  readingProcess?: boolean;
}

export function localAnalyzer(options: LocalAnalyzerOptions = {}): AnalyzerPort {
  let gate: ReadingPool | undefined;
  let reader: ReadingPool | undefined;
  let closed = false;
  const shared = {
    threads: options.threads ?? 1,
    reserve: options.reserve ?? 1,
    ...(options.xmlLimits ? { xmlLimits: options.xmlLimits } : {}),
    ...(options.log ? { log: options.log } : {}),
  };
  const host = options.readingProcess === false ? undefined : createReadingProcess();
  const make = (name: string, o: ReadingPoolOptions) => (host ? host.pool(name, o) : createReadingPool(o));
  const pool = (which: 'gate' | 'reader') => {
    if (closed) throw new AnalyzerUnavailableError('The analyzer is shutting down');
    // Idle workers end (30 s), and the reading process with them: a laptop's server gives their
    // memory back between runs; a start costs ~0.5 s.
    if (which === 'gate') return (gate ??= make('preflight', { ...shared, name: 'preflight', ocrEngine: 'none' }));
    return (reader ??= make('parse', { ...shared, name: 'parse', ocrEngine: ocrEngineFromEnv() }));
  };
  const idle = (slots: number): PoolStats => ({ slots, perOrg: shared.threads, running: 0, waiting: 0, orgs: {} });
  options.stats?.register('analyzer.preflight', () => gate?.stats() ?? idle(shared.threads + shared.reserve));
  options.stats?.register('analyzer.parse', () => reader?.stats() ?? idle(shared.threads + shared.reserve));
  const read = async (which: 'gate' | 'reader', bytes: Uint8Array, o: ReadOptions): Promise<FileReading> => {
    const onPage = o.onPage;
    const r = await pool(which).analyzePacketReading(bytes, {
      orgId: o.orgId,
      timeoutMs: o.timeoutMs,
      ...(o.signal ? { signal: o.signal } : {}),
      ...(onPage ? { onPage: (p: { pagesRead: number; pageCount: number }) => onPage(p.pagesRead, p.pageCount) } : {}),
    });
    return { pages: r.pages, flags: r.flags, ...(r.einvoice ? { einvoice: r.einvoice } : {}) };
  };
  return {
    async preflight(bytes, o) {
      try {
        return await read('gate', bytes, o);
      } catch (e) {
        if (e instanceof AnalyzerUnavailableError) throw e;
        if (isPacketReadError(e) && e.code === 'closed') {
          if (o.signal?.aborted) throw e;
          throw new AnalyzerUnavailableError(e.note);
        }
        // A file that defeats the reader is a red flag on it, for a person to look at.
        if (isPacketReadError(e)) return { pages: [], flags: [e.toFlag()] };
        throw e;
      }
    },
    parse: (bytes, o) => read('reader', bytes, o),
    // The gate's pool (no OCR) does both: each opens the file but reads no page's text.
    async einvoice(bytes, o) {
      try {
        return (await pool('gate').analyzePacketReading(bytes, { orgId: o.orgId, timeoutMs: o.timeoutMs, ...(o.signal ? { signal: o.signal } : {}), only: 'einvoice' })).einvoice;
      } catch (e) {
        if (isPacketReadError(e) && e.code !== 'closed') return undefined;
        throw e;
      }
    },
    async pageImages(bytes, pages, ppi, o) {
      try {
        const r = await pool('gate').analyzePacketReading(bytes, { orgId: o.orgId, timeoutMs: o.timeoutMs, ...(o.signal ? { signal: o.signal } : {}), only: 'render', renderPages: [...pages], renderPpi: ppi });
        return r.images ?? [];
      } catch (e) {
        if (isPacketReadError(e) && e.code !== 'closed') return [];
        throw e;
      }
    },
    typer: (catalogue) => boundedTyper(new DocumentClassifier(catalogue)),
    split: (pages, flags, typer, schemas) => splitPages(boundedLines(pages), splitOptions(flags, { schemas, classifier: typer })).documents,
    extract: (docType, pages, schema) => extractFields(docType, boundedLines(pages), schema),
    async close() {
      closed = true;
      await Promise.all([gate?.close(), reader?.close()]);
      await host?.close();
    },
  };
}
