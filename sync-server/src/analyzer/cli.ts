/**
 * `npm run analyze -- <pdf files or folders> [--ocr tesseract-cli|tesseract-js|paddle|none] [--threads n]
 *  [--pages-cache <dir>] [--details]` prints one JSON entry per packet in the prediction format of
 * the corpus's score.mjs: `{ packet, flags, documents: [{ pages, docType, keyData, ... }] }`.
 * Reading (parse, OCR, pre-flight) runs in the reading pool's workers; the catalogue is the
 * official `generic` one with the official extraction schemas.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { ConfidenceKind, Curve } from './calibration.js';
import { officialCatalogue } from './catalogue.js';
import { DocumentClassifier } from './classify/index.js';
import { DEFAULT_OCR_ENGINE, ocrEngineName, type OcrEngineName } from './parse/ocr/engine.js';
import { analyzePages, type EInvoice } from './index.js';
import type { Boundary } from './split/index.js';
import type { ExtractedField, ParsedPage, PreflightFlag } from './types.js';

interface Reading {
  pages: ParsedPage[];
  flags: PreflightFlag[];
  notes?: string[];
  /** The e-invoice the PDF embeds (Factur-X, ZUGFeRD, XRechnung): its values are the invoice's. */
  einvoice?: EInvoice;
}

export function listPdfs(inputs: string[]): string[] {
  const out: string[] = [];
  for (const input of inputs) {
    const p = resolve(input);
    if (statSync(p).isDirectory()) {
      for (const f of readdirSync(p).sort()) if (/\.pdf$/i.test(f)) out.push(join(p, f));
    } else out.push(p);
  }
  return out;
}

export interface AnalyzeFilesOptions {
  /** Default DEFAULT_OCR_ENGINE. */
  ocr?: OcrEngineName | 'none';
  threads?: number;
  /** Keep each file's reading (pages and flags) here and reuse it while the file is unchanged. */
  pagesCache?: string;
  /** Add each field's confidence and line, and the boundary evidence, to the output. */
  details?: boolean;
  /** Report raw scores instead of calibrated confidences (for fitting the curves). */
  rawConfidence?: boolean;
}

export type FileReading = Reading | { error: string; code: 'encrypted' | 'unreadable' };

/**
 * Each file's reading (pages, flags, embedded e-invoice), in input order: from the pages cache
 * while the file is unchanged, else through the reading pool's workers. A file that cannot be read
 * gives its error instead.
 */
export async function readFiles(files: string[], opts: Pick<AnalyzeFilesOptions, 'ocr' | 'threads' | 'pagesCache'> = {}): Promise<FileReading[]> {
  const ocr = opts.ocr ?? DEFAULT_OCR_ENGINE;
  if (opts.pagesCache) mkdirSync(opts.pagesCache, { recursive: true });

  type Pool = { analyzePacketReading(bytes: Uint8Array): Promise<Reading>; close(): Promise<void> };
  // One pool for all files, made on the first file that needs reading.
  let pool: Promise<Pool> | undefined;
  const read = async (bytes: Uint8Array): Promise<Reading> => {
    pool ??= import('./pool/reading-pool.js').then(({ createReadingPool }) => createReadingPool({ ocrEngine: ocr, threads: opts.threads, timeoutMs: 600_000 }));
    return (await pool).analyzePacketReading(bytes);
  };

  // Files are read concurrently (the pool bounds the threads); results keep the input order.
  const jobs = files.map(async (file): Promise<FileReading> => {
    const bytes = new Uint8Array(readFileSync(file));
    const cacheFile = opts.pagesCache ? join(opts.pagesCache, `${basename(file)}.${createHash('sha1').update(bytes).digest('hex').slice(0, 12)}.${ocr}.json`) : undefined;
    try {
      if (cacheFile && existsSync(cacheFile)) return JSON.parse(readFileSync(cacheFile, 'utf8')) as Reading;
      const reading = await read(bytes);
      if (cacheFile) writeFileSync(cacheFile, JSON.stringify({ pages: reading.pages, flags: reading.flags, ...(reading.einvoice ? { einvoice: reading.einvoice } : {}) }));
      return reading;
    } catch (e) {
      return { error: e instanceof Error ? e.message : String(e), code: (e as { code?: string }).code === 'encrypted' ? 'encrypted' : 'unreadable' };
    }
  });
  try {
    return await Promise.all(jobs);
  } finally {
    if (pool) await (await pool).close();
  }
}

