/**
 * How long a failed sync request waits before it is tried again: exponential from `baseMs`
 * (the first retry), doubling per failure up to `capMs`, with "equal jitter" (half the step fixed,
 * half random) so a desktop's collections, and many desktops after an outage, do not retry in
 * step, while no retry comes sooner than half its step. `random` is in [0, 1).
 */
export function retryDelay(failures: number, options: { baseMs?: number; capMs?: number; random?: () => number } = {}): number {
  const base = options.baseMs ?? 2_000;
  const cap = options.capMs ?? 60_000;
  if (failures <= 0) return 0;
  const step = Math.min(cap, base * 2 ** Math.min(failures - 1, 30));
  const random = options.random ?? Math.random;
  return Math.round(step / 2 + random() * (step / 2));
}

/** Whether the device has a network at all, and word of it coming back (`navigator.onLine` and its events in a browser). */
export interface NetworkSignal {
  online(): boolean;
  /** Calls `listener` on every change; answers the function that stops it. */
  subscribe(listener: (online: boolean) => void): () => void;
}

/** The browser's (or Electron renderer's) word on the network; always online where there is none (Node). */
export function browserNetwork(): NetworkSignal {
  // `shared` is typed without the DOM: what a browser (or Electron's renderer) offers, looked up.
  const g = globalThis as {
    window?: { addEventListener(type: string, listener: () => void): void; removeEventListener(type: string, listener: () => void): void };
    navigator?: { onLine?: unknown };
  };
  const w = typeof g.window === 'object' && typeof g.window.addEventListener === 'function' ? g.window : undefined;
  return {
    online: () => (typeof g.navigator?.onLine === 'boolean' ? g.navigator.onLine : true),
    subscribe(listener) {
      if (!w) return () => undefined;
      const on = () => listener(true);
      const off = () => listener(false);
      w.addEventListener('online', on);
      w.addEventListener('offline', off);
      return () => {
        w.removeEventListener('online', on);
        w.removeEventListener('offline', off);
      };
    },
  };
}

/**
 * The retry pace of one stream of requests (a collection's pulls and pushes, the event stream):
 * `ready()` resolves when the next attempt may go — at once after a success, after `retryDelay`
 * of the failures so far otherwise, and never while the network says it is offline (it resumes
 * the moment it comes back, the failures forgotten). `reset()` forgets them too (the app heard
 * the server again). Several `RetryPace`s may share one `NetworkSignal`.
 */
export class RetryPace {
  private failures = 0;
  private readyAt = 0;
  private wake = new Set<() => void>();
  private readonly stopListening: () => void;

  constructor(
    private readonly options: {
      network?: NetworkSignal;
      signal?: AbortSignal;
      baseMs?: number;
      capMs?: number;
      random?: () => number;
      now?: () => number;
    } = {},
  ) {
    this.stopListening =
      options.network?.subscribe((online) => {
        if (online) this.reset();
        else this.nudge();
      }) ?? (() => undefined);
    options.signal?.addEventListener('abort', () => {
      this.stopListening();
      this.nudge();
    });
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  private nudge(): void {
    const waiting = [...this.wake];
    this.wake.clear();
    for (const w of waiting) w();
  }

  /** How many attempts failed in a row. */
  get failed(): number {
    return this.failures;
  }

  failure(): void {
    this.failures++;
    this.readyAt = this.now() + retryDelay(this.failures, this.options);
  }

  success(): void {
    this.failures = 0;
    this.readyAt = 0;
  }

  /** Forgets the failures and lets whoever waits go now (the connection came back). */
  reset(): void {
    this.success();
    this.nudge();
  }

  /** Resolves when an attempt may go; rejects when the pace's signal aborts (replication stopped). */
  async ready(): Promise<void> {
    for (;;) {
      if (this.options.signal?.aborted) throw new Error('stopped');
      const offline = this.options.network !== undefined && !this.options.network.online();
      const wait = offline ? Infinity : this.readyAt - this.now();
      if (wait <= 0) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.wake.delete(done);
          resolve();
        };
        const timer = Number.isFinite(wait) ? setTimeout(done, wait) : undefined;
        this.wake.add(done);
      });
    }
  }
}
