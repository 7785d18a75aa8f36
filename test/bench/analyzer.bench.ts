/**
 * The analyzer's speed (issue #11), on the public corpus (../shared/corpus, or CORPUS_DIR):
 *  1. pre-flight + parse + split + classify of the corpus's text pages, in pages/s, against
 *     poppler's `pdftotext` on the same pages in the same run (the ratio; goal ≥ 0.5×): first
 *     serially (the reading pool with one worker, pdftotext one file after another), then with as
 *     many files at once as there are cores on both sides (pool workers, pdftotext processes);
 *  2. OCR of the scanned pages, pages/s per core (tesseract.js, and Debian's tesseract when on
 *     the PATH);
 *  3. peak memory (max RSS) of analyzing the largest packet, in a process of its own.
 * The text-only and scan-only files are cut from the packets with poppler's pdfseparate/pdfunite;
 * without poppler the baseline and the split files are skipped with a message.
 *
 *   npx tsx test/bench/analyzer.bench.ts            # about two minutes on two cores
 *   BENCH_ROUNDS=1 npx tsx test/bench/analyzer.bench.ts
 *   BENCH_TEXT_ONLY=1 npx tsx test/bench/analyzer.bench.ts   # the ratio alone, about 30 s
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { officialCatalogue } from '../../sync-server/src/analyzer/catalogue.js';
import { DocumentClassifier } from '../../sync-server/src/analyzer/classify/index.js';
import { extractFields } from '../../sync-server/src/analyzer/extract/index.js';
import { createReadingPool } from '../../sync-server/src/analyzer/pool/reading-pool.js';
import { splitPages } from '../../sync-server/src/analyzer/split/index.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const CORPUS = resolve(process.env.CORPUS_DIR ?? join(REPO, '../shared/corpus'));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Files read at once in the parallel comparison: the cores (both sides get as many). */
const THREADS = Number(process.env.BENCH_THREADS ?? availableParallelism());
const execFileAsync = promisify(execFile);

/**
 * CPU seconds of this process's finished children (Linux: /proc/self/stat's cutime + cstime), to
 * weigh pdftotext's work the way process.cpuUsage() weighs ours: wall-clock rates swing with
 * whatever else the machine runs, CPU time much less.
 */
function childrenCpu(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').replace(/^.*\) /s, '').split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return NaN;
  }
}

/** Runs `fn` over `items`, `n` at a time. */
async function inParallel<T>(items: T[], n: number, fn: (item: T) => Promise<unknown>): Promise<void> {
  const queue = [...items];
  await Promise.all(Array.from({ length: n }, async () => {
    for (let item = queue.shift(); item; item = queue.shift()) await fn(item);
  }));
}

const has = (bin: string) => spawnSync('sh', ['-c', `command -v ${bin}`]).status === 0;
const fmt = (n: number) => n.toFixed(1);

