import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/db.js';
import { WaitTally, type PoolStats, type QueueStats } from '../fair-slots.js';
import { exponentialBackoff, type RetrySchedule } from './retry-schedule.js';

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface Job<P = unknown> {
  id: number;
  orgId: string | null;
  kind: string;
  payload: P;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  runAt: Date;
  lastError: string | null;
}

export interface EnqueueInput<P = unknown> {
  kind: string;
  payload?: P;
  orgId?: string | null;
  /** Earliest start; now when absent. */
  runAt?: Date;
  maxAttempts?: number;
  /** While a job with this key is queued or running, enqueueing another is a no-op. */
  dedupeKey?: string;
}

export interface JobContext {
  /** Aborted when the lease is lost (another worker may now own the job) or the queue stops. */
  signal: AbortSignal;
  workerId: string;
}

export type JobHandler<P = unknown> = (job: Job<P>, ctx: JobContext) => Promise<void>;

interface Registration {
  handler: JobHandler<never>;
  retry: RetrySchedule;
  /** Recurring kinds run again this long after each run ends. */
  every?: number | undefined;
  lane: string;
}

/** The lane of kinds registered without one: the `WORKERS` loops. */
export const DEFAULT_LANE = 'default';

export interface JobQueueOptions {
  /** How long a claim is valid without renewal; renewed every third of it while running. */
  leaseMs?: number;
  /** How often an idle worker looks for due work. */
  pollMs?: number;
  retry?: RetrySchedule;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void; info?(obj: object, msg: string): void };
  /**
   * Loops each lane runs beyond its count (`start`), which only another organization than one
   * holding the lane's count of them in this process may take. Default 1.
   */
  reserve?: number;
  /** Where each lane's waits per organization are reported (`jobs.<lane>`). */
  stats?: QueueStats;
}

interface JobRow {
  id: number;
  org_id: string | null;
  kind: string;
  payload: unknown;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  run_at: Date;
  last_error: string | null;
  /** Milliseconds from when the job fell due to its claim. */
  wait_ms?: number;
}

/** Jobs of no organization (sweeps) are one more party in the turn. */
const orgKey = (orgId: string | null) => orgId ?? '';

/** A lane's loops in this process: how many each organization holds, and who waited how long. */
interface LaneState {
  loops: number;
  /** Most loops one organization may hold at once. */
  perOrg: number;
  held: Map<string, number>;
  tally: WaitTally;
  /** Claims of the lane one at a time, so two idle loops never both take an organization's last allowed slot. */
  claiming: Promise<unknown>;
}

const toJob = (r: JobRow): Job => ({
  id: r.id,
  orgId: r.org_id,
  kind: r.kind,
  payload: r.payload,
  status: r.status,
  attempts: r.attempts,
  maxAttempts: r.max_attempts,
  runAt: r.run_at,
  lastError: r.last_error,
});

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * The durable job queue. Jobs are rows; workers claim them with `FOR UPDATE SKIP LOCKED` so any
 * number of workers, in any number of processes sharing one PostgreSQL, never run one job twice
 * at the same time. A claim is a lease: a worker that dies loses only its lease, and the job is
 * claimed again once the lease runs out. Every completion is fenced by the lease holder's id.
 */
export class JobQueue {
  private readonly handlers = new Map<string, Registration>();
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly retry: RetrySchedule;
  private stopController = new AbortController();
  private abortRunning = new AbortController();
  private loops: Promise<void>[] = [];
  private wakers = new Set<() => void>();
  private readonly lanes = new Map<string, LaneState>();

  constructor(
    private readonly db: Db,
    private readonly options: JobQueueOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 30_000;
    this.pollMs = options.pollMs ?? 1_000;
    this.retry = options.retry ?? exponentialBackoff(5_000, 15 * 60_000);
  }

  /**
   * `lane`: kinds of a lane are claimed only by that lane's loops (`start`), so work that mostly
   * waits (a model's answer) runs many at once without taking the loops of work that computes.
   */
  register<P>(kind: string, handler: JobHandler<P>, options: { retry?: RetrySchedule; every?: number; lane?: string } = {}): void {
    if (this.handlers.has(kind)) throw new Error(`A handler for job kind ${kind} is already registered`);
    this.handlers.set(kind, { handler: handler as JobHandler<never>, retry: options.retry ?? this.retry, every: options.every, lane: options.lane ?? DEFAULT_LANE });
  }

