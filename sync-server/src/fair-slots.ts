/**
 * Fairness between organizations in a shared pool (DESIGN.md, Fairness between organizations).
 * A pool of `perOrg` slots gets `reserve` more on top: one organization holds at most `perOrg` at
 * once, so while it has every slot it may use, another organization still starts at once on a
 * reserve slot. Waiting work is kept per organization and served in turn, the organization that
 * holds the fewest slots first: an organization with a hundred files queued is served one file
 * in turn with the others, never a hundred first.
 */

/** Who waits: an organization's id, or '' for work of none (a CLI, a bench, a sweep). */
export type OrgKey = string;

/** Waits seen by one pool, per organization, since the process started. */
export interface OrgWaitStats {
  /** Work started. */
  started: number;
  /** Work waiting for a slot now. */
  waiting: number;
  /** Slots held now. */
  running: number;
  /** Milliseconds waited, summed over `started`. */
  totalWaitMs: number;
  maxWaitMs: number;
}

export interface PoolStats {
  slots: number;
  perOrg: number;
  running: number;
  waiting: number;
  orgs: Record<OrgKey, OrgWaitStats>;
}

/** Every shared pool's waits, by pool name: what the server reports of its queues. */
export class QueueStats {
  private readonly pools = new Map<string, () => PoolStats>();

  /** A pool says how it reads its stats; a later one of the same name replaces it. */
  register(name: string, read: () => PoolStats): void {
    this.pools.set(name, read);
  }

  snapshot(): Record<string, PoolStats> {
    return Object.fromEntries([...this.pools].map(([name, read]) => [name, read()]));
  }
}

/** Organizations whose waits a pool keeps figures of, past which the idle ones are forgotten. */
const MAX_ORGS_REMEMBERED = 1000;

interface Waiter {
  go: (waitMs: number) => void;
  refuse: (error: FairSlotsFull) => void;
  since: number;
}

/**
 * How much may wait, when waiting is to be bounded (the password gate: each waiter holds a
 * request open). Past `perOrg`, that organization's (or address's) oldest waiter gives way: its
 * newest request is the one someone still looks at. Past `total`, a newcomer is refused.
 */
export interface WaitBounds {
  perOrg: number;
  total: number;
}

/** A refused wait: `own` when its organization had too many waiting, `all` when the pool did. */
export class FairSlotsFull extends Error {
  constructor(readonly reason: 'own' | 'all') {
    super(reason === 'own' ? 'too many waiting from one place' : 'too many waiting in all');
    this.name = 'FairSlotsFull';
  }
}

/** Figures of waits per organization (what `PoolStats.orgs` reports). */
export class WaitTally {
  private readonly seen = new Map<OrgKey, OrgWaitStats>();

  of(org: OrgKey): OrgWaitStats {
    let s = this.seen.get(org);
    if (!s) {
      // Every guest sandbox is an organization: the idle ones' figures go before they pile up.
      if (this.seen.size >= MAX_ORGS_REMEMBERED) for (const [k, v] of this.seen) if (!v.waiting && !v.running) this.seen.delete(k);
      this.seen.set(org, (s = { started: 0, waiting: 0, running: 0, totalWaitMs: 0, maxWaitMs: 0 }));
    }
    return s;
  }

  /** Work of `org` started after waiting `waitMs`. */
  started(org: OrgKey, waitMs: number): void {
    const s = this.of(org);
    s.running++;
    s.started++;
    s.totalWaitMs += waitMs;
    s.maxWaitMs = Math.max(s.maxWaitMs, waitMs);
  }

  snapshot(): Record<OrgKey, OrgWaitStats> {
    return Object.fromEntries([...this.seen].map(([k, v]) => [k, { ...v, totalWaitMs: Math.round(v.totalWaitMs), maxWaitMs: Math.round(v.maxWaitMs) }]));
  }
}

/** A counting semaphore that is fair between organizations. */
export class FairSlots {
  readonly slots: number;
  private running = 0;
  private readonly held = new Map<OrgKey, number>();
  /** Organizations with work waiting, in the order they are served next (a Map keeps insertion order). */
  private readonly queues = new Map<OrgKey, Waiter[]>();
  private readonly tally = new WaitTally();
  private waiting = 0;
  /** Since the pool was made: work started, and waits refused by `bounds`. */
  private started = 0;
  private refused = 0;

  constructor(
    readonly perOrg: number,
    reserve = 1,
    private readonly bounds?: WaitBounds,
  ) {
    if (perOrg < 1 || reserve < 0) throw new RangeError('FairSlots needs perOrg ≥ 1 and reserve ≥ 0');
    this.slots = perOrg + reserve;
  }

  /**
   * Resolves with how long the caller waited (ms) once `org` holds a slot; `release(org)` gives it
   * back. With `bounds`, rejects with FairSlotsFull when the wait is refused.
   */
  acquire(org: OrgKey): Promise<number> {
    return new Promise((go, refuse) => {
      const queue = this.queues.get(org);
      if (this.bounds && queue && queue.length >= this.bounds.perOrg) this.refuse(org, queue.shift()!, 'own');
      else if (this.bounds && this.waiting >= this.bounds.total) {
        this.refused++;
        refuse(new FairSlotsFull('all'));
        return;
      }
      const waiter = { go, refuse, since: performance.now() };
      this.tally.of(org).waiting++;
      this.waiting++;
      if (queue) queue.push(waiter);
      else this.queues.set(org, [waiter]);
      this.dispatch();
    });
  }

  counts(): { running: number; waiting: number; started: number; refused: number } {
    return { running: this.running, waiting: this.waiting, started: this.started, refused: this.refused };
  }

  private refuse(org: OrgKey, waiter: Waiter, reason: 'own' | 'all'): void {
    this.waiting--;
    this.tally.of(org).waiting--;
    this.refused++;
    waiter.refuse(new FairSlotsFull(reason));
  }

  release(org: OrgKey): void {
    const n = this.held.get(org) ?? 0;
    if (n <= 0) throw new Error(`FairSlots: ${org || 'no organization'} released a slot it did not hold`);
    if (n === 1) this.held.delete(org);
    else this.held.set(org, n - 1);
    this.running--;
    this.tally.of(org).running--;
    this.dispatch();
  }

  /** Slots `org` holds now. */
  holding(org: OrgKey): number {
    return this.held.get(org) ?? 0;
  }

  stats(): PoolStats {
    return { slots: this.slots, perOrg: this.perOrg, running: this.running, waiting: this.waiting, orgs: this.tally.snapshot() };
  }

  /**
   * Starts waiting work while slots are free: the organization holding the fewest slots (under
   * its share), the first in turn among equals.
   */
  private dispatch(): void {
    while (this.running < this.slots) {
      let next: OrgKey | undefined;
      let fewest = this.perOrg;
      for (const org of this.queues.keys()) {
        const n = this.held.get(org) ?? 0;
        if (n < fewest) {
          next = org;
          fewest = n;
          if (n === 0) break;
        }
      }
      if (next === undefined) return;
      const queue = this.queues.get(next)!;
      const waiter = queue.shift()!;
      // Served: to the back of the turn, behind every organization that is waiting.
      this.queues.delete(next);
      if (queue.length) this.queues.set(next, queue);
      this.held.set(next, (this.held.get(next) ?? 0) + 1);
      this.running++;
      this.started++;
      this.waiting--;
      const waitMs = performance.now() - waiter.since;
      this.tally.of(next).waiting--;
      this.tally.started(next, waitMs);
      waiter.go(waitMs);
    }
  }
}
