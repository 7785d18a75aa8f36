import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '@portal/sync-server';
import { loadConfig } from '../../sync-server/src/config.js';
import { ChangeFeed, WAKE_CHANNEL, type Change } from '../../sync-server/src/db/change-feed.js';
import { openTestDatabase, signUp, TEST_DATABASE_URL, tempDir, until, type Session, type TestDatabase } from '../helper.js';

/**
 * On PostgreSQL a server's own writes send no NOTIFY (migration 031: a notifying transaction takes
 * a lock of the whole database through its commit, so writers committed one at a time); the
 * change feed finds committed rows by their revs instead, whoever wrote them.
 */
describe.skipIf(!TEST_DATABASE_URL)('the change feed on PostgreSQL', () => {
  let t: TestDatabase;
  let dir: { remove(): Promise<void>; path: string };
  const apps: App[] = [];
  let manager: Session;
  let listener: pg.Client;
  const notified: string[] = [];

  beforeAll(async () => {
    t = await openTestDatabase();
    dir = await tempDir();
    const config = { ...loadConfig({ LOG_LEVEL: 'silent', WORKERS: '0' }), dataDir: dir.path, rendererDir: dir.path };
    for (const db of [t.db, await t.connect()]) apps.push(await buildApp(config, { db, logger: false, keepDatabaseOpen: true }));
    manager = await signUp(apps[0]!, { orgName: 'Quiet Commits' });
    listener = new pg.Client({ connectionString: TEST_DATABASE_URL, application_name: `portal:${t.schema}` });
    await listener.connect();
    listener.on('notification', (n) => {
      if (n.payload?.includes(manager.organizationId)) notified.push(n.payload);
    });
    await listener.query('LISTEN portal_changes');
  });
  afterAll(async () => {
    await listener?.end();
    for (const app of apps) await app.close();
    await t?.dispose();
    await dir?.remove();
  });

  const heard = (app: App) => {
    const changes: Change[] = [];
    const stop = app.changes.subscribe((c) => changes.push(c));
    return { changes, stop };
  };

  it('tells both instances of a write through one, without a NOTIFY', async () => {
    const [a, b] = [heard(apps[0]!), heard(apps[1]!)];
    const res = await apps[0]!.inject({ method: 'POST', url: '/api/expected-doc-lists', headers: manager.headers, payload: { name: 'Heard by revs' } });
    expect(res.statusCode, res.body).toBe(201);
    const ours = (c: Change) => c.table === 'library_versions' && c.org === manager.organizationId;
    await until(() => a.changes.some(ours), 'the writing instance hears it', 1_000);
    await until(() => b.changes.some(ours), 'the other instance hears it', 1_000);
    a.stop();
    b.stop();
    await new Promise((r) => setTimeout(r, 200));
    expect(notified).toEqual([]);
    expect(apps.every((app) => app.changes.listening)).toBe(true);
  });

  it('wakes the other instances after the commit, so they look at once rather than at their next tick', async () => {
    // A feed that would look only once a minute by itself: what it hears within seconds, it
    // heard because the writing instance woke it.
    const slowDb = await t.connect();
    const slow = new ChangeFeed(slowDb, { pollMs: 60_000 });
    await slow.start();
    expect(slow.wakeChannel).toBe(`${WAKE_CHANNEL}:${t.schema}`);
    const wakes: (string | undefined)[] = [];
    const wakeListener = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await wakeListener.connect();
    wakeListener.on('notification', (n) => {
      if (n.channel === slow.wakeChannel) wakes.push(n.payload);
    });
    await wakeListener.query(`LISTEN ${pg.escapeIdentifier(slow.wakeChannel)}`);
    const changes: Change[] = [];
    slow.subscribe((c) => changes.push(c));
    try {
      const res = await apps[0]!.inject({ method: 'POST', url: '/api/expected-doc-lists', headers: manager.headers, payload: { name: 'Woken' } });
      expect(res.statusCode, res.body).toBe(201);
      await until(() => changes.some((c) => c.table === 'library_versions' && c.org === manager.organizationId), 'the slow feed hears the write', 5_000);
      // The wake carries nothing: what changed is read from the tables, below the sync bound.
      expect(wakes.length).toBeGreaterThan(0);
      expect(wakes.every((p) => p === '')).toBe(true);
    } finally {
      await wakeListener.end();
      await slow.close();
      await slowDb.close();
    }
  });

  it('sends one wake for a burst of writes, not one per write', async () => {
    const wakes: number[] = [];
    const wakeListener = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await wakeListener.connect();
    wakeListener.on('notification', (n) => {
      if (n.channel === apps[0]!.changes.wakeChannel) wakes.push(Date.now());
    });
    await wakeListener.query(`LISTEN ${pg.escapeIdentifier(apps[0]!.changes.wakeChannel)}`);
    try {
      // 40 pokes at once: the first wakes, the rest wait for it and share one more.
      for (let i = 0; i < 40; i++) apps[0]!.changes.poke();
      await new Promise((r) => setTimeout(r, 300));
      expect(wakes.length).toBeGreaterThanOrEqual(1);
      expect(wakes.length).toBeLessThanOrEqual(2);
    } finally {
      await wakeListener.end();
    }
  });

  it('finds a row written by any other connection, which still announces it', async () => {
    const feed = heard(apps[1]!);
    const tool = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${t.schema}`, application_name: `portal:${t.schema}` });
    await tool.connect();
    try {
      await tool.query(`INSERT INTO document_bundles (id, org_id, name, members) VALUES ('bdl_tool', $1, 'From psql', '["passport"]')`, [manager.organizationId]);
    } finally {
      await tool.end();
    }
    await until(() => feed.changes.some((c) => c.table === 'document_bundles' && c.org === manager.organizationId), 'the feed finds the row', 1_000);
    feed.stop();
    await until(() => notified.some((p) => p.includes('document_bundles')), 'the tool announced it as before', 1_000);
  });
});
