import { afterEach, describe, expect, it } from 'vitest';
import { loadMigrations, migrate, MigrationChecksumError } from '../../sync-server/src/db/migrate.js';
import { openPglite } from '../../sync-server/src/db/pglite-driver.js';
import { DRIVER, openTestDatabase, tempDir, type TestDatabase } from '../helper.js';

describe(`migrations on ${DRIVER}`, () => {
  let t: TestDatabase | undefined;
  afterEach(async () => {
    await t?.dispose();
    t = undefined;
  });

  it('applies every migration once, in order, and records it', async () => {
    t = await openTestDatabase();
    const all = await loadMigrations();
    expect(all.length).toBeGreaterThan(0);
    expect(await migrate(t.db)).toEqual(all.map((m) => m.name));
    expect(await migrate(t.db)).toEqual([]);
    const { rows } = await t.db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(rows.map((r) => r.name)).toEqual(all.map((m) => m.name));
  });

  it('lets exactly one of several instances starting together apply them', async () => {
    t = await openTestDatabase();
    const handles = [t.db, await t.connect(), await t.connect()];
    const results = await Promise.all(handles.map((db) => migrate(db)));
    const applied = results.flat();
    expect(applied).toEqual((await loadMigrations()).map((m) => m.name));
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
    expect(rows[0]?.n).toBe(applied.length);
  });

  it('refuses to start when an applied migration was edited', async () => {
    t = await openTestDatabase();
    const all = await loadMigrations();
    await migrate(t.db, all);
    const edited = all.map((m, i) => (i === 0 ? { ...m, checksum: 'different' } : m));
    await expect(migrate(t.db, edited)).rejects.toBeInstanceOf(MigrationChecksumError);
  });

  it('rolls back a failing migration completely', async () => {
    t = await openTestDatabase();
    const all = await loadMigrations();
    const broken = [...all, { name: '999_broken.sql', sql: 'CREATE TABLE half_done (id int); SELECT no_such_function();', checksum: 'x' }];
    await expect(migrate(t.db, broken)).rejects.toThrow();
    const { rows } = await t.db.query(`SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name IN ('half_done', 'schema_migrations')`);
    expect(rows).toEqual([]);
  });

  it('bumps rev from one global sequence on every write of a replicated row', async () => {
    t = await openTestDatabase();
    await migrate(t.db);
    await t.db.query(`INSERT INTO organizations (id, name) VALUES ('a', 'A'), ('b', 'B')`);
    const before = await t.db.query<{ id: string; rev: number }>('SELECT id, rev FROM organizations ORDER BY id');
    const [a, b] = before.rows;
    expect(typeof a?.rev).toBe('number');
    expect(b!.rev).not.toBe(a!.rev);
    await t.db.query(`UPDATE organizations SET deleted = true WHERE id = 'a'`);
    const after = await t.db.query<{ rev: number; org_id: string }>(`SELECT rev, org_id FROM organizations WHERE id = 'a'`);
    expect(after.rows[0]!.rev).toBeGreaterThan(Math.max(a!.rev, b!.rev));
    expect(after.rows[0]!.org_id).toBe('a');
  });
});

describe('migrations across restarts of the embedded database', () => {
  it('keeps data and applies nothing twice when the same data directory is reopened', async () => {
    const dir = await tempDir();
    try {
      const first = await openPglite({ dataDir: dir.path });
      expect((await migrate(first)).length).toBeGreaterThan(0);
      await first.query(`INSERT INTO organizations (id, name) VALUES ('kept', 'Kept Ltd')`);
      await first.close();

      const second = await openPglite({ dataDir: dir.path });
      expect(await migrate(second)).toEqual([]);
      const { rows } = await second.query<{ name: string }>(`SELECT name FROM organizations WHERE id = 'kept'`);
      expect(rows).toEqual([{ name: 'Kept Ltd' }]);
      await second.close();
    } finally {
      await dir.remove();
    }
  });
});
