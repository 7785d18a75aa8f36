import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadingProcess, hostPoolOptions, type ReadingProcess } from '../../src/analyzer/pool/reading-process.js';
import { hostileCases } from './fixtures/hostile.js';
import { expectPacketRead, packet, rejection } from './fixtures/pool-packet.js';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(test: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (!test() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  return test();
}

describe('the reading process (the pools in a child process, from the TypeScript sources)', () => {
  let host: ReadingProcess;
  beforeAll(() => {
    host = createReadingProcess({ idleTimeoutMs: 1500 });
  });
  afterAll(() => host.close());

  it('reads a packet in a process of its own, telling its pages as it goes, and ends that process when idle', async () => {
    const pool = host.pool('parse', { threads: 1, timeoutMs: 60_000 });
    expect(host.pid()).toBeUndefined();
    const told: number[] = [];
    await expectPacketRead(pool, { orgId: 'org-a', onPage: (p) => told.push(p.pagesRead) });
    expect(told).toEqual([1, 2, 3]);
    const pid = host.pid()!;
    expect(pid).not.toBe(process.pid);
    expect(alive(pid)).toBe(true);
    // Its memory goes back to the system with it.
    expect(await until(() => !alive(pid), 10_000)).toBe(true);
    expect(host.pid()).toBeUndefined();
  }, 90_000);

  it("gives the host's pool every slot and the OCR concurrency the in-process pool would use", () => {
    // One organization's file at a time on two cores: its scans are OCR'd two pages at once.
    expect(hostPoolOptions({ threads: 1, reserve: 1 }, 2, 2)).toMatchObject({ threads: 2, ocrConcurrency: 2, reserve: 1 });
    expect(hostPoolOptions({ threads: 2 }, 3, 8)).toMatchObject({ threads: 3, ocrConcurrency: 4 });
    expect(hostPoolOptions({ threads: 1, ocrConcurrency: 1 }, 2, 8).ocrConcurrency).toBe(1);
    expect(hostPoolOptions({ threads: 1, log: { info() {} } }, 2, 2)).not.toHaveProperty('log');
  });

  it("keeps a pool's errors typed across the process boundary, and its fair slots here", async () => {
    const pool = host.pool('preflight', { threads: 1, reserve: 1, timeoutMs: 60_000, ocrEngine: 'none' });
    const cases = await hostileCases();
    const e = await rejection(pool.analyzePacketReading(cases.find((c) => c.name === 'encrypted AES-128')!.bytes, { orgId: 'org-a' }));
    expect(e.code).toBe('encrypted');
    expect(e.toFlag()).toEqual({ page: 1, code: 'encrypted', note: expect.stringMatching(/password/) });
    expect(pool.stats().orgs['org-a']).toMatchObject({ started: 1 });
  }, 60_000);

  it('a file cancelled by its caller stops as closed', async () => {
    const pool = host.pool('parse', { threads: 1, timeoutMs: 60_000 });
    const cases = await hostileCases();
    const abort = new AbortController();
    const reading = pool.analyzePacketReading(cases.find((c) => c.name === 'slow page: 30 MB of path segments')!.bytes, { signal: abort.signal });
    setTimeout(() => abort.abort(), 500);
    expect((await rejection(reading)).code).toBe('closed');
  }, 60_000);

  it('a reading process that dies fails the files it was reading as crashed; the next file starts another', async () => {
    const pool = host.pool('parse', { threads: 1, timeoutMs: 60_000 });
    const cases = await hostileCases();
    const reading = pool.analyzePacketReading(cases.find((c) => c.name === 'slow page: 30 MB of path segments')!.bytes);
    expect(await until(() => host.pid() !== undefined, 10_000)).toBe(true);
    const first = host.pid()!;
    await new Promise((r) => setTimeout(r, 500));
    process.kill(first, 'SIGKILL');
    const e = await rejection(reading);
    expect(e.code).toBe('crashed');
    expect(e.note).toMatch(/reading process ended/);
    const r = await pool.analyzePacketReading(await packet());
    expect(r.pages).toHaveLength(3);
    expect(host.pid()).not.toBe(first);
  }, 90_000);
});
