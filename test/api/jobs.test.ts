import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../sync-server/src/db/migrate.js';
import { JobQueue, type Job } from '../../sync-server/src/jobs/job-queue.js';
import { DRIVER, openTestDatabase, until, type TestDatabase } from '../helper.js';

describe(`job queue on ${DRIVER}`, () => {
  let t: TestDatabase;
  const queues: JobQueue[] = [];
  beforeEach(async () => {
    t = await openTestDatabase();
    await migrate(t.db);
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((q) => q.stop(1_000)));
    await t?.dispose();
  });
  const queue = (db = t.db, opts: ConstructorParameters<typeof JobQueue>[1] = {}) => {
    const q = new JobQueue(db, { pollMs: 10, ...opts });
    queues.push(q);
    return q;
  };

  it('never runs one job on two workers, across queue instances sharing the database', async () => {
    const runs: number[] = [];
    const handler = async (job: Job) => {
      runs.push(job.id);
      await new Promise((r) => setTimeout(r, 2));
    };
    const a = queue(t.db);
    const b = queue(await t.connect());
    a.register('count', handler);
    b.register('count', handler);
    const ids: number[] = [];
    for (let i = 0; i < 60; i++) ids.push((await a.enqueue({ kind: 'count', payload: { i } }))!);
    a.start(3);
    b.start(3);
    await until(async () => {
      const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE status = 'succeeded'`);
      return rows[0]!.n === ids.length;
    }, 'every job succeeded', 10_000);
    expect(runs.length).toBe(ids.length);
    expect(new Set(runs).size).toBe(ids.length);
    expect([...runs].sort((x, y) => x - y)).toEqual(ids);
  });

  it('gives a job whose worker died to another worker once the lease runs out', async () => {
    const dead = queue(t.db, { leaseMs: 300 });
    dead.register('work', async () => {});
    const id = (await dead.enqueue({ kind: 'work' }))!;
    // The first worker claims the job and then "dies": it never renews or completes it.
    const claimed = await dead.claim('dead-worker');
    expect(claimed?.id).toBe(id);

    const survivor = queue(await t.connect(), { leaseMs: 300 });
    const ranBy: string[] = [];
    survivor.register('work', async (_job, ctx) => {
      ranBy.push(ctx.workerId);
    });
    expect(await survivor.runOnce('survivor')).toBe(false); // lease still valid
    await new Promise((r) => setTimeout(r, 400));
    expect(await survivor.runOnce('survivor')).toBe(true);
    expect(ranBy).toEqual(['survivor']);
    const job = await survivor.get(id);
    expect(job).toMatchObject({ status: 'succeeded', attempts: 2 });
    // The dead worker's late completion is fenced off.
    expect(await dead.complete(id, 'dead-worker')).toBe(false);
  });

  it('renews the lease of a long job so nobody else takes it', async () => {
    const a = queue(t.db, { leaseMs: 600 });
    const b = queue(await t.connect(), { leaseMs: 600 });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    a.register('long', async () => gate);
    b.register('long', async () => {
      throw new Error('must not run');
    });
    const id = (await a.enqueue({ kind: 'long' }))!;
    const running = a.runOnce('a');
    await new Promise((r) => setTimeout(r, 1_500)); // two and a half lease lengths
    expect(await b.runOnce('b')).toBe(false);
    release();
    expect(await running).toBe(true);
    expect((await a.get(id))?.status).toBe('succeeded');
  });

  it('retries a failing job with growing backoff and ends it failed', async () => {
    const delays = [100, 200];
    const q = queue(t.db);
    const attemptsSeen: number[] = [];
    q.register(
      'flaky',
      async (job) => {
        attemptsSeen.push(job.attempts);
        throw new Error(`boom ${job.attempts}`);
      },
      { retry: (n) => delays[n - 1] ?? 1_000 },
    );
    const id = (await q.enqueue({ kind: 'flaky', maxAttempts: 3 }))!;

    expect(await q.runOnce('w')).toBe(true);
    let job = (await q.get(id))!;
    expect(job).toMatchObject({ status: 'queued', attempts: 1, lastError: 'boom 1' });
    const { rows } = await t.db.query<{ wait_ms: number }>(
      `SELECT extract(epoch FROM (run_at - updated_at)) * 1000 AS wait_ms FROM jobs WHERE id = $1`,
      [id],
    );
    expect(Number(rows[0]!.wait_ms)).toBeGreaterThanOrEqual(95);
    // Not due yet: the backoff holds it back.
    expect(await q.runOnce('w')).toBe(false);

    await until(() => q.runOnce('w'), 'the retry came due', 10_000);
    job = (await q.get(id))!;
    expect(job).toMatchObject({ status: 'queued', attempts: 2, lastError: 'boom 2' });
    const second = await t.db.query<{ wait_ms: number }>(
      `SELECT extract(epoch FROM (run_at - updated_at)) * 1000 AS wait_ms FROM jobs WHERE id = $1`,
      [id],
    );
    expect(Number(second.rows[0]!.wait_ms)).toBeGreaterThanOrEqual(195);

    await until(() => q.runOnce('w'), 'the retry came due', 10_000);
    job = (await q.get(id))!;
    expect(job).toMatchObject({ status: 'failed', attempts: 3, lastError: 'boom 3' });
    expect(attemptsSeen).toEqual([1, 2, 3]);
    expect(await q.runOnce('w')).toBe(false);
  });

  it('ends as failed a job whose worker died on its last attempt', async () => {
    const q = queue(t.db, { leaseMs: 100 });
    q.register('doomed', async () => {
      throw new Error('must not run again');
    });
    const id = (await q.enqueue({ kind: 'doomed', maxAttempts: 1 }))!;
    await q.claim('dies');
    await new Promise((r) => setTimeout(r, 150));
    expect(await q.runOnce('next')).toBe(true);
    expect(await q.get(id)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('waits for a scheduled run-at time', async () => {
    const q = queue(t.db);
    const ran: number[] = [];
    q.register('later', async (job) => {
      ran.push(job.id);
    });
    const soon = (await q.enqueue({ kind: 'later', runAt: new Date(Date.now() + 300) }))!;
    const muchLater = (await q.enqueue({ kind: 'later', runAt: new Date(Date.now() + 3_600_000) }))!;
    expect(await q.runOnce('w')).toBe(false);
    await until(() => q.runOnce('w'), 'the retry came due', 10_000);
    expect(ran).toEqual([soon]);
    expect((await q.get(muchLater))?.status).toBe('queued');
  });

  it('enqueues in the caller’s transaction, and not at all when it rolls back', async () => {
    const q = queue(t.db);
    await expect(
      t.db.transaction(async (tx) => {
        await q.enqueue({ kind: 'outbox' }, tx);
        throw new Error('change failed');
      }),
    ).rejects.toThrow('change failed');
    const committed = await t.db.transaction((tx) => q.enqueue({ kind: 'outbox' }, tx));
    const { rows } = await t.db.query<{ id: number }>(`SELECT id FROM jobs WHERE kind = 'outbox'`);
    expect(rows.map((r) => r.id)).toEqual([committed]);
  });

  it('keeps one unfinished job per dedupe key', async () => {
    const q = queue(t.db);
    q.register('sweep', async () => {});
    const first = await q.enqueue({ kind: 'sweep', dedupeKey: 'sweep' });
    expect(first).not.toBeNull();
    expect(await q.enqueue({ kind: 'sweep', dedupeKey: 'sweep' })).toBeNull();
    await q.runOnce('w');
    expect(await q.enqueue({ kind: 'sweep', dedupeKey: 'sweep' })).not.toBeNull();
  });

  it('lets a running job finish when the queue stops', async () => {
    const q = queue(t.db);
    let finished = false;
    q.register('slow', async () => {
      await new Promise((r) => setTimeout(r, 200));
      finished = true;
    });
    const id = (await q.enqueue({ kind: 'slow' }))!;
    q.start(1);
    await until(async () => (await q.get(id))?.status === 'running', 'the job started', 10_000);
    await q.stop(5_000);
    expect(finished).toBe(true);
    expect((await q.get(id))?.status).toBe('succeeded');
  });
});
