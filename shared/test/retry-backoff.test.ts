import { afterEach, describe, expect, it, vi } from 'vitest';
import { RetryPace, retryDelay, type NetworkSignal } from '../src/client/retry-backoff.js';

describe('retryDelay', () => {
  it('doubles from 2 s to a cap of 60 s, jittered within the upper half of each step', () => {
    const low = (n: number) => retryDelay(n, { random: () => 0 });
    const high = (n: number) => retryDelay(n, { random: () => 0.999999 });
    expect([0, 1, 2, 3, 4, 5, 6, 7, 50].map(low)).toEqual([0, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect([1, 2, 3, 4, 5, 6, 7, 50].map(high)).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });

  it('spreads retries: many clients failing together do not come back at one instant', () => {
    const delays = new Set(Array.from({ length: 50 }, () => retryDelay(4)));
    expect(delays.size).toBeGreaterThan(40);
    for (const d of delays) {
      expect(d).toBeGreaterThanOrEqual(8_000);
      expect(d).toBeLessThanOrEqual(16_000);
    }
  });

  it('takes its own base and cap', () => {
    expect(retryDelay(3, { baseMs: 100, capMs: 300, random: () => 0.5 })).toBe(225);
  });
});

/** A network that says what the test makes it say. */
function fakeNetwork(online = true): NetworkSignal & { set(online: boolean): void } {
  const listeners = new Set<(online: boolean) => void>();
  let state = online;
  return {
    online: () => state,
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    set(next) {
      state = next;
      for (const l of listeners) l(next);
    },
  };
}

describe('RetryPace', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Whether `ready()` resolved within `ms` of fake time. */
  const settlesWithin = async (p: Promise<void>, ms: number) => {
    let done = false;
    void p.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(ms);
    return done;
  };

  it('lets an attempt go at once until one fails, then waits the back-off, longer after each failure, and not at all after a success', async () => {
    vi.useFakeTimers();
    const pace = new RetryPace({ random: () => 0 });
    expect(await settlesWithin(pace.ready(), 0)).toBe(true);
    pace.failure();
    const first = pace.ready();
    expect(await settlesWithin(first, 999)).toBe(false);
    expect(await settlesWithin(first, 1)).toBe(true);
    pace.failure();
    const second = pace.ready();
    expect(await settlesWithin(second, 1_999)).toBe(false);
    expect(await settlesWithin(second, 1)).toBe(true);
    pace.success();
    expect(await settlesWithin(pace.ready(), 0)).toBe(true);
    expect(pace.failed).toBe(0);
  });

  it('waits while the network is down however long, and goes the moment it is back, its failures forgotten', async () => {
    vi.useFakeTimers();
    const network = fakeNetwork(true);
    const pace = new RetryPace({ network, random: () => 0 });
    for (let i = 0; i < 6; i++) pace.failure();
    network.set(false);
    const waiting = pace.ready();
    expect(await settlesWithin(waiting, 10 * 60_000)).toBe(false);
    network.set(true);
    expect(await settlesWithin(waiting, 0)).toBe(true);
    expect(pace.failed).toBe(0);
  });

  it('goes at once on reset (the app heard the server again), and stops waiting when stopped', async () => {
    vi.useFakeTimers();
    const stop = new AbortController();
    const pace = new RetryPace({ signal: stop.signal, random: () => 0 });
    for (let i = 0; i < 6; i++) pace.failure();
    const waiting = pace.ready();
    expect(await settlesWithin(waiting, 1_000)).toBe(false);
    pace.reset();
    expect(await settlesWithin(waiting, 0)).toBe(true);

    pace.failure();
    const stopped = pace.ready();
    const outcome = stopped.then(
      () => 'went',
      () => 'stopped',
    );
    stop.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(await outcome).toBe('stopped');
  });
});
