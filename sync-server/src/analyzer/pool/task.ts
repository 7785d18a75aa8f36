import type { PacketReadErrorCode } from '../pdf/errors.js';
import type { OcrEngineName } from '../parse/ocr/engine.js';
import type { ReadingStats } from '../parse/read-packet.js';
import type { EInvoice } from '../einvoice/index.js';
import type { ParsedPage, PreflightFlag } from '../types.js';

/** What the pool hands a worker: one file. */
export interface ReadTask {
  bytes: Uint8Array;
  /** 'none' reads no scans. */
  ocrEngine: OcrEngineName | 'none';
  /** Scanned pages of the file read at once, each by its own engine instance on its own core. Default 1. */
  ocrConcurrency?: number;
  maxPages?: number;
  maxImagePixels?: number;
  maxStreamMb?: number;
  maxTotalMb?: number;
}

export interface PacketReadingResult {
  pages: ParsedPage[];
  flags: PreflightFlag[];
  stats: ReadingStats;
  /** Said once per worker: e.g. that the configured OCR engine was not found and tesseract.js read instead. */
  notes: string[];
  /** The e-invoice the PDF embeds as XML, when it carries one (einvoice/). */
  einvoice?: EInvoice;
}

/** Errors cross the thread boundary as data: a class does not survive structured cloning. */
export type ReadTaskResult = ({ ok: true } & PacketReadingResult) | { ok: false; code: PacketReadErrorCode; note: string };
