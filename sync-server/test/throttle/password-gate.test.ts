import { describe, expect, it } from 'vitest';
import { FairSlots } from '../../src/fair-slots.js';
import type { HttpError } from '../../src/http-error.js';
import { PasswordHasher } from '../../src/identity/passwords.js';

/**
 * The password gate: a FairSlots keyed by client address with bounded waiting, as the identity
 * plugin makes it, driven through the PasswordHasher's own run (its refusals as HttpErrors).
 */
function gateOf(limits: { concurrency: number; perClient: number; total: number }) {
  const slots = new FairSlots(limits.concurrency, 0, { perOrg: limits.perClient, total: limits.total });
  const hasher = new PasswordHasher(slots);
  return { run: <T>(client: string, work: () => Promise<T>) => hasher.run(client, work), stats: () => slots.counts() };
}
type Gate = ReturnType<typeof gateOf>;

/** Work that finishes when the test says so; the order pieces started in. */
function harness(gate: Gate) {
  const started: string[] = [];
  const release: (() => void)[] = [];
  const run = (client: string, name: string) =>
    gate.run(client, () => {
      started.push(name);
      return new Promise<string>((resolve) => release.push(() => resolve(name)));
    });
  const finishOne = async () => {
    release.shift()!();
    await new Promise((r) => setImmediate(r));
  };
  return { started, run, finishOne };
}

describe('the password gate (FairSlots with bounded waiting)', () => {
  it('runs at most `concurrency` at once and takes waiting clients in turn', async () => {
    const gate = gateOf({ concurrency: 1, perClient: 10, total: 100 });
    const h = harness(gate);
    const all = [h.run('a', 'a1'), h.run('a', 'a2'), h.run('a', 'a3'), h.run('b', 'b1'), h.run('c', 'c1'), h.run('a', 'a4')];
    await new Promise((r) => setImmediate(r));
    expect(h.started).toEqual(['a1']);
    expect(gate.stats()).toMatchObject({ running: 1, waiting: 5 });
    for (let i = 0; i < 6; i++) await h.finishOne();
    await Promise.all(all);
    // b and c, arriving after a's burst, went before the rest of it.
    expect(h.started).toEqual(['a1', 'a2', 'b1', 'c1', 'a3', 'a4']);
  });

  it('past a client’s share, its oldest waiter gives way with 429; past the total, a newcomer gets 503', async () => {
    const gate = gateOf({ concurrency: 1, perClient: 2, total: 3 });
    const h = harness(gate);
    const settled: Record<string, string> = {};
    const track = (name: string, p: Promise<string>) =>
      p.then(
        () => (settled[name] = 'done'),
        (e: HttpError) => (settled[name] = `${e.status} ${e.headers['retry-after']}`),
      );
    const all = [track('a1', h.run('a', 'a1')), track('a2', h.run('a', 'a2')), track('a3', h.run('a', 'a3')), track('a4', h.run('a', 'a4'))];
    await new Promise((r) => setImmediate(r));
    expect(settled).toEqual({ a2: '429 1' });
    all.push(track('b1', h.run('b', 'b1')), track('c1', h.run('c', 'c1')));
    await new Promise((r) => setImmediate(r));
    expect(settled).toEqual({ a2: '429 1', c1: '503 1' });
    for (let i = 0; i < 4; i++) await h.finishOne();
    await Promise.all(all);
    expect(h.started).toEqual(['a1', 'a3', 'b1', 'a4']);
    expect(gate.stats()).toMatchObject({ running: 0, waiting: 0, refused: 2, started: 4 });
  });

  it('frees its place when the work throws', async () => {
    const gate = gateOf({ concurrency: 1, perClient: 1, total: 1 });
    await expect(gate.run('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run('a', async () => 'next')).toBe('next');
    expect(gate.stats().running).toBe(0);
  });
});
