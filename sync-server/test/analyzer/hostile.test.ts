/**
 * The hostile-PDF suite: every malformed or hostile file ends in a result (with flags) or a
 * PacketReadError, each within its time limit, the process's memory bounded by the per-worker
 * limits, and the pool still reading good files afterwards. Scans are not OCR'd here: this is
 * about the parser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PacketReadError } from '../../src/analyzer/pdf/errors.js';
import { DEFAULT_MAX_IMAGE_PIXELS } from '../../src/analyzer/pdf/open-packet.js';
import { createReadingPool, type ReadingPool } from '../../src/analyzer/pool/reading-pool.js';
import type { PreflightFlag } from '../../src/analyzer/types.js';
import { hostileCases, type HostileCase } from './fixtures/hostile.js';
import { makePdf } from './fixtures/pages.js';

const THREADS = 2;
const TIMEOUT_MS = 4000;
const HEAP_MB = 256;
/**
 * What reading the suite may add to the test process: per worker its heap limit, its young
 * generation, and what lives outside the heap, which the heap limit does not cap — decoded
 * images, each at most pdf.js's `maxImageSize` (40 Mpx, 160 MB as RGBA), several at once while
 * pdf.js builds a page of many of them, plus decoded streams the guard lets through (32 MB each).
 * Measured as growth over the process once the workers are up: the runner shares its process
 * with other test files, whose memory is not the analyzer's. Measured on 2 cores: 1.2–2.0 GB,
 * depending on which files meet in the two workers.
 */
const MAX_IMAGE_MB = (DEFAULT_MAX_IMAGE_PIXELS * 4) / 2 ** 20;
const GROWTH_BUDGET_MB = THREADS * (HEAP_MB + 64 + 8 * MAX_IMAGE_MB);

interface Outcome {
  name: string;
  ms: number;
  flags?: PreflightFlag[];
  error?: PacketReadError;
  other?: unknown;
}

describe('hostile PDFs', () => {
  let pool: ReadingPool;
  let cases: HostileCase[];
  const outcomes = new Map<string, Outcome>();
  let peakRss = 0;
  let rssBefore = 0;
  let wall = 0;

  beforeAll(async () => {
    cases = await hostileCases();
    pool = createReadingPool({ threads: THREADS, timeoutMs: TIMEOUT_MS, memoryMb: HEAP_MB, ocrEngine: 'none' });
    // Start both workers before the clock runs: booting one is not reading a file.
    const ok = await makePdf([{ kind: 'blank' }]);
    await Promise.all(Array.from({ length: THREADS }, () => pool.analyzePacketReading(ok)));
    rssBefore = process.memoryUsage.rss();
    peakRss = rssBefore;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 50);
    const started = performance.now();
    // As many files at once as there are workers, so each one's time is its own.
    const queue = [...cases];
    await Promise.all(
      Array.from({ length: THREADS }, async () => {
        for (let c = queue.shift(); c; c = queue.shift()) {
          const t = performance.now();
          try {
            const r = await pool.analyzePacketReading(c.bytes);
            outcomes.set(c.name, { name: c.name, ms: performance.now() - t, flags: r.flags });
          } catch (e) {
            outcomes.set(c.name, { name: c.name, ms: performance.now() - t, ...(e instanceof PacketReadError ? { error: e } : { other: e }) });
          }
        }
      }),
    );
    wall = performance.now() - started;
    clearInterval(sampler);
    const slowest = [...outcomes.values()].sort((a, b) => b.ms - a.ms).slice(0, 8);
    console.log(
      `hostile suite: ${cases.length} files in ${(wall / 1000).toFixed(1)} s, peak RSS ${Math.round(peakRss / 2 ** 20)} MB (${Math.round((peakRss - rssBefore) / 2 ** 20)} MB over the process before it); slowest: ` +
        slowest.map((o) => `${o.name} ${Math.round(o.ms)} ms (${o.error?.code ?? (o.flags ?? []).map((f) => f.code).join(',')})`).join('; '),
    );
  }, 300_000);
  afterAll(() => pool?.close());

  it('has at least 200 of them, all different', () => {
    expect(cases.length).toBeGreaterThanOrEqual(200);
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
  });

  it('ends each one in a result or a typed error with a note, within its time limit', () => {
    // The limit, plus starting a fresh worker when the one before was stopped, on a busy machine.
    const slow = [...outcomes.values()].filter((o) => o.ms > TIMEOUT_MS + 3000).map((o) => `${o.name}: ${Math.round(o.ms)} ms`);
    expect(slow).toEqual([]);
    const untyped = [...outcomes.values()].filter((o) => o.other !== undefined).map((o) => `${o.name}: ${String(o.other)}`);
    expect(untyped).toEqual([]);
    for (const o of outcomes.values()) {
      if (o.error) expect(o.error.note.length, o.name).toBeGreaterThan(10);
      for (const f of o.flags ?? []) expect(f.note.length, o.name).toBeGreaterThan(10);
    }
    expect(outcomes.size).toBe(cases.length);
    // On an idle 2-core machine the suite reads in about 20 s; the bound leaves room for a busy one.
    expect(wall).toBeLessThan(90_000);
  });

  it('keeps the process within its memory budget (the worker pays, not the process)', () => {
    expect((peakRss - rssBefore) / 2 ** 20).toBeLessThan(GROWTH_BUDGET_MB);
    // The runner's own heap stays small: results crossing from the workers are bounded too.
    expect(process.memoryUsage().heapUsed / 2 ** 20).toBeLessThan(400);
  });

  it('says what is wrong where it can tell', () => {
    const code = (name: string) => outcomes.get(name)?.error?.code ?? `flags:${(outcomes.get(name)?.flags ?? []).map((f) => f.code).join(',')}`;
    for (const name of ['encrypted RC4 40-bit', 'encrypted RC4 128-bit', 'encrypted AES-128', 'encrypted AES-256']) expect(code(name), name).toBe('encrypted');
    for (const name of ['empty file', 'header only', 'not a PDF: PNG', 'not a PDF: ZIP', 'not a PDF: HTML', 'random bytes', 'page tree with no kids']) expect(code(name), name).toBe('unreadable');
    expect(code('2500 real pages')).toBe('too_many_pages');
    for (const name of ['image 30000x30000 with little data', 'image 30000x30000 flate bomb', 'image 30000x30000 1-bit']) {
      expect(['flags:oversized_page', 'timeout', 'memory_limit'], name).toContain(code(name));
    }
    // Refused by the stream guard before pdf.js allocates: at once, and saying why.
    for (const name of ['content stream bomb 512 MB of spaces', 'content stream bomb 128 MB of zero bytes', 'nested flate bomb', 'content stream bomb of operators', 'content stream bomb of path segments']) {
      expect(code(name), name).toBe('memory_limit');
      expect(outcomes.get(name)!.error!.note, name).toMatch(/decompression bomb/);
      expect(outcomes.get(name)!.ms, name).toBeLessThan(TIMEOUT_MS);
    }
  });

  it('still reads good files afterwards', async () => {
    const r = await pool.analyzePacketReading(await makePdf([{ kind: 'text', lines: [{ text: 'Still here', x: 72, y: 72 }] }]));
    expect(r.pages[0]!.lines[0]!.text).toBe('Still here');
  });
});
