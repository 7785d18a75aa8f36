import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadingPool, type ReadingPool } from '../../src/analyzer/pool/reading-pool.js';
import { createReadingProcess } from '../../src/analyzer/pool/reading-process.js';
import { hostileCases } from './fixtures/hostile.js';
import { expectPacketRead, packet, rejection } from './fixtures/pool-packet.js';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

describe('the reading pool (workers from the TypeScript sources)', () => {
  let pool: ReadingPool;
  beforeAll(() => {
    pool = createReadingPool({ threads: 1, timeoutMs: 60_000 });
  });
  afterAll(() => pool.close());

  it('parses and pre-flights a packet in a worker thread, OCR included', async () => {
    await expectPacketRead(pool);
  }, 90_000);

  it('tells how many pages it has read as it reads them, when asked', async () => {
    const told: { pagesRead: number; pageCount: number }[] = [];
    const r = await pool.analyzePacketReading(await packet(), { onPage: (p) => told.push(p) });
    expect(r.pages).toHaveLength(3);
    // Posted from the worker as each page is done: every page told, counting up.
    expect(told).toEqual([1, 2, 3].map((pagesRead) => ({ pagesRead, pageCount: 3 })));
  }, 90_000);

  it('refuses what cannot be read with a typed error carrying a reviewer\'s note and flag', async () => {
    const cases = await hostileCases();
    const bytes = (name: string) => cases.find((c) => c.name === name)!.bytes;
    const enc = await rejection(pool.analyzePacketReading(bytes('encrypted AES-128')));
    expect(enc.code).toBe('encrypted');
    expect(enc.toFlag()).toEqual({ page: 1, code: 'encrypted', note: expect.stringMatching(/password/) });
    expect((await rejection(pool.analyzePacketReading(bytes('not a PDF: PNG')))).code).toBe('unreadable');
    expect((await rejection(pool.analyzePacketReading(bytes('empty file')))).code).toBe('unreadable');
    expect((await rejection(pool.analyzePacketReading(bytes('page tree with no kids')))).toFlag().code).toBe('unreadable');
    const many = await rejection(pool.analyzePacketReading(bytes('2500 real pages')));
    expect(many.code).toBe('too_many_pages');
    expect(many.note).toMatch(/2,500 pages/);
  }, 60_000);

  it('stops a file at its time limit, and the next file is read by a fresh worker', async () => {
    const cases = await hostileCases();
    // 30 MB of path segments: under the stream guard's limit, far over the time a page may take.
    const bomb = cases.find((c) => c.name === 'slow page: 30 MB of path segments')!.bytes;
    const started = performance.now();
    const e = await rejection(pool.analyzePacketReading(bomb, { timeoutMs: 1500 }));
    expect(e.code).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(6000);
    await expectPacketRead(pool);
  }, 90_000);

  it('stops a file that outgrows its heap', async () => {
    const small = createReadingPool({ threads: 1, memoryMb: 48, timeoutMs: 60_000, ocrEngine: 'none' });
    try {
      const cases = await hostileCases();
      const e = await rejection(small.analyzePacketReading(cases.find((c) => c.name === 'a million tiny text runs over a scan')!.bytes));
      expect(e.code).toBe('memory_limit');
    } finally {
      await small.close();
    }
  }, 90_000);

  it('refuses a decompression bomb before pdf.js inflates it, costing no worker', async () => {
    const cases = await hostileCases();
    const started = performance.now();
    const e = await rejection(pool.analyzePacketReading(cases.find((c) => c.name === 'content stream bomb 512 MB of spaces')!.bytes));
    expect(e.code).toBe('memory_limit');
    expect(e.note).toMatch(/inflates to more than 32 MB/);
    expect(e.toFlag().code).toBe('unreadable');
    expect(performance.now() - started).toBeLessThan(5000);
    await expectPacketRead(pool);
  }, 90_000);
});

describe('the reading pool in the compiled server (npm start)', () => {
  const buildDir = join(SERVER_DIR, 'dist', `test-analyzer-${randomBytes(4).toString('hex')}`);
  beforeAll(async () => {
    await promisify(execFile)(process.execPath, ['scripts/build.mjs', '--outdir', buildDir], { cwd: SERVER_DIR });
  }, 120_000);
  afterAll(() => rm(buildDir, { recursive: true, force: true }));

  it('builds the worker beside main.js and reads with it', async () => {
    const worker = join(buildDir, 'analyzer-worker.js');
    expect(existsSync(worker)).toBe(true);
    const pool = createReadingPool({ threads: 1, workerFile: worker, timeoutMs: 60_000 });
    try {
      await expectPacketRead(pool);
    } finally {
      await pool.close();
    }
  }, 120_000);

  it('builds the reading process beside main.js, and its pools read with the compiled worker', async () => {
    const hostFile = join(buildDir, 'analyzer-reader.js');
    expect(existsSync(hostFile)).toBe(true);
    const host = createReadingProcess({ hostFile });
    try {
      await expectPacketRead(host.pool('parse', { threads: 1, workerFile: join(buildDir, 'analyzer-worker.js'), timeoutMs: 60_000 }));
      expect(host.pid()).toBeGreaterThan(0);
    } finally {
      await host.close();
    }
    expect(host.pid()).toBeUndefined();
  }, 120_000);
});
