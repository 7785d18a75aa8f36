/**
 * The reading half of the analyzer (parse + pre-flight) runs in a pool of worker threads, one file
 * per worker at a time, each with a time limit and a memory limit: a hostile PDF costs one worker,
 * never the process. A file's scanned pages are OCR'd several at a time (`ocrConcurrency`), so one
 * scanned packet keeps every core busy even when the pool reads one file at a time.
 */
import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { strayErrorsAsWarnings } from '../../worker-errors.js';
import { PacketReadError } from '../pdf/errors.js';
import { DEFAULT_OCR_ENGINE, type OcrEngineName } from '../parse/ocr/engine.js';
import { FairSlots, type PoolStats } from '../../fair-slots.js';
import type { XmlLimits } from '../einvoice/xml.js';
import type { PacketReadingResult, PageProgress, ReadTask, ReadTaskResult, WorkerMessage } from './task.js';

export type { PacketReadingResult } from './task.js';

/** Set by scripts/build.mjs: where the compiled worker lies, relative to the server package's folder. */
declare const __ANALYZER_WORKER__: string | undefined;

export interface ReadingPoolOptions {
  /**
   * Files one organization reads at once. Default: the cores less one, at least one. The pool
   * runs `reserve` more workers than this, for other organizations only (fair-slots.ts).
   */
  threads?: number;
  /** Workers beyond `threads` that only another organization than the one holding `threads` may use. Default 1. */
  reserve?: number;
  /** Named in the log line each file writes when it starts (`waitMs`, `orgId`). */
  name?: string;
  log?: { info(obj: object, msg: string): void };
  /** Per file, unless a call says otherwise. Default 120 s. */
  timeoutMs?: number;
  /**
   * JavaScript heap per worker, MB (V8's old generation; the young one gets a quarter of it, at most
   * 64 MB). A file that outgrows it ends its worker alone, as `memory_limit`. Default 1024.
   */
  memoryMb?: number;
  /**
   * Decoded size of one non-image stream, MB, and of all of a file's streams, checked before pdf.js
   * is given the file: decoded data lives outside the heap, where `memoryMb` does not reach.
   * Defaults 32 and 256 (pdf/stream-guard.ts).
   */
  maxStreamMb?: number;
  maxTotalStreamMb?: number;
  /** Default DEFAULT_OCR_ENGINE (Debian's tesseract, tesseract.js where it is missing); 'none' reads no scans. */
  ocrEngine?: OcrEngineName | 'none';
  /**
   * Scanned pages of one file OCR'd at once, each on its own core (an engine instance apiece: a
   * tesseract process, a tesseract.js thread, an onnxruntime session). Default: the cores shared
   * among the files read at once, rounded up (two cores, one file at a time: 2), so the pool's OCR
   * never runs more than the cores plus its threads at once.
   */
  ocrConcurrency?: number;
  maxPages?: number;
  maxImagePixels?: number;
  /** Ceilings on an embedded e-invoice's XML (einvoice/xml.ts); its defaults when absent. */
  xmlLimits?: XmlLimits;
  /** An idle worker exits after this long, freeing its OCR engine. Default 30 s. */
  idleTimeoutMs?: number;
  /** The worker module; by default the compiled one in a build, else the TypeScript source. */
  workerFile?: string | URL;
}

export interface ReadingPool {
  /** Parse and pre-flight one file; rejects with a PacketReadError. */
  analyzePacketReading(
    bytes: Uint8Array,
    options?: {
      timeoutMs?: number;
      signal?: AbortSignal;
      onPage?: (progress: PageProgress) => void;
      /** Whose file: files wait for a worker in a queue per organization, served in turn. */
      orgId?: string;
    } & Pick<ReadTask, 'only' | 'renderPages' | 'renderPpi'>,
  ): Promise<PacketReadingResult>;
  /** Waits and slots per organization since the pool started. */
  stats(): PoolStats;
  /** Waits for running files, then stops the workers. */
  close(): Promise<void>;
}

/** How long a worker may take to start (a thread, pdf.js loaded) before a file's own time limit starts. */
const WORKER_START_MS = 30_000;

export function defaultWorkerFile(): URL {
  if (typeof __ANALYZER_WORKER__ === 'string') return new URL(`../../../${__ANALYZER_WORKER__}`, import.meta.url);
  return new URL('./worker-from-source.mjs', import.meta.url);
}

function errorOf(e: unknown, timedOut: boolean, timeoutMs: number): PacketReadError {
  if (e instanceof PacketReadError) return e;
  if (timedOut) {
    return new PacketReadError('timeout', `Reading the file took longer than ${timeoutMs < 10_000 ? (timeoutMs / 1000).toFixed(1) : Math.round(timeoutMs / 1000)} s and was stopped: it may be damaged or built to exhaust readers.`);
  }
  const code = (e as { code?: string })?.code;
  const message = e instanceof Error ? e.message : String(e);
  if (code === 'ERR_WORKER_OUT_OF_MEMORY' || /out of memory|heap limit/i.test(message)) {
    return new PacketReadError('memory_limit', 'Reading the file needed more memory than a file is allowed and was stopped: it may be damaged or built to exhaust readers.');
  }
  if ((e as { name?: string })?.name === 'AbortError') return new PacketReadError('closed', 'Reading the file was cancelled.');
  return new PacketReadError('crashed', `Reading the file stopped unexpectedly (${message}).`);
}