  /**
   * Makes sure every recurring kind has its next run queued. One key per kind, shared by every
   * instance, so a deployment runs each recurring job once per period, not once per process.
   */
  async scheduleRecurring(): Promise<void> {
    for (const [kind, reg] of this.handlers) {
      if (reg.every) await this.enqueue({ kind, dedupeKey: `every:${kind}`, maxAttempts: 3 });
    }
  }

  /**
   * Adds a job. Pass a transaction as `q` to enqueue atomically with the change that causes it
   * (the outbox pattern). Returns the job id, or null when `dedupeKey` matched an unfinished job.
   */
  async enqueue<P>(input: EnqueueInput<P>, q: Queryable = this.db): Promise<number | null> {
    const { rows } = await q.query<{ id: number }>(
      `INSERT INTO jobs (kind, payload, org_id, run_at, max_attempts, dedupe_key)
       VALUES ($1, $2, $3, COALESCE($4, now()), $5, $6)
       ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL AND status IN ('queued', 'running') DO NOTHING
       RETURNING id`,
      [
        input.kind,
        JSON.stringify(input.payload ?? {}),
        input.orgId ?? null,
        input.runAt ?? null,
        input.maxAttempts ?? 5,
        input.dedupeKey ?? null,
      ],
    );
    if (q === this.db) this.wake();
    return rows[0]?.id ?? null;
  }

  async get(id: number): Promise<Job | undefined> {
    const { rows } = await this.db.query<JobRow>('SELECT * FROM jobs WHERE id = $1', [id]);
    return rows[0] ? toJob(rows[0]) : undefined;
  }

  /**
   * Claims the next due job of a registered kind: queued and due, or running with an expired
   * lease (its worker died). Counts the attempt. Fair between organizations: the due job of the
   * organization with the fewest jobs of the lane running (in every process) comes first, the
   * oldest among equals, so an organization with a long queue is served in turn with the others;
   * organizations in `skipOrgs` (at their cap in this process; '' is jobs of none) are passed over.
   */
  async claim(workerId: string, lane: string = DEFAULT_LANE, skipOrgs: readonly string[] = []): Promise<Job | null> {
    return (await this.claimRow(workerId, lane, skipOrgs))?.job ?? null;
  }

  private async claimRow(workerId: string, lane: string, skipOrgs: readonly string[]): Promise<{ job: Job; waitMs: number } | null> {
    const kinds = [...this.handlers].filter(([, reg]) => reg.lane === lane).map(([kind]) => kind);
    if (kinds.length === 0) return null;
    const { rows } = await this.db.query<JobRow>(
      `UPDATE jobs SET status = 'running', locked_by = $1, attempts = attempts + 1,
              lease_until = clock_timestamp() + make_interval(secs => $2::float8 / 1000), updated_at = now()
        WHERE id = (
          SELECT j.id FROM jobs j
            LEFT JOIN (SELECT org_id, count(*) AS n FROM jobs
                        WHERE status = 'running' AND lease_until >= clock_timestamp() AND kind = ANY($3::text[])
                        GROUP BY org_id) busy ON busy.org_id IS NOT DISTINCT FROM j.org_id
           WHERE j.kind = ANY($3::text[])
             AND ((j.status = 'queued' AND j.run_at <= clock_timestamp())
               OR (j.status = 'running' AND j.lease_until < clock_timestamp()))
             AND COALESCE(j.org_id, '') <> ALL($4::text[])
           ORDER BY COALESCE(busy.n, 0), j.run_at, j.id
           LIMIT 1
           FOR UPDATE OF j SKIP LOCKED)
        RETURNING *, (extract(epoch from clock_timestamp() - run_at) * 1000)::float8 AS wait_ms`,
      [workerId, this.leaseMs, kinds, skipOrgs],
    );
    const row = rows[0];
    return row ? { job: toJob(row), waitMs: Math.max(0, Math.round(Number(row.wait_ms ?? 0))) } : null;
  }