export interface PredictOptions {
  /** The classifier to type with (default the shipped model, calibrated unless rawConfidence). */
  classifier?: DocumentClassifier;
  details?: boolean;
  rawConfidence?: boolean;
  /** Calibration curves for the boundaries and fields (default the shipped ones; rawConfidence: none). */
  curves?: Record<ConfidenceKind, Curve> | null;
}

/** A file's prediction in the corpus's score.mjs format (plus confidences), from its reading. */
export function predictReading(file: string, reading: FileReading, opts: PredictOptions = {}): Prediction {
  if ('error' in reading) return { packet: basename(file), flags: [{ page: 1, code: reading.code, note: reading.error }], documents: [], error: reading.error };
  const { types, schemas } = officialCatalogue('generic');
  const curves = opts.curves !== undefined ? { curves: opts.curves } : opts.rawConfidence ? { curves: null } : {};
  const classifier = opts.classifier ?? new DocumentClassifier(types, curves);
  const analysis = analyzePages(reading.pages, reading.flags, { catalogue: types, schemas, classifier, einvoice: reading.einvoice, ...curves });
  return {
    packet: basename(file),
    pageCount: reading.pages.length,
    flags: reading.flags,
    documents: analysis.documents.map((d) => ({
      pages: d.pages,
      docType: d.docType,
      keyData: d.keyData,
      confidence: d.classification.confidence,
      runnersUp: d.classification.runnersUp,
      boundaryConfidence: d.boundaryConfidence,
      ...(opts.details ? { fields: d.fields } : {}),
    })),
    ...(opts.details ? { boundaries: analysis.boundaries, ...(reading.einvoice ? { einvoice: reading.einvoice } : {}) } : {}),
  };
}

export interface Prediction {
  packet: string;
  pageCount?: number;
  flags: (PreflightFlag | { page: number; code: string; note: string })[];
  documents: {
    pages: number[];
    docType: string;
    keyData: Record<string, unknown>;
    confidence: number;
    runnersUp: { docType: string; confidence: number }[];
    boundaryConfidence: number;
    fields?: Record<string, ExtractedField>;
  }[];
  boundaries?: Boundary[];
  einvoice?: EInvoice;
  error?: string;
}

/** One prediction per file, in the corpus's score.mjs format (plus confidences). */
export async function analyzeFiles(files: string[], opts: AnalyzeFilesOptions = {}): Promise<Prediction[]> {
  const readings = await readFiles(files, opts);
  const { types } = officialCatalogue('generic');
  // One classifier for all files: it keeps each page's model probabilities beside the page.
  const classifier = new DocumentClassifier(types, opts.rawConfidence ? { curves: null } : {});
  return readings.map((r, i) => predictReading(files[i]!, r, { ...opts, classifier }));
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      ocr: { type: 'string', default: process.env.OCR_ENGINE ?? DEFAULT_OCR_ENGINE },
      threads: { type: 'string' },
      'pages-cache': { type: 'string' },
      details: { type: 'boolean', default: false },
    },
  });
  const files = listPdfs(positionals);
  if (!files.length) {
    process.stderr.write('usage: npm run analyze -- <pdf files or folders> [--ocr tesseract-cli|tesseract-js|paddle|none] [--threads n] [--pages-cache dir] [--details]\n');
    process.exitCode = 2;
    return;
  }
  const ocr = values.ocr === 'none' ? 'none' : ocrEngineName(values.ocr);
  if (!ocr) {
    process.stderr.write(`--ocr ${values.ocr}: not an engine (tesseract-cli, tesseract-js, paddle or none)\n`);
    process.exitCode = 2;
    return;
  }
  const results = await analyzeFiles(files, { ocr, threads: values.threads ? Number(values.threads) : undefined, pagesCache: values['pages-cache'], details: values.details });
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main(process.argv.slice(2));