/**
 * Memory is limited per worker, so a file that exhausts it costs its own worker only: the JavaScript
 * heap by V8's limits on the thread (ERR_WORKER_OUT_OF_MEMORY), and what lives outside the heap by
 * guards in the worker before anything is allocated — decoded streams (stream-guard.ts), images by
 * pixel count (pdf.js's maxImageSize, checked before decoding), renderings by size (render.ts),
 * text by piece count (page-content.ts), pages by count (open-packet.ts).
 */
/**
 * A pool's size as its options imply it, wherever the pool runs (here, or in the reading process):
 * files one organization reads at once, the reserve beyond them, and the scanned pages each file
 * OCRs at once (the cores shared among one organization's files).
 */
export function poolShape(options: ReadingPoolOptions, cores = availableParallelism()): { threads: number; reserve: number; ocrConcurrency: number } {
  const threads = Math.max(1, options.threads ?? cores - 1);
  return { threads, reserve: Math.max(0, options.reserve ?? 1), ocrConcurrency: Math.max(1, options.ocrConcurrency ?? Math.ceil(cores / threads)) };
}

/** The log line each file writes when its slot is taken, whichever pool reads it. */
export function logFileStarted(options: ReadingPoolOptions, pool: string, call: { orgId?: string | undefined; only?: ReadTask['only'] | undefined }, waitMs: number, bytes: Uint8Array): void {
  options.log?.info({ pool: options.name ?? pool, orgId: call.orgId ?? null, waitMs: Math.round(waitMs), bytes: bytes.byteLength, ...(call.only ? { only: call.only } : {}) }, 'analyzer file started');
}

export function createReadingPool(options: ReadingPoolOptions = {}): ReadingPool {
  const { threads, reserve, ocrConcurrency } = poolShape(options);
  const slots = new FairSlots(threads, reserve);
  const defaultTimeout = options.timeoutMs ?? 120_000;
  const heapMb = options.memoryMb ?? 1024;
  const piscina = new Piscina({
    filename: String(options.workerFile ?? defaultWorkerFile()),
    minThreads: 0,
    maxThreads: slots.slots,
    idleTimeout: options.idleTimeoutMs ?? 30_000,
    concurrentTasksPerWorker: 1,
    resourceLimits: {
      maxOldGenerationSizeMb: heapMb,
      maxYoungGenerationSizeMb: Math.max(8, Math.min(64, Math.round(heapMb / 4))),
      // Deeply nested objects recurse: a bigger stack than the default, and a RangeError past it.
      stackSizeMb: 8,
    },
  });
  strayErrorsAsWarnings(piscina, 'analyzer');
  // Files wait here rather than in Piscina's queue, so a file's time limit runs from its start,
  // and in a queue per organization, so one organization's files never hold another's.
  let closed = false;

  return {
    async analyzePacketReading(bytes, callOptions = {}) {
      if (closed) throw new PacketReadError('closed', 'The analyzer is shutting down.');
      const timeoutMs = callOptions.timeoutMs ?? defaultTimeout;
      const org = callOptions.orgId ?? '';
      logFileStarted(options, 'reading', callOptions, await slots.acquire(org), bytes);
      const abort = new AbortController();
      let timedOut = false;
      const stop = () => {
        timedOut = true;
        abort.abort();
      };
      // The limit runs from the worker's first word on this file: starting a thread and loading
      // pdf.js (seconds on a loaded machine) is not the file's time. Until then a longer guard
      // stands, so a worker that never gets going still ends the call.
      let timer = setTimeout(stop, timeoutMs + WORKER_START_MS);
      const signal = callOptions.signal;
      const onCallerAbort = () => abort.abort();
      signal?.addEventListener('abort', onCallerAbort, { once: true });
      const onPage = callOptions.onPage;
      const channel = new MessageChannel();
      channel.port1.on('message', (message: WorkerMessage) => {
        if (message.started) {
          clearTimeout(timer);
          timer = setTimeout(stop, timeoutMs);
        } else onPage?.(message);
      });
      try {
        const task: ReadTask = {
          bytes,
          ocrEngine: options.ocrEngine ?? DEFAULT_OCR_ENGINE,
          ocrConcurrency,
          maxPages: options.maxPages,
          maxImagePixels: options.maxImagePixels,
          ...(options.xmlLimits ? { xmlLimits: options.xmlLimits } : {}),
          maxStreamMb: options.maxStreamMb,
          maxTotalMb: options.maxTotalStreamMb,
          ...(callOptions.only ? { only: callOptions.only, renderPages: callOptions.renderPages, renderPpi: callOptions.renderPpi } : {}),
          progress: channel.port2,
          ...(onPage ? { followPages: true } : {}),
        };
        const result = (await piscina.run(task, { signal: abort.signal, transferList: [channel.port2] })) as ReadTaskResult;
        if (!result.ok) throw new PacketReadError(result.code, result.note);
        const { ok: _ok, ...reading } = result;
        return reading;
      } catch (e) {
        throw errorOf(e, timedOut, timeoutMs);
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onCallerAbort);
        channel.port1.close();
        slots.release(org);
      }
    },
    stats: () => slots.stats(),
    async close() {
      closed = true;
      await piscina.close();
    },
  };
}
