/**
 * The reading half of the analyzer (parse + pre-flight) runs in a pool of worker threads, one file
 * per worker at a time, each with a time limit and a memory limit: a hostile PDF costs one worker,
 * never the process.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { PacketReadError } from '../pdf/errors.js';
import type { OcrEngineName } from '../parse/ocr/engine.js';
import type { PacketReadingResult, ReadTask, ReadTaskResult } from './task.js';

export type { PacketReadingResult } from './task.js';

/** Set by scripts/build.mjs: where the compiled worker lies, relative to the server package's folder. */
declare const __ANALYZER_WORKER__: string | undefined;

export interface ReadingPoolOptions {
  /** Files read at once. Default: the cores less one, at least one. */
  threads?: number;
  /** Per file, unless a call says otherwise. Default 120 s. */
  timeoutMs?: number;
  /** JavaScript heap per worker, MB. Default 1024. */
  memoryMb?: number;
  /**
   * The whole process's resident memory, MB, past which the file that has been reading longest is
   * stopped. Decoded streams and images live outside the JavaScript heap, where a worker's heap
   * limit does not reach them: a 1 GB decompression bomb is caught here. Default 4096.
   */
  maxRssMb?: number;
  /** Default tesseract.js; 'none' reads no scans. */
  ocrEngine?: OcrEngineName | 'none';
  maxPages?: number;
  maxImagePixels?: number;
  /** An idle worker exits after this long, freeing its OCR engine. Default 30 s. */
  idleTimeoutMs?: number;
  /** The worker module; by default the compiled one in a build, else the TypeScript source. */
  workerFile?: string | URL;
}

export interface ReadingPool {
  /** Parse and pre-flight one file; rejects with a PacketReadError. */
  analyzePacketReading(bytes: Uint8Array, options?: { timeoutMs?: number; signal?: AbortSignal }): Promise<PacketReadingResult>;
  /** Waits for running files, then stops the workers. */
  close(): Promise<void>;
}

export function defaultWorkerFile(): URL {
  if (typeof __ANALYZER_WORKER__ === 'string') return new URL(`../../../${__ANALYZER_WORKER__}`, import.meta.url);
  return new URL('./worker-from-source.mjs', import.meta.url);
}

function errorOf(e: unknown, stopped: 'timeout' | 'memory' | null, timeoutMs: number): PacketReadError {
  if (e instanceof PacketReadError) return e;
  if (stopped === 'timeout') {
    return new PacketReadError('timeout', `Reading the file took longer than ${timeoutMs < 10_000 ? (timeoutMs / 1000).toFixed(1) : Math.round(timeoutMs / 1000)} s and was stopped: it may be damaged or built to exhaust readers.`);
  }
  const code = (e as { code?: string })?.code;
  const message = e instanceof Error ? e.message : String(e);
  if (stopped === 'memory' || code === 'ERR_WORKER_OUT_OF_MEMORY' || /out of memory|heap limit/i.test(message)) {
    return new PacketReadError('memory_limit', 'Reading the file needed more memory than a file is allowed and was stopped: it may be damaged or built to exhaust readers.');
  }
  if ((e as { name?: string })?.name === 'AbortError') return new PacketReadError('closed', 'Reading the file was cancelled.');
  return new PacketReadError('crashed', `Reading the file stopped unexpectedly (${message}).`);
}

/** Thrown inside the pool only: stopped for memory while other files ran; read it again alone. */
const RETRY_ALONE = Symbol('retry alone');

export function createReadingPool(options: ReadingPoolOptions = {}): ReadingPool {
  const threads = Math.max(1, options.threads ?? availableParallelism() - 1);
  const defaultTimeout = options.timeoutMs ?? 120_000;
  const piscina = new Piscina({
    filename: String(options.workerFile ?? defaultWorkerFile()),
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: options.idleTimeoutMs ?? 30_000,
    concurrentTasksPerWorker: 1,
    resourceLimits: {
      maxOldGenerationSizeMb: options.memoryMb ?? 1024,
      maxYoungGenerationSizeMb: 64,
      // Deeply nested objects recurse: a bigger stack than the default, and a RangeError past it.
      stackSizeMb: 8,
    },
  });
  // Files wait here rather than in Piscina's queue, so a file's time limit runs from its start.
  // A file may ask for every worker at once (see the memory watchdog below).
  let running = 0;
  const waiting: { slots: number; go: () => void }[] = [];
  const pump = () => {
    while (waiting.length && running + waiting[0]!.slots <= threads) {
      const next = waiting.shift()!;
      running += next.slots;
      next.go();
    }
  };
  const acquire = (slots: number) =>
    new Promise<void>((go) => {
      waiting.push({ slots, go });
      pump();
    });
  const release = (slots: number) => {
    running -= slots;
    pump();
  };

  // The process's memory is shared by all workers, so which file outgrew it cannot be told while
  // several run: the one reading longest is stopped, then read again alone, and only a file that
  // outgrows the budget alone is refused.
  const active = new Set<{ started: number; stop: () => void }>();
  const maxRss = (options.maxRssMb ?? 4096) * 2 ** 20;
  const watchdog = setInterval(() => {
    if (active.size === 0 || process.memoryUsage.rss() <= maxRss) return;
    const oldest = [...active].sort((a, b) => a.started - b.started)[0]!;
    active.delete(oldest);
    oldest.stop();
  }, 100);
  watchdog.unref();
  let closed = false;

  async function attempt(bytes: Uint8Array, timeoutMs: number, alone: boolean, signal: AbortSignal | undefined): Promise<PacketReadingResult> {
    const slots = alone ? threads : 1;
    await acquire(slots);
    const abort = new AbortController();
    let stopped: 'timeout' | 'memory' | null = null;
    const timer = setTimeout(() => {
      stopped = 'timeout';
      abort.abort();
    }, timeoutMs);
    const entry = {
      started: performance.now(),
      stop: () => {
        stopped ??= 'memory';
        abort.abort();
      },
    };
    active.add(entry);
    const onCallerAbort = () => abort.abort();
    signal?.addEventListener('abort', onCallerAbort, { once: true });
    try {
      const task: ReadTask = {
        bytes,
        ocrEngine: options.ocrEngine ?? 'tesseract-js',
        maxPages: options.maxPages,
        maxImagePixels: options.maxImagePixels,
      };
      const result = (await piscina.run(task, { signal: abort.signal })) as ReadTaskResult;
      if (!result.ok) throw new PacketReadError(result.code, result.note);
      const { ok: _ok, ...reading } = result;
      return reading;
    } catch (e) {
      if (stopped === 'memory' && !alone && threads > 1) throw RETRY_ALONE;
      throw errorOf(e, stopped, timeoutMs);
    } finally {
      active.delete(entry);
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCallerAbort);
      release(slots);
    }
  }

  return {
    async analyzePacketReading(bytes, callOptions = {}) {
      if (closed) throw new PacketReadError('closed', 'The analyzer is shutting down.');
      const timeoutMs = callOptions.timeoutMs ?? defaultTimeout;
      try {
        return await attempt(bytes, timeoutMs, false, callOptions.signal);
      } catch (e) {
        if (e !== RETRY_ALONE) throw e;
        return attempt(bytes, timeoutMs, true, callOptions.signal);
      }
    },
    async close() {
      closed = true;
      clearInterval(watchdog);
      await piscina.close();
    },
  };
}
