import type { MessagePort } from 'node:worker_threads';
import type { PacketReadErrorCode } from '../pdf/errors.js';
import type { OcrEngineName } from '../parse/ocr/engine.js';
import type { ReadingStats } from '../parse/read-packet.js';
import type { EInvoice, XmlLimits } from '../einvoice/index.js';
import type { ParsedPage, PreflightFlag } from '../types.js';

/** What the pool hands a worker: one file. */
export interface ReadTask {
  bytes: Uint8Array;
  /**
   * Only part of the work, no pages read: `einvoice` the e-invoice the file embeds (einvoice/),
   * `render` the pages `renderPages` as PNG images (for a model that reads images).
   */
  only?: 'einvoice' | 'render';
  renderPages?: number[];
  /** Resolution of `render`'s images. */
  renderPpi?: number;
  /** 'none' reads no scans. */
  ocrEngine: OcrEngineName | 'none';
  /** Scanned pages of the file read at once, each by its own engine instance on its own core. Default 1. */
  ocrConcurrency?: number;
  maxPages?: number;
  maxImagePixels?: number;
  maxStreamMb?: number;
  maxTotalMb?: number;
  /** Ceilings on an embedded e-invoice's XML (einvoice/xml.ts). */
  xmlLimits?: XmlLimits;
  /**
   * Where the worker says it has started on the file (`{ started: true }`, so the file's time limit
   * runs from there, not from a worker thread being started), then, when `followPages`, how many
   * pages it has read (`PageProgress`).
   */
  progress?: MessagePort;
  followPages?: boolean;
}

/** Pages of the file read so far, posted on `ReadTask.progress` as each page is done. */
export interface PageProgress {
  pagesRead: number;
  pageCount: number;
}

export type WorkerMessage = { started: true } | ({ started?: undefined } & PageProgress);

export interface PacketReadingResult {
  pages: ParsedPage[];
  flags: PreflightFlag[];
  stats: ReadingStats;
  /** Said once per worker: e.g. that the configured OCR engine was not found and tesseract.js read instead. */
  notes: string[];
  /** The e-invoice the PDF embeds as XML, when it carries one (einvoice/). */
  einvoice?: EInvoice;
  /** `only: 'render'`: the pages asked for, as PNG; a page that could not be rendered is left out. */
  images?: { page: number; png: Uint8Array }[];
}

/** Errors cross the thread boundary as data: a class does not survive structured cloning. */
export type ReadTaskResult = ({ ok: true } & PacketReadingResult) | { ok: false; code: PacketReadErrorCode; note: string };
