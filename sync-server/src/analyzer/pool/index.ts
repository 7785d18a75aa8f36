/**
 * The reading half of the analyzer, as the rest of the server uses it: a pool of worker threads
 * that parse (text layer and OCR) and pre-flight one file each, within a time and memory limit.
 *
 *   const pool = createReadingPool({ ocrEngine: ocrEngineFromEnv() });
 *   const { pages, flags } = await pool.analyzePacketReading(bytes, { timeoutMs: 60_000 });
 *   // or a PacketReadError: .code ('encrypted', 'unreadable', 'timeout', …), .note, .toFlag()
 */
export { createReadingPool, type PacketReadingResult, type ReadingPool, type ReadingPoolOptions } from './reading-pool.js';
export { PacketReadError, isPacketReadError, type PacketReadErrorCode } from '../pdf/errors.js';
export { ocrEngineFromEnv, type OcrEngineName } from '../parse/ocr/engine.js';
export type { ReadingStats } from '../parse/read-packet.js';
