/**
 * The job lanes between organizations (issue 37): a lane of N loops runs one more, which only
 * another organization than one holding N may take, and due jobs are claimed from the
 * organization with the fewest running first. One organization's queue of slow jobs never holds
 * another's.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../sync-server/src/db/migrate.js';
import { QueueStats } from '../../sync-server/src/fair-slots.js';
import { JobQueue, type Job } from '../../sync-server/src/jobs/job-queue.js';
import { DRIVER, openTestDatabase, until, type TestDatabase } from '../helper.js';

describe(`job lanes between organizations on ${DRIVER}`, () => {
  let t: TestDatabase;
  let q: JobQueue | undefined;
  beforeEach(async () => {
    t = await openTestDatabase();
    await migrate(t.db);
    await t.db.query(`INSERT INTO organizations (id, name) VALUES ('org-a', 'A'), ('org-b', 'B')`);
  });
  afterEach(async () => {
    await q?.stop(1_000);
    await t?.dispose();
  });

  it('starts another organization’s job on the reserve loop, before the first one’s queue, each organization held to its count', async () => {
    const stats = new QueueStats();
    q = new JobQueue(t.db, { pollMs: 20, reserve: 1, stats });
    const events: string[] = [];
    let aRunning = 0;
    let aMostAtOnce = 0;
    q.register<{ name: string; ms: number }>('work', async (job: Job<{ name: string; ms: number }>) => {
      const a = job.orgId === 'org-a';
      if (a) aMostAtOnce = Math.max(aMostAtOnce, ++aRunning);
      events.push(`${job.payload.name} started`);
      await new Promise((r) => setTimeout(r, job.payload.ms));
      events.push(`${job.payload.name} done`);
      if (a) aRunning--;
    });
    // A's three slow jobs are older than B's: by due time alone they would all go first.
    for (const name of ['a1', 'a2', 'a3']) await q.enqueue({ kind: 'work', orgId: 'org-a', payload: { name, ms: 400 }, runAt: new Date(Date.now() - 60_000) });
    await q.enqueue({ kind: 'work', orgId: 'org-b', payload: { name: 'b1', ms: 10 } });
    q.start(1);
    await until(() => events.filter((e) => e.endsWith('done')).length === 4, 'every job ran', 10_000);
    expect(events.filter((e) => e.endsWith('started'))).toEqual(['a1 started', 'b1 started', 'a2 started', 'a3 started']);
    expect(events.indexOf('b1 done')).toBeLessThan(events.indexOf('a1 done'));
    expect(aMostAtOnce).toBe(1);
    // The last handler's "done" comes before the queue marks its job done (a round trip on
    // PostgreSQL) and counts the slot free: the figures are read once that bookkeeping is over.
    await until(() => stats.snapshot()['jobs.default']?.running === 0, 'the last job counted done', 5_000);
    const lane = stats.snapshot()['jobs.default']!;
    expect(lane).toMatchObject({ slots: 2, perOrg: 1, running: 0 });
    expect(lane.orgs['org-a']).toMatchObject({ started: 3, running: 0 });
    // A's jobs had been due a minute; B's, not at all.
    expect(lane.orgs['org-a']!.maxWaitMs).toBeGreaterThan(59_000);
    expect(lane.orgs['org-b']!.maxWaitMs).toBeLessThan(5_000);
  });
});
