import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { Db } from '../db/db.js';
import * as repo from './repository.js';
import { webhookRetryDelay } from './retry-schedule.js';
import type { WebhookSender } from './sender.js';
import { WaitTally, type QueueStats } from '../fair-slots.js';
import { signingSecrets } from './service.js';

export interface DispatcherOptions {
  /**
   * Lanes (endpoint × case) one organization sends to at the same time through this dispatcher;
   * it sends to `reserve` more, for other organizations only (fair-slots.ts).
   */
  concurrency: number;
  /** Default 1. */
  reserve?: number;
  /** Where the dispatcher's waits per organization are reported (`webhooks`). */
  stats?: QueueStats;
  /** How long a claimed lane stays ours without renewal (renewed every third of it). */
  leaseMs: number;
  /** How often an idle dispatcher looks for due deliveries (a NOTIFY wakes it sooner). */
  pollMs: number;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void; info?(obj: object, msg: string): void; debug?(obj: object, msg: string): void };
}

/** Pending deliveries read from a lane at a time. */
const BATCH = 100;
/** Deliveries sent from one lane per claim, so a busy case does not keep a slot from the others. */
const PER_CLAIM = 200;

/**
 * Sends the outbox. A worker claims whole lanes (one endpoint, one case) with a lease, so the
 * deliveries of a case leave in ledger order and a later one waits while an earlier one is
 * retried; different lanes go out in parallel. A dispatcher that dies loses only its leases: the
 * lanes are claimed again once they run out, and the delivery that was in flight is sent again
 * under the same `webhook-id`. Times (due, leases) are on the app clock, so tests move it.
 */
export class WebhookDispatcher {
  readonly workerId = `${process.pid}:${randomUUID()}`;
  private readonly held = new Set<string>();
  private readonly running = new Set<Promise<void>>();
  private started = false;
  /** Set by `stop`: lanes in flight give their lane back after the delivery they are sending. */
  private stopping = false;
  private loopDone: Promise<void> | undefined;
  private renewal: NodeJS.Timeout | undefined;
  private wakeUp: (() => void) | undefined;
  /** A wake that came while the loop was busy: it looks again instead of sleeping. */
  private woken = false;
  /** Lanes sent to at once: an organization's share and the reserve. */
  private readonly slots: number;
  /** Lanes each organization holds in this dispatcher now. */
  private readonly heldByOrg = new Map<string, number>();
  private readonly tally = new WaitTally();

  constructor(
    private readonly deps: { db: Db; clock: Clock; sender: WebhookSender },
    private readonly options: DispatcherOptions,
  ) {
    this.slots = options.concurrency + Math.max(0, options.reserve ?? 1);
    options.stats?.register('webhooks', () => ({
      slots: this.slots,
      perOrg: options.concurrency,
      running: this.running.size,
      waiting: 0,
      orgs: this.tally.snapshot(),
    }));
  }

  /** Leases due lanes fairly between organizations, counted against their shares until `sendLane` gives them back. */
  private async claim(limit: number): Promise<repo.ClaimedLaneBatch[]> {
    const lanes = await repo.claimLanes(this.deps.db, this.workerId, this.deps.clock(), this.options.leaseMs, limit, BATCH, {
      perOrg: this.options.concurrency,
      held: Object.fromEntries(this.heldByOrg),
    });
    for (const l of lanes) {
      this.heldByOrg.set(l.orgId, (this.heldByOrg.get(l.orgId) ?? 0) + 1);
      this.tally.started(l.orgId, l.waitMs);
      // Every claim at debug (a busy server claims thousands); a wait a person would notice at info.
      const log = l.waitMs >= 1_000 ? this.options.log?.info : this.options.log?.debug;
      log?.call(this.options.log, { endpointId: l.endpoint_id, orgId: l.orgId, waitMs: l.waitMs }, 'webhook lane claimed');
    }
    return lanes;
  }

  /** Sends a claimed lane, then gives its organization's share back. */
  private async send(lane: repo.ClaimedLaneBatch): Promise<number> {
    try {
      return await this.sendLane(lane);
    } finally {
      const n = this.heldByOrg.get(lane.orgId) ?? 1;
      if (n <= 1) this.heldByOrg.delete(lane.orgId);
      else this.heldByOrg.set(lane.orgId, n - 1);
      this.tally.of(lane.orgId).running--;
    }
  }

  /** Runs every due lane to the end of what is due, then returns how many attempts were made (tests drive it this way). */
  async drain(): Promise<number> {
    let attempts = 0;
    for (;;) {
      const lanes = await this.claim(this.slots);
      if (lanes.length === 0) return attempts;
      const counts = await Promise.all(lanes.map((l) => this.send(l)));
      attempts += counts.reduce((a, b) => a + b, 0);
    }
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.stopping = false;
    this.renewal = setInterval(() => void this.renew(), Math.max(50, Math.floor(this.options.leaseMs / 3)));
    this.loopDone = this.loop();
  }

