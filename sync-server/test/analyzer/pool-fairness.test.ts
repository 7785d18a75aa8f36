/**
 * The reading pool shared by every organization (issue 37): a file's time limit ends its worker,
 * not the pool, and one organization's files never hold another's. The files here are a
 * stand-in worker's (fixtures/spin-worker.mjs) that keep a thread busy for as long as asked, so
 * what is shown is the pool's scheduling, not how fast some parser is.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PacketReadError } from '../../src/analyzer/pdf/errors.js';
import { createReadingPool, type ReadingPool } from '../../src/analyzer/pool/reading-pool.js';
import { FairSlots } from '../../src/fair-slots.js';

const SPIN_WORKER = new URL('./fixtures/spin-worker.mjs', import.meta.url);

/** A "file" the stand-in worker spins on for `ms` (-1: until stopped), with its heartbeat. */
function slowFile(ms: number): { bytes: Uint8Array; beats: () => number } {
  const bytes = new Uint8Array(new SharedArrayBuffer(8));
  const v = new Int32Array(bytes.buffer);
  Atomics.store(v, 0, ms);
  return { bytes, beats: () => Atomics.load(v, 1) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let pool: ReadingPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('the reading pool between organizations', () => {
  it('starts another organization’s file at once on its reserve worker, and before the first one’s queue', async () => {
    const events: string[] = [];
    const started: { orgId: string | null; waitMs: number }[] = [];
    pool = createReadingPool({
      workerFile: SPIN_WORKER,
      threads: 1,
      reserve: 1,
      name: 'test',
      log: { info: (o) => started.push(o as { orgId: string | null; waitMs: number }) },
    });
    // Start both workers before timing anything: a worker thread takes a moment to come up.
    await Promise.all([pool.analyzePacketReading(slowFile(1).bytes, { orgId: 'warm-a' }), pool.analyzePacketReading(slowFile(1).bytes, { orgId: 'warm-b' })]);
    started.length = 0;
    const read = (org: string, name: string, ms: number) =>
      pool!.analyzePacketReading(slowFile(ms).bytes, { orgId: org, timeoutMs: 30_000 }).then(() => void events.push(`${name} done`));
    // Organization A queues three files that really are slow; B sends one just after.
    const a = [read('A', 'A1', 700), read('A', 'A2', 700), read('A', 'A3', 700)];
    await sleep(50);
    const t = performance.now();
    const b = read('B', 'B1', 50);
    await b;
    const bMs = performance.now() - t;
    await Promise.all(a);
    // B did not wait for A's file in flight, let alone for A's queue.
    expect(events.indexOf('B1 done')).toBeLessThan(events.indexOf('A1 done'));
    expect(bMs).toBeLessThan(600);
    expect(started.map((s) => s.orgId)).toEqual(['A', 'B', 'A', 'A']);
    // A held one worker at a time: its files ran one after another, each waiting for the last.
    expect(events.filter((e) => e.startsWith('A'))).toEqual(['A1 done', 'A2 done', 'A3 done']);
    expect(started[3]!.waitMs).toBeGreaterThan(1_000);
    const stats = pool.stats();
    expect(stats).toMatchObject({ slots: 2, perOrg: 1, running: 0, waiting: 0 });
    expect(stats.orgs.A).toMatchObject({ started: 3, running: 0, waiting: 0 });
    expect(stats.orgs.B).toMatchObject({ started: 1 });
    expect(stats.orgs.B!.maxWaitMs).toBeLessThan(100);
  }, 30_000);

  it('stops a file at its time limit and frees its worker: the thread no longer runs, the next file is read', async () => {
    pool = createReadingPool({ workerFile: SPIN_WORKER, threads: 1, reserve: 0 });
    const forever = slowFile(-1);
    const t = performance.now();
    const e = await pool.analyzePacketReading(forever.bytes, { orgId: 'A', timeoutMs: 500 }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(PacketReadError);
    expect((e as PacketReadError).code).toBe('timeout');
    expect(performance.now() - t).toBeLessThan(5_000);
    expect(forever.beats()).toBeGreaterThan(0);
    // The spinning thread was ended, not left running beside the next file.
    await sleep(100);
    const after = forever.beats();
    await sleep(300);
    expect(forever.beats()).toBe(after);
    // The pool's only slot is free again: another organization's file is read.
    expect((await pool.analyzePacketReading(slowFile(10).bytes, { orgId: 'B', timeoutMs: 30_000 })).stats.totalMs).toBe(10);
    expect(pool.stats()).toMatchObject({ running: 0, waiting: 0 });
  }, 30_000);

  it('counts a file’s time limit from when its worker starts on it, not from starting the worker', async () => {
    // Worker threads take the parent's environment as it is when they start.
    process.env.SPIN_WORKER_START_MS = '1500';
    try {
      pool = createReadingPool({ workerFile: SPIN_WORKER, threads: 1, reserve: 0 });
      const t = performance.now();
      const r = await pool.analyzePacketReading(slowFile(300).bytes, { orgId: 'A', timeoutMs: 1_000 });
      expect(r.stats.totalMs).toBe(300);
      expect(performance.now() - t).toBeGreaterThan(1_500);
      // The limit still holds once the worker is up.
      const e = await pool.analyzePacketReading(slowFile(-1).bytes, { orgId: 'A', timeoutMs: 500 }).then(
        () => null,
        (err: unknown) => err,
      );
      expect((e as PacketReadError).code).toBe('timeout');
    } finally {
      delete process.env.SPIN_WORKER_START_MS;
    }
  }, 30_000);
});

describe('fair slots', () => {
  it('serve organizations in turn, each to its share, with the reserve for another organization', async () => {
    const slots = new FairSlots(2, 1);
    const order: string[] = [];
    const take = (org: string, name: string) => slots.acquire(org).then(() => void order.push(name));
    const all = [take('A', 'a1'), take('A', 'a2'), take('A', 'a3'), take('A', 'a4'), take('B', 'b1'), take('B', 'b2'), take('B', 'b3'), take('C', 'c1')];
    await sleep(0);
    // A took its share of two; B the reserve; nothing for A's third, though it came first.
    expect(order).toEqual(['a1', 'a2', 'b1']);
    expect(slots.holding('A')).toBe(2);
    slots.release('A');
    await sleep(0);
    // A freed slot goes to the organization holding the fewest, the first in turn among equals:
    // C (none), then A (none, B one), then B (both one, A was just served).
    expect(order.at(-1)).toBe('c1');
    slots.release('A');
    await sleep(0);
    expect(order.at(-1)).toBe('a3');
    slots.release('C');
    await sleep(0);
    expect(order.at(-1)).toBe('b2');
    for (const org of ['B', 'B']) slots.release(org);
    await sleep(0);
    expect(order).toEqual(['a1', 'a2', 'b1', 'c1', 'a3', 'b2', 'a4', 'b3']);
    await Promise.all(all);
    expect(() => slots.release('Z')).toThrow(/did not hold/);
  });
});
