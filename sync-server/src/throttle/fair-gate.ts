import { HttpError } from '../http-error.js';

export interface FairGateLimits {
  /** Pieces of work running at once, over every client. */
  concurrency: number;
  /** Waiting pieces of one client; past it that client's oldest waiter is refused (429). */
  perClient: number;
  /** Waiting pieces over every client; past it a newcomer is refused (503). */
  total: number;
}

export interface FairGateStats {
  running: number;
  waiting: number;
  /** Pieces started since the gate was made. */
  started: number;
  /** Pieces refused (per-client or total bound) since the gate was made. */
  refused: number;
  /** Clients with someone waiting now. */
  clients: number;
  /** Longest wait of a started piece so far, in ms. */
  longestWaitMs: number;
}

interface Waiter {
  start(): void;
  refuse(error: HttpError): void;
  queuedAt: number;
}

/**
 * A cap on concurrent pieces of expensive work (password hashes) with a fair queue: waiting work
 * is kept per client (its address) and started round-robin over clients, so one client's burst
 * waits behind itself, never in front of another client's request. Both queues are bounded: a
 * client past its share has its oldest waiter answered 429 (its newest request, the one a person
 * is looking at, still gets in), and a full queue answers a newcomer 503; both with Retry-After.
 *
 * One per process, made where the app is built: the cap is about this process's CPU and the
 * libuv threads it shares with file reads.
 */
export class FairGate {
  private readonly queues = new Map<string, Waiter[]>();
  /** Clients with waiters, in turn order; the head is served next. */
  private readonly turn: string[] = [];
  private running = 0;
  private waiting = 0;
  private started = 0;
  private refused = 0;
  private longestWaitMs = 0;

  constructor(
    private readonly limits: FairGateLimits,
    private readonly onWait?: (client: string, waitedMs: number) => void,
  ) {}

  /** Runs `work` when a place is free and it is `client`'s turn; refusals are HttpErrors. */
  async run<T>(client: string, work: () => Promise<T>): Promise<T> {
    await this.enter(client);
    try {
      return await work();
    } finally {
      this.running--;
      this.next();
    }
  }

  stats(): FairGateStats {
    return { running: this.running, waiting: this.waiting, started: this.started, refused: this.refused, clients: this.queues.size, longestWaitMs: this.longestWaitMs };
  }

  private enter(client: string): Promise<void> {
    if (this.running < this.limits.concurrency && this.waiting === 0) {
      this.running++;
      this.started++;
      return Promise.resolve();
    }
    let queue = this.queues.get(client);
    if (!queue && this.waiting >= this.limits.total) {
      this.refused++;
      return Promise.reject(busy('The server is busy checking passwords', this.retryAfter()));
    }
    return new Promise<void>((resolve, reject) => {
      if (!queue) {
        queue = [];
        this.queues.set(client, queue);
        this.turn.push(client);
      }
      if (queue.length >= this.limits.perClient) {
        // The oldest of this client gives way: the newest is the one someone still waits for.
        queue.shift()!.refuse(tooMany('Too many password checks from this address at once', this.retryAfter()));
        this.waiting--;
        this.refused++;
      } else if (this.waiting >= this.limits.total) {
        this.refused++;
        reject(busy('The server is busy checking passwords', this.retryAfter()));
        return;
      }
      queue.push({ start: resolve, refuse: reject, queuedAt: Date.now() });
      this.waiting++;
    });
  }

  private next(): void {
    while (this.running < this.limits.concurrency && this.turn.length > 0) {
      const client = this.turn.shift()!;
      const queue = this.queues.get(client)!;
      const waiter = queue.shift()!;
      if (queue.length > 0) this.turn.push(client);
      else this.queues.delete(client);
      this.waiting--;
      this.running++;
      this.started++;
      const waited = Date.now() - waiter.queuedAt;
      this.longestWaitMs = Math.max(this.longestWaitMs, waited);
      this.onWait?.(client, waited);
      waiter.start();
    }
  }

  /** Seconds until the queue ahead has likely drained: a rough, honest hint. */
  private retryAfter(): number {
    return Math.max(1, Math.ceil(this.waiting / Math.max(1, this.limits.concurrency) / 10));
  }
}

const tooMany = (message: string, retryAfter: number) =>
  new HttpError(429, `${message}; try again in ${retryAfter} s`, {}, { 'retry-after': String(retryAfter) });

const busy = (message: string, retryAfter: number) =>
  new HttpError(503, `${message}; try again in ${retryAfter} s`, {}, { 'retry-after': String(retryAfter) });