  /** Looks for due work now (a delivery was enqueued). */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Stops claiming; lanes in flight finish their current delivery within `graceMs`, then are left to their leases. */
  async stop(graceMs: number): Promise<void> {
    if (!this.started || this.stopping) return;
    this.stopping = true;
    this.wake();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      (async () => {
        await this.loopDone;
        await Promise.all(this.running);
      })(),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs))),
    ]);
    clearTimeout(timer);
    clearInterval(this.renewal);
    this.started = false;
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      this.woken = false;
      const free = this.slots - this.running.size;
      // Lanes are claimed a few at a time once several slots are free: a claim costs about as much
      // for one lane as for four (planning, a round trip), and a slot waits only until the next
      // lane ends. Not when an organization holds its whole share: the reserve is for another
      // organization's lane now, not after the next lane ends.
      const shareFull = [...this.heldByOrg.values()].some((n) => n >= this.options.concurrency);
      if (free > 0 && (free >= Math.ceil(this.slots / 4) || this.running.size === 0 || shareFull)) {
        try {
          const lanes = await this.claim(free);
          for (const lane of lanes) {
            const task: Promise<void> = this.send(lane).then(
              () => {},
              () => {},
            );
            this.running.add(task);
            void task.finally(() => {
              this.running.delete(task);
              this.wake();
            });
          }
        } catch (err) {
          if (this.stopping) break;
          this.options.log?.error({ err }, 'webhook dispatcher could not claim deliveries');
        }
      }
      if (this.stopping) break;
      // Sleep until a delivery is enqueued, a lane frees a slot, or the poll interval ends (a
      // retry falls due); unless one of those already happened while claiming.
      if (this.woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, this.options.pollMs);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.wakeUp = done;
      });
      this.wakeUp = undefined;
    }
  }

  private async renew(): Promise<void> {
    if (this.held.size === 0) return;
    try {
      const still = await repo.renewLanes(this.deps.db, this.workerId, this.deps.clock(), this.options.leaseMs);
      const ours = new Set(still.map((l) => repo.laneKey(l.endpoint_id, l.lane)));
      for (const key of this.held) if (!ours.has(key)) this.held.delete(key);
    } catch (err) {
      this.options.log?.warn({ err }, 'could not renew webhook lane leases');
    }
  }

  /**
   * Sends a lane's pending deliveries in order until it is empty, its head must wait for a retry,
   * or its share is used. Successes are recorded a batch at a time: a dispatcher that dies before
   * recording sends them again after its lease, under the same webhook-ids (receivers deduplicate).
   */
  private async sendLane(claimed: repo.ClaimedLaneBatch): Promise<number> {
    const lane: repo.ClaimedLane = { endpoint_id: claimed.endpoint_id, lane: claimed.lane };
    // The claim read the first batch; later ones are read as the lane goes.
    let first: repo.LaneBatch | undefined = claimed.batch;
    const key = repo.laneKey(lane.endpoint_id, lane.lane);
    const { db, clock, sender } = this.deps;
    this.held.add(key);
    let attempts = 0;
    const succeeded: { id: number; result: repo.AttemptResult }[] = [];
    const flush = async () => {
      await repo.recordSuccesses(db, lane, succeeded);
      succeeded.length = 0;
    };
    try {
      while (attempts < PER_CLAIM) {
        const batch = first ?? (await repo.laneBatch(db, lane, BATCH));
        first = undefined;
        if (!batch || batch.lockedBy !== this.workerId) return attempts;
        if (!batch.endpoint.active || batch.deliveries.length === 0) {
          // Empty, or its endpoint was deactivated meanwhile (what it still holds waits for a
          // reactivation). Something enqueued since the read makes the release fail: look again.
          if (await repo.releaseEmptyLane(db, lane, this.workerId, batch.version)) return attempts;
          continue;
        }
        for (const d of batch.deliveries) {
          if (!this.held.has(key) || this.stopping) {
            await flush();
            await repo.releaseLane(db, lane, this.workerId);
            return attempts;
          }
          const at = clock();
          const outcome = await sender.send({ url: batch.endpoint.url, messageId: d.message_id, body: d.body, secrets: signingSecrets(batch.endpoint, at) });
          attempts++;
          const result = { at, statusCode: outcome.statusCode, durationMs: outcome.durationMs, error: outcome.error };
          if (outcome.ok) {
            succeeded.push({ id: d.id, result });
            continue;
          }
          await flush();
          if (outcome.statusCode === 410) {
            // Spec Part 6.5: the receiver says it is gone. Nothing more is tried.
            await db.transaction(async (tx) => {
              await repo.recordAttempt(tx, d.id, result, { status: 'failed' });
              await repo.deactivateEndpoint(tx, lane.endpoint_id, clock(), 'The receiver answered 410 Gone to a delivery');
            });
            return attempts;
          }
          const delay = webhookRetryDelay(d.attempts + 1);
          if (delay === undefined) {
            // Every retry used: the delivery failed for good, and the case's next one goes.
            await repo.recordAttempt(db, d.id, result, { status: 'failed' });
            continue;
          }
          await repo.recordAttempt(db, d.id, result, { retryAt: new Date(clock().getTime() + delay), lane, workerId: this.workerId });
          return attempts;
        }
        // A short batch was the whole lane as of its read: record it and free the lane in one
        // statement, which fails if something was enqueued meanwhile (then read again).
        if (batch.deliveries.length < BATCH) {
          const freed = await repo.recordSuccesses(db, lane, succeeded, { workerId: this.workerId, version: batch.version });
          succeeded.length = 0;
          if (freed) return attempts;
        } else {
          await flush();
        }
      }
      await repo.releaseLane(db, lane, this.workerId);
      return attempts;
    } catch (err) {
      // The lease runs out and the lane is taken up again; the delivery in flight, if it reached
      // the receiver, goes again with the same webhook-id.
      if (!this.stopping) this.options.log?.error({ err, endpointId: lane.endpoint_id }, 'webhook lane failed');
      return attempts;
    } finally {
      this.held.delete(key);
    }
  }
}
