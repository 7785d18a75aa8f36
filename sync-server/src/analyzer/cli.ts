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
import { officialCatalogue } from './catalogue.js';
import { DocumentClassifier } from './classify/index.js';
import { DEFAULT_OCR_ENGINE, ocrEngineName, type OcrEngineName } from './parse/ocr/engine.js';
import { analyzePages, type EInvoice } from './index.js';
import type { ParsedPage, PreflightFlag } from './types.js';

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

/** One prediction per file, in the corpus's score.mjs format (plus confidences). */
export async function analyzeFiles(files: string[], opts: AnalyzeFilesOptions = {}): Promise<unknown[]> {
  const ocr = opts.ocr ?? DEFAULT_OCR_ENGINE;
  const { types, schemas } = officialCatalogue('generic');
  const curves = opts.rawConfidence ? { curves: null } : {};
  const classifier = new DocumentClassifier(types, curves);
  if (opts.pagesCache) mkdirSync(opts.pagesCache, { recursive: true });

  type Pool = { analyzePacketReading(bytes: Uint8Array): Promise<Reading>; close(): Promise<void> };
  // One pool for all files, made on the first file that needs reading.
  let pool: Promise<Pool> | undefined;
  const read = async (bytes: Uint8Array): Promise<Reading> => {
    pool ??= import('./pool/reading-pool.js').then(({ createReadingPool }) => createReadingPool({ ocrEngine: ocr, threads: opts.threads, timeoutMs: 600_000 }));
    return (await pool).analyzePacketReading(bytes);
  };

  // Files are read concurrently (the pool bounds the threads); results keep the input order.
  const jobs = files.map(async (file) => {
    const bytes = new Uint8Array(readFileSync(file));
    let reading: Reading;
    const cacheFile = opts.pagesCache ? join(opts.pagesCache, `${basename(file)}.${createHash('sha1').update(bytes).digest('hex').slice(0, 12)}.${ocr}.json`) : undefined;
    try {
      if (cacheFile && existsSync(cacheFile)) reading = JSON.parse(readFileSync(cacheFile, 'utf8')) as Reading;
      else {
        reading = await read(bytes);
        if (cacheFile) writeFileSync(cacheFile, JSON.stringify({ pages: reading.pages, flags: reading.flags, ...(reading.einvoice ? { einvoice: reading.einvoice } : {}) }));
      }
    } catch (e) {
      const note = e instanceof Error ? e.message : String(e);
      const code = (e as { code?: string }).code === 'encrypted' ? 'encrypted' : 'unreadable';
      return { packet: basename(file), flags: [{ page: 1, code, note }], documents: [], error: note };
    }
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
  });
  try {
    return await Promise.all(jobs);
  } finally {
    if (pool) await (await pool).close();
  }
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
