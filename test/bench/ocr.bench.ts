/**
 * OCR of scanned pages (issue 26, part 6), on the public corpus (../shared/corpus, or CORPUS_DIR):
 * a sample of its scanned pages, cut into scan-only files (pdf-lib), read through the reading pool
 * as the server reads a run's files — one file at a time, its scanned pages OCR'd side by side on
 * every core — by each engine installed here, in pages/s and pages/s per core; against a baseline
 * measured in the same run: Debian's `tesseract` alone on one core (one process after another)
 * reading the very page images the pool hands its engine. Target: ≥ 1.0 page/s on two cores.
 *
 *   npm run bench:ocr                   # about four minutes on two cores
 *   BENCH_PAGES=8 npm run bench:ocr     # a smaller sample
 *   BENCH_ENGINES=tesseract-cli npm run bench:ocr
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { OCR_ENGINE_NAMES, type OcrEngine, type OcrEngineName } from '../../sync-server/src/analyzer/parse/ocr/engine.js';
import { paddleInstalled } from '../../sync-server/src/analyzer/parse/ocr/paddle.js';
import { createTesseractCli, tesseractCliAvailable } from '../../sync-server/src/analyzer/parse/ocr/tesseract-cli.js';
import { readPacket } from '../../sync-server/src/analyzer/parse/read-packet.js';
import type { GreyImage } from '../../sync-server/src/analyzer/pdf/pixels.js';
import { createReadingPool } from '../../sync-server/src/analyzer/pool/reading-pool.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const CORPUS = resolve(process.env.CORPUS_DIR ?? join(REPO, '../shared/corpus'));
const SAMPLE = Number(process.env.BENCH_PAGES ?? 24);
const CORES = availableParallelism();
const fmt = (n: number) => n.toFixed(2);

/** Scan-only files: each packet's scanned pages (no text layer, an image) copied into a file of their own. */
async function scannedFiles(): Promise<{ name: string; bytes: Uint8Array; pages: number }[]> {
  const dir = join(CORPUS, 'packets');
  const probe = createReadingPool({ threads: 1, ocrEngine: 'none' });
  const out: { name: string; bytes: Uint8Array; pages: number }[] = [];
  try {
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.pdf')).sort()) {
      const bytes = new Uint8Array(readFileSync(join(dir, f)));
      const r = await probe.analyzePacketReading(bytes).catch(() => null);
      const scanned = r?.pages.filter((p) => p.source !== 'text' && p.images.length > 0).map((p) => p.page - 1) ?? [];
      if (!scanned.length) continue;
      try {
        const src = await PDFDocument.load(bytes, { updateMetadata: false });
        const doc = await PDFDocument.create();
        for (const p of await doc.copyPages(src, scanned)) doc.addPage(p);
        out.push({ name: f, bytes: await doc.save(), pages: scanned.length });
      } catch {
        // pdf-lib cannot copy this file's pages: left out of the sample.
      }
    }
  } finally {
    await probe.close();
  }
  // An even spread over the corpus, up to SAMPLE pages.
  const total = out.reduce((s, f) => s + f.pages, 0);
  if (total <= SAMPLE) return out;
  const stride = Math.max(1, Math.floor(total / SAMPLE));
  const picked: typeof out = [];
  for (let i = 0; i < out.length && picked.reduce((s, x) => s + x.pages, 0) < SAMPLE; i += stride) picked.push(out[i]!);
  return picked;
}

/** The images the pool's engine would be given for these files (read on this thread, OCR captured). */
async function pageImages(files: { bytes: Uint8Array }[]): Promise<{ image: GreyImage; ppi: number }[]> {
  const images: { image: GreyImage; ppi: number }[] = [];
  const capture: OcrEngine = {
    name: 'tesseract-cli',
    async recognize(image, ppi) {
      images.push({ image, ppi });
      return [];
    },
    recognizeMrz: async () => [],
    close: async () => {},
  };
  for (const f of files) await readPacket(f.bytes, { ocr: capture, fontPrograms: false });
  return images;
}

async function main(): Promise<void> {
  if (!existsSync(join(CORPUS, 'packets'))) {
    console.log(`no corpus at ${CORPUS}: nothing to measure`);
    return;
  }
  const files = await scannedFiles();
  const pages = files.reduce((s, f) => s + f.pages, 0);
  if (!pages) {
    console.log('no scanned pages in the corpus');
    return;
  }
  console.log(`${pages} scanned pages in ${files.length} scan-only files from ${CORPUS}; ${CORES} cores`);

  // The baseline: Debian's tesseract alone, one process at a time, on the images the pool reads.
  let baseline: number | undefined;
  if (await tesseractCliAvailable()) {
    const images = await pageImages(files);
    const cli = createTesseractCli({ languages: 'eng' });
    await cli.recognize(images[0]!.image, images[0]!.ppi); // page cache, binary loaded
    const t0 = performance.now();
    for (const { image, ppi } of images) await cli.recognize(image, ppi);
    baseline = images.length / ((performance.now() - t0) / 1000);
    console.log(`baseline: Debian tesseract (eng) alone on one core, ${images.length} page images one after another: ${fmt(baseline)} pages/s`);
  } else console.log('baseline: Debian tesseract is not on the PATH; ratios are left out (apt-get install tesseract-ocr)');

  const wanted = (process.env.BENCH_ENGINES?.split(',') ?? OCR_ENGINE_NAMES) as OcrEngineName[];
  for (const engine of wanted) {
    if (engine === 'tesseract-cli' && baseline === undefined) continue;
    if (engine === 'paddle' && !paddleInstalled()) {
      console.log('paddle: @gutenye/ocr-node (optional) is not installed: skipped');
      continue;
    }
    // As the server reads a run: one file at a time, its scanned pages side by side on every core.
    const pool = createReadingPool({ threads: 1, ocrEngine: engine, ocrConcurrency: CORES, timeoutMs: 600_000 });
    try {
      // Untimed: the worker's start and its engine instances' (models loaded, wasm compiled), on
      // the file with the most pages, which keeps every instance busy.
      await pool.analyzePacketReading([...files].sort((a, b) => b.pages - a.pages)[0]!.bytes);
      const t0 = performance.now();
      let notes: string[] = [];
      for (const f of files) notes = [...notes, ...(await pool.analyzePacketReading(f.bytes)).notes];
      const rate = pages / ((performance.now() - t0) / 1000);
      const ratio = baseline ? `, ${fmt(rate / baseline)}× the baseline` : '';
      console.log(`${engine}: ${fmt(rate)} pages/s with ${CORES} cores, ${fmt(rate / CORES)} pages/s per core${ratio} (target ≥ 1.0 page/s)${notes.length ? `; ${[...new Set(notes)].join(' ')}` : ''}`);
    } finally {
      await pool.close();
    }
  }
}

await main();
