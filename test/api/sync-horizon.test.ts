import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../sync-server/src/db/migrate.js';
import { bundlesCollection } from '../../sync-server/src/sync/collections/index.js';
import { syncHorizon } from '../../sync-server/src/sync/horizon.js';
import { openTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../helper.js';

/**
 * Revs are taken when a row is written but become visible when its transaction commits, in any
 * order. A pull must never hand out a later rev while an earlier one is still in flight, or the
 * client's checkpoint would jump past it for good. Only PostgreSQL has concurrent writers.
 */
describe.skipIf(!TEST_DATABASE_URL)('sync horizon with concurrent writers (PostgreSQL)', () => {
  let t: TestDatabase;
  const clients: pg.Client[] = [];
  beforeAll(async () => {
    t = await openTestDatabase();
    await migrate(t.db);
    await t.db.query(`INSERT INTO organizations (id, name) VALUES ('org_h', 'Horizon')`);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end()));
    await t?.dispose();
  });
  const connect = async () => {
    const c = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${t.schema}` });
    await c.connect();
    clients.push(c);
    return c;
  };
  const insert = (c: pg.Client, id: string) =>
    c.query(`INSERT INTO document_bundles (id, org_id, name, members) VALUES ($1, 'org_h', $1, '["passport"]') RETURNING rev`, [id]);
  const pull = async (after: number) => {
    const changes = await bundlesCollection.changes(t.db, { orgId: 'org_h', officialOrgId: null }, after, await syncHorizon(t.db), 100);
    return changes.map((c) => c.doc.id);
  };

  it('holds back a committed later rev until the earlier transaction ends, then hands out both', async () => {
    const slow = await connect();
    const fast = await connect();
    await slow.query('BEGIN');
    const early = Number((await insert(slow, 'early')).rows[0].rev);
    const late = Number((await insert(fast, 'late')).rows[0].rev);
    expect(late).toBeGreaterThan(early);

    expect(await syncHorizon(t.db)).toBe(early);
    expect(await pull(0)).toEqual([]);

    await slow.query('COMMIT');
    expect(await syncHorizon(t.db)).toBeNull();
    expect(await pull(0)).toEqual(['early', 'late']);
  });

  it('is not held back by a transaction of another schema in the same database', async () => {
    const other = await openTestDatabase();
    try {
      await migrate(other.db);
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${other.schema}` });
      await c.connect();
      clients.push(c);
      await c.query(`INSERT INTO organizations (id, name) VALUES ('org_o', 'Other')`);
      await c.query('BEGIN');
      await c.query(`INSERT INTO document_bundles (id, org_id, name, members) VALUES ('theirs', 'org_o', 'theirs', '["passport"]')`);
      expect(await syncHorizon(other.db)).not.toBeNull();
      expect(await syncHorizon(t.db)).toBeNull();
      await c.query('ROLLBACK');
    } finally {
      await other.dispose();
    }
  });

  it('lets a rolled-back transaction release the horizon', async () => {
    const a = await connect();
    await a.query('BEGIN');
    await insert(a, 'never');
    expect(await syncHorizon(t.db)).not.toBeNull();
    await a.query('ROLLBACK');
    expect(await syncHorizon(t.db)).toBeNull();
  });
});