  /** The lane's loops in this process, made on first use (a lane not started, driven by `runOnce` alone, has no cap). */
  private laneState(lane: string): LaneState {
    let s = this.lanes.get(lane);
    if (!s) this.lanes.set(lane, (s = { loops: 0, perOrg: Number.POSITIVE_INFINITY, held: new Map(), tally: new WaitTally(), claiming: Promise.resolve() }));
    return s;
  }

  /** Waits and loops per organization of each lane of this process. */
  laneStats(lane: string = DEFAULT_LANE): PoolStats {
    const s = this.laneState(lane);
    let running = 0;
    for (const n of s.held.values()) running += n;
    return { slots: s.loops, perOrg: s.perOrg, running, waiting: 0, orgs: s.tally.snapshot() };
  }

  /** Extends the lease; false when the job is no longer ours. */
  async renew(jobId: number, workerId: string): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `UPDATE jobs SET lease_until = clock_timestamp() + make_interval(secs => $3::float8 / 1000)
        WHERE id = $1 AND locked_by = $2 AND status = 'running'`,
      [jobId, workerId, this.leaseMs],
    );
    return rowCount > 0;
  }

  async complete(jobId: number, workerId: string): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `UPDATE jobs SET status = 'succeeded', locked_by = NULL, lease_until = NULL, finished_at = now(), updated_at = now()
        WHERE id = $1 AND locked_by = $2 AND status = 'running'`,
      [jobId, workerId],
    );
    return rowCount > 0;
  }

  /** Records a failed attempt: queued again after the kind's backoff, or failed for good. */
  async fail(job: Job, workerId: string, error: unknown): Promise<boolean> {
    const message = error instanceof Error ? error.message : String(error);
    const final = job.attempts >= job.maxAttempts;
    const delayMs = final ? 0 : (this.handlers.get(job.kind)?.retry ?? this.retry)(job.attempts);
    const { rowCount } = await this.db.query(
      `UPDATE jobs SET status = $3, last_error = $4, locked_by = NULL, lease_until = NULL, updated_at = now(),
              attempts = LEAST(attempts, max_attempts),
              run_at = CASE WHEN $3 = 'queued' THEN clock_timestamp() + make_interval(secs => $5::float8 / 1000) ELSE run_at END,
              finished_at = CASE WHEN $3 = 'failed' THEN now() ELSE NULL END
        WHERE id = $1 AND locked_by = $2 AND status = 'running'`,
      [job.id, workerId, final ? 'failed' : 'queued', message.slice(0, 4000), delayMs],
    );
    return rowCount > 0;
  }

  /**
   * Claims and runs one job. Returns false when nothing was due. A lease that ran out on a job's
   * last attempt (its worker died every time) ends the job as failed instead of running it again.
   */
  async runOnce(workerId: string, abortSignal?: AbortSignal, lane: string = DEFAULT_LANE): Promise<boolean> {
    const state = this.laneState(lane);
    // One claim of the lane at a time in this process: an organization's count is taken after
    // the claim before it has landed.
    const claimed = state.claiming.then(() => {
      const full = [...state.held].filter(([, n]) => n >= state.perOrg).map(([org]) => org);
      return this.claimRow(workerId, lane, full).then((c) => {
        if (c) {
          const org = orgKey(c.job.orgId);
          state.held.set(org, (state.held.get(org) ?? 0) + 1);
        }
        return c;
      });
    });
    state.claiming = claimed.catch(() => undefined);
    const c = await claimed;
    if (!c) return false;
    const { job, waitMs } = c;
    const org = orgKey(job.orgId);
    state.tally.started(org, waitMs);
    this.options.log?.info?.({ jobId: job.id, kind: job.kind, lane, orgId: job.orgId, waitMs, attempt: job.attempts }, 'job started');
    try {
      return await this.runClaimed(job, workerId, abortSignal);
    } finally {
      const n = state.held.get(org) ?? 1;
      if (n <= 1) state.held.delete(org);
      else state.held.set(org, n - 1);
      state.tally.of(org).running--;
    }
  }

  private async runClaimed(job: Job, workerId: string, abortSignal: AbortSignal | undefined): Promise<boolean> {
    if (job.attempts > job.maxAttempts) {
      await this.fail({ ...job, attempts: job.maxAttempts }, workerId, new Error(job.lastError ?? 'Lease expired on the last attempt'));
      return true;
    }
    const reg = this.handlers.get(job.kind);
    if (!reg) return true;
    const lease = new AbortController();
    const onStop = () => lease.abort(new Error('Job queue stopping'));
    abortSignal?.addEventListener('abort', onStop, { once: true });
    const renewal = setInterval(() => {
      this.renew(job.id, workerId).then(
        (ours) => {
          if (!ours) lease.abort(new Error('Lease lost'));
        },
        (err) => this.options.log?.warn({ err, jobId: job.id }, 'could not renew job lease'),
      );
    }, Math.max(50, Math.floor(this.leaseMs / 3)));
    let ended = false;
    try {
      await reg.handler(job as Job<never>, { signal: lease.signal, workerId });
      clearInterval(renewal);
      ended = await this.complete(job.id, workerId);
    } catch (err) {
      clearInterval(renewal);
      this.options.log?.warn({ err, jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job attempt failed');
      await this.fail(job, workerId, err);
      ended = job.attempts >= job.maxAttempts;
    } finally {
      abortSignal?.removeEventListener('abort', onStop);
    }
    if (ended && reg.every) {
      await this.enqueue({ kind: job.kind, dedupeKey: `every:${job.kind}`, maxAttempts: 3, runAt: new Date(Date.now() + reg.every) });
    }
    return true;
  }

  /**
   * Starts `count` worker loops of the default lane in this process, and `lanes[name]` loops of
   * each other lane, each lane with `reserve` loops more: one organization holds at most the
   * lane's count of them, so another organization's job starts at once however long the first
   * one's queue (DESIGN.md, Fairness between organizations). No loops at all on an API-only node
   * (`count` 0).
   */
  start(count: number, lanes: Record<string, number> = {}): void {
    if (this.loops.length > 0 || count <= 0) return;
    this.stopController = new AbortController();
    this.abortRunning = new AbortController();
    const reserve = Math.max(0, this.options.reserve ?? 1);
    for (const [lane, perOrg] of [[DEFAULT_LANE, count] as const, ...Object.entries(lanes)]) {
      const state = this.laneState(lane);
      state.perOrg = perOrg;
      state.loops = perOrg + reserve;
      this.options.stats?.register(`jobs.${lane}`, () => this.laneStats(lane));
      for (let i = 0; i < state.loops; i++) {
        const workerId = `${process.pid}:${randomUUID()}`;
        this.loops.push(this.loop(workerId, lane, this.stopController.signal, this.abortRunning.signal));
      }
    }
  }

  /**
   * Stops claiming, lets running jobs finish for up to `graceMs`, then aborts them (their
   * signal fires; an attempt cut short is retried later, by this or another instance).
   */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopController.abort();
    this.wake();
    const all = Promise.all(this.loops);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      all.then(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), graceMs);
      }),
    ]);
    clearTimeout(timer);
    if (timedOut) {
      this.abortRunning.abort();
      await all;
    }
    this.loops = [];
  }

  /** Wakes this process's idle workers: after a transaction that enqueued work has committed. */
  poke(): void {
    this.wake();
  }

  private wake(): void {
    for (const w of this.wakers) w();
  }

  private async loop(workerId: string, lane: string, signal: AbortSignal, abortRunning: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      let worked = false;
      try {
        worked = await this.runOnce(workerId, abortRunning, lane);
      } catch (err) {
        if (signal.aborted) break;
        this.options.log?.error({ err }, 'job worker could not claim work');
      }
      if (worked || signal.aborted) continue;
      const idle = new AbortController();
      const wake = () => idle.abort();
      this.wakers.add(wake);
      const onStop = () => idle.abort();
      signal.addEventListener('abort', onStop, { once: true });
      await sleep(this.pollMs, idle.signal);
      signal.removeEventListener('abort', onStop);
      this.wakers.delete(wake);
    }
  }
}