async function main(): Promise<void> {
  // The child mode: analyze one file, report max RSS (bytes) and exit.
  if (process.argv[2] === '--peak') {
    const bytes = new Uint8Array(readFileSync(process.argv[3]!));
    const pool = createReadingPool({ threads: 1, ocrEngine: 'tesseract-js' });
    const reading = await pool.analyzePacketReading(bytes);
    await pool.close();
    const { types, schemas } = officialCatalogue();
    const classifier = new DocumentClassifier(types);
    for (const d of splitPages(reading.pages, { flags: reading.flags, classifyPage: (p) => classifier.pageTypes(p) }).documents) {
      const pages = reading.pages.filter((p) => d.pages.includes(p.page));
      const c = classifier.classify(pages);
      extractFields(c.docType, pages, schemas.find((s) => s.docType === c.docType));
    }
    process.stdout.write(JSON.stringify({ maxRss: process.resourceUsage().maxRSS * 1024, pages: reading.pages.length }));
    return;
  }

  const packetsDir = join(CORPUS, 'packets');
  if (!existsSync(packetsDir)) {
    console.log(`no corpus at ${CORPUS}: nothing to measure`);
    return;
  }
  const packets = readdirSync(packetsDir).filter((f) => f.endsWith('.pdf')).sort().map((f) => join(packetsDir, f));
  const poppler = has('pdftotext') && has('pdfseparate') && has('pdfunite');
  const { types } = officialCatalogue();
  const classifier = new DocumentClassifier(types);
  const tmp = mkdtempSync(join(tmpdir(), 'analyzer-bench-'));

  try {
    // Which pages have a text layer: our own reading without OCR says (source 'text').
    const probe = createReadingPool({ threads: 1, ocrEngine: 'none' });
    const kinds: { file: string; text: number[]; scanned: number[] }[] = [];
    for (const file of packets) {
      const r = await probe.analyzePacketReading(new Uint8Array(readFileSync(file)));
      kinds.push({ file, text: r.pages.filter((p) => p.source === 'text').map((p) => p.page), scanned: r.pages.filter((p) => p.source !== 'text' && p.images.length > 0).map((p) => p.page) });
    }
    await probe.close();

    // Files of only the text pages, and of only the scanned pages.
    const cut = (file: string, pages: number[], tag: string): string | undefined => {
      if (!pages.length || !poppler) return undefined;
      const dir = join(tmp, `${tag}-${pages.length}-${file.split('/').pop()}`);
      const parts = pages.map((n) => {
        const out = `${dir}.p${n}.pdf`;
        execFileSync('pdfseparate', ['-f', String(n), '-l', String(n), file, out]);
        return out;
      });
      const out = `${dir}.pdf`;
      if (parts.length === 1) execFileSync('cp', [parts[0]!, out]);
      else execFileSync('pdfunite', [...parts, out]);
      return out;
    };
    const textFiles = kinds.map((k) => ({ file: poppler ? cut(k.file, k.text, 'text') : k.file, pages: k.text.length })).filter((x): x is { file: string; pages: number } => !!x.file);
    const scanFiles = kinds.map((k) => ({ file: cut(k.file, k.scanned, 'scan'), pages: k.scanned.length })).filter((x): x is { file: string; pages: number } => !!x.file);
    const textPages = textFiles.reduce((s, f) => s + f.pages, 0);
    if (!poppler) console.log('poppler-utils (pdftotext, pdfseparate, pdfunite) not found: whole packets are read without OCR and the pdftotext baseline is skipped');

    // 1. Ours: pre-flight + parse (pool, no OCR) + split + classify, against pdftotext on the same
    // files; serially (one worker, one pdftotext at a time), then with as many at once as cores.
    const measure = async (threads: number) => {
      const pool = createReadingPool({ threads, ocrEngine: 'none' });
      // One untimed pass first, on both sides: booting workers and compiling pdf.js's hot paths is
      // not reading files (a server reads for hours), and pdftotext gets a warm page cache.
      await inParallel(textFiles, threads, ({ file }) => pool.analyzePacketReading(new Uint8Array(readFileSync(file))));
      if (poppler) await inParallel(textFiles, threads, ({ file }) => execFileAsync('pdftotext', ['-layout', file, '-'], { maxBuffer: 1 << 26 }));
      const oursRounds: number[] = [];
      const popplerRounds: number[] = [];
      let oursCpu = 0;
      let popplerCpu = 0;
      for (let r = 0; r < ROUNDS; r++) {
        let t0 = performance.now();
        const c0 = process.cpuUsage();
        await inParallel(textFiles, threads, async ({ file }) => {
          const reading = await pool.analyzePacketReading(new Uint8Array(readFileSync(file)));
          const split = splitPages(reading.pages, { flags: reading.flags, classifyPage: (p) => classifier.pageTypes(p) });
          for (const d of split.documents) classifier.classify(reading.pages.filter((p) => d.pages.includes(p.page)));
        });
        oursRounds.push(textPages / ((performance.now() - t0) / 1000));
        const c = process.cpuUsage(c0);
        oursCpu += (c.user + c.system) / 1e6;
        if (!poppler) continue;
        t0 = performance.now();
        const k0 = childrenCpu();
        await inParallel(textFiles, threads, ({ file }) => execFileAsync('pdftotext', ['-layout', file, '-'], { maxBuffer: 1 << 26 }));
        popplerRounds.push(textPages / ((performance.now() - t0) / 1000));
        popplerCpu += childrenCpu() - k0;
      }
      await pool.close();
      const ours = Math.max(...oursRounds);
      const label = threads === 1 ? '1 worker / 1 pdftotext at a time' : `${threads} workers / ${threads} pdftotext processes at a time`;
      console.log(`analyzer (pre-flight + parse + split + classify), ${label}: ${fmt(ours)} pages/s (rounds ${oursRounds.map(fmt).join(', ')}); ${fmt((textPages * ROUNDS) / oursCpu)} pages per CPU-second`);
      if (!poppler) return;
      const base = Math.max(...popplerRounds);
      console.log(`pdftotext -layout (baseline), ${label}: ${fmt(base)} pages/s (rounds ${popplerRounds.map(fmt).join(', ')}); ${fmt((textPages * ROUNDS) / popplerCpu)} pages per CPU-second`);
      console.log(`ratio analyzer / pdftotext, ${label}: ${(ours / base).toFixed(2)}× wall-clock (best rounds), ${(popplerCpu / oursCpu).toFixed(2)}× CPU (all rounds) (goal ≥ 0.5×)`);
    };
    console.log(`text pages: ${textPages} in ${textFiles.length} files (rounds alternate between the two; best of ${ROUNDS})`);
    await measure(1);
    if (THREADS > 1) await measure(THREADS);

    if (process.env.BENCH_TEXT_ONLY) return;

    // 2. OCR pages/s per core.
    const engines: ('tesseract-js' | 'tesseract-cli')[] = ['tesseract-js', ...(has('tesseract') ? (['tesseract-cli'] as const) : [])];
    if (!scanFiles.length) console.log('no scanned pages to OCR (poppler missing or none in the corpus)');
    for (const engine of scanFiles.length ? engines : []) {
      const ocrPool = createReadingPool({ threads: 1, ocrEngine: engine });
      await ocrPool.analyzePacketReading(new Uint8Array(readFileSync(scanFiles[0]!.file))); // engine start-up
      const pages = scanFiles.reduce((s, f) => s + f.pages, 0);
      const t0 = performance.now();
      for (const { file } of scanFiles) await ocrPool.analyzePacketReading(new Uint8Array(readFileSync(file)));
      const rate = pages / ((performance.now() - t0) / 1000);
      await ocrPool.close();
      console.log(`OCR ${engine}: ${pages} scanned pages, ${fmt(rate)} pages/s per core (${(1 / rate).toFixed(2)} s/page)`);
    }

    // 3. Peak memory of the largest packet, in a process of its own.
    const largest = [...packets].sort((a, b) => statSync(b).size - statSync(a).size)[0]!;
    const child = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--peak', largest], { encoding: 'utf8', cwd: REPO, maxBuffer: 1 << 20 });
    if (child.status === 0) {
      const { maxRss, pages } = JSON.parse(child.stdout.trim().split('\n').pop()!) as { maxRss: number; pages: number };
      console.log(`peak memory analyzing the largest packet (${largest.split('/').pop()}, ${(statSync(largest).size / 1e6).toFixed(1)} MB, ${pages} pages, OCR included): ${(maxRss / 1e6).toFixed(0)} MB max RSS`);
    } else console.log(`peak memory: the child failed (${child.stderr.slice(0, 300)})`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
