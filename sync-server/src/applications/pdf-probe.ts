import { Piscina } from 'piscina';
import { FairSlots, type QueueStats } from '../fair-slots.js';
import { describeWorkerFailure, strayErrorsAsWarnings } from '../worker-errors.js';

export type ProbeFailure = 'encrypted' | 'unreadable' | 'too_many_pages' | 'timeout';
/** `activeContent`: the kinds of active content the file carries, in words (none is ever run). */
export type ProbeResult = { ok: true; pageCount: number; activeContent: string[] } | { ok: false; code: ProbeFailure; note: string };

export interface PdfProbe {
  /** Opens a stored file by ranges, counts its pages and finds its active content, on a worker thread, within `timeoutMs`. */
  probe(path: string, orgId: string): Promise<ProbeResult>;
  close(): Promise<void>;
}

/**
 * The intake's check of each uploaded file: is it a PDF that opens without a password, and how
 * many pages does it have. It runs on a worker thread of its own (never the event loop) with a
 * heap limit and a time limit, so a hostile file costs that thread only. The analyzer reads the
 * pages later, when a run covers the file. Organizations take the thread in turn, with a reserve
 * thread (fair-slots.ts): a file that takes the whole time limit delays its own organization's
 * uploads, never another's. The time limit runs from the file's start, not from its wait.
 */
export function createPdfProbe(
  options: { timeoutMs?: number; maxPages?: number; memoryMb?: number; reserve?: number; stats?: QueueStats; log?: { info(obj: object, msg: string): void } } = {},
): PdfProbe {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxPages = options.maxPages ?? 2000;
  const slots = new FairSlots(1, Math.max(0, options.reserve ?? 1));
  options.stats?.register('pdf-probe', () => slots.stats());
  const pool = new Piscina({
    filename: new URL('./pdf-probe-worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: slots.slots,
    idleTimeout: 30_000,
    resourceLimits: { maxOldGenerationSizeMb: options.memoryMb ?? 256, maxYoungGenerationSizeMb: 32 },
  });
  strayErrorsAsWarnings(pool, 'PDF probe');
  return {
    async probe(path, orgId) {
      const waitMs = await slots.acquire(orgId);
      options.log?.info({ pool: 'pdf-probe', orgId, waitMs: Math.round(waitMs) }, 'upload check started');
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(), timeoutMs);
      try {
        return (await pool.run({ path, maxPages }, { signal: abort.signal })) as ProbeResult;
      } catch (e) {
        if (abort.signal.aborted) return { ok: false, code: 'timeout', note: `opening it took longer than ${Math.round(timeoutMs / 1000)} s` };
        // The pool's own failure (a worker out of memory) said about the file, not in the runtime's words.
        return { ok: false, code: 'unreadable', note: describeWorkerFailure(e) ?? 'it cannot be read as a PDF' };
      } finally {
        clearTimeout(timer);
        slots.release(orgId);
      }
    },
    close: () => pool.close(),
  };
}
