import { Piscina } from 'piscina';
import { describeWorkerFailure, strayErrorsAsWarnings } from '../worker-errors.js';
import type { DocumentSpan } from '@portal/shared';
import { HttpError } from '../http-error.js';

export interface PdfCutter {
  /**
   * One PDF of the given pages, in the order given, cut on a worker thread from the packets at
   * `paths` (fileId → a local file). Never on the event loop: a large packet costs a thread.
   */
  cut(spans: readonly DocumentSpan[], paths: Record<string, string>): Promise<{ bytes: Uint8Array; pageCount: number }>;
  close(): Promise<void>;
}

/**
 * Cutting with pdf-lib loads whole packets (up to 100 MB each) and copies page objects: seconds
 * of CPU for the largest, which would stall every other request if done on the event loop. Two
 * threads at most, each with a heap limit and a time limit per cut.
 */
export function createPdfCutter(options: { timeoutMs?: number; memoryMb?: number; threads?: number } = {}): PdfCutter {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const pool = new Piscina({
    filename: new URL('./pdf-cut-worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: options.threads ?? 2,
    idleTimeout: 30_000,
    resourceLimits: { maxOldGenerationSizeMb: options.memoryMb ?? 1024, maxYoungGenerationSizeMb: 64 },
  });
  strayErrorsAsWarnings(pool, 'PDF cutter');
  return {
    async cut(spans, paths) {
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(), timeoutMs);
      try {
        const bytes = (await pool.run({ spans, paths }, { signal: abort.signal })) as Uint8Array;
        return { bytes, pageCount: spans.reduce((n, s) => n + s.pages.length, 0) };
      } catch (err) {
        if (abort.signal.aborted) throw new HttpError(503, `Cutting the pages took longer than ${Math.round(timeoutMs / 1000)} s; try again`);
        throw new HttpError(422, `These pages cannot be cut from their packet: ${describeWorkerFailure(err) ?? (err instanceof Error ? err.message : String(err))}`);
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => pool.close(),
  };
}
