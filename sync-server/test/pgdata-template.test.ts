import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations } from '../src/db/migrate.js';
import { openPglite } from '../src/db/pglite-driver.js';
import { pgliteVersion, preparePgdataTemplate, seedFromTemplate } from '../src/db/pgdata-template.js';

/** The embedded database's build-time template (issue 39): made once here, initdb included. */
describe('embedded database template', () => {
  let dir: string;
  let templateDir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'portal-pgdata-template-'));
    templateDir = join(dir, 'template');
    expect(await preparePgdataTemplate({ templateDir, fingerprint: 'one' })).toBe('made');
  }, 120_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const stamp = async () => JSON.parse(await readFile(join(templateDir, 'stamp.json'), 'utf8')) as { pglite: string; migrations: { name: string; checksum: string }[] };

  it('is kept when made by this PGlite from these migrations and this content, and made again when the content changes', async () => {
    expect(await preparePgdataTemplate({ templateDir, fingerprint: 'one' })).toBe('kept');
    const s = await stamp();
    expect(s.pglite).toBe(await pgliteVersion());
    expect(s.migrations.map((m) => m.name)).toEqual((await loadMigrations()).map((m) => m.name));
    // No half-made folder is left beside it.
    expect((await readdir(dir)).filter((f) => f.includes('partial'))).toEqual([]);
  });

  it('fills a fresh data directory: every migration applied, laptop-sized settings, no initdb', async () => {
    const dataDir = join(dir, 'fresh');
    let seeded: boolean | undefined;
    const started = performance.now();
    const db = await openPglite({ dataDir, seed: async (pgdata) => (seeded = await seedFromTemplate(pgdata, templateDir)) });
    const seconds = (performance.now() - started) / 1000;
    try {
      expect(seeded).toBe(true);
      const { rows } = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
      expect(rows.map((r) => r.name)).toEqual((await loadMigrations()).map((m) => m.name));
      const setting = async (name: string) => (await db.query<{ setting: string }>(`SELECT current_setting('${name}') AS setting`)).rows[0]!.setting;
      expect(await setting('shared_buffers')).toBe('16MB');
      expect(await setting('max_connections')).toBe('8');
      expect(await setting('work_mem')).toBe('4MB');
      expect(await setting('TimeZone')).toBe('UTC');
      // initdb alone takes several seconds here; a copy and an open well under that.
      expect(seconds).toBeLessThan(30);
    } finally {
      await db.close();
    }
    expect((await readdir(dataDir)).filter((f) => f.includes('partial'))).toEqual([]);
  });

  it('leaves a data directory that has a database alone, and takes the shared buffers it is given', async () => {
    const dataDir = join(dir, 'fresh');
    expect(await seedFromTemplate(join(dataDir, 'pgdata'), templateDir)).toBe(false);
    const db = await openPglite({ dataDir, settings: { sharedBuffersMb: 24 } });
    try {
      expect((await db.query<{ s: string }>(`SELECT current_setting('shared_buffers') AS s`)).rows[0]!.s).toBe('24MB');
    } finally {
      await db.close();
    }
  });

  it('is not used when another PGlite made it or a migration it holds has changed since', async () => {
    const original = await readFile(join(templateDir, 'stamp.json'), 'utf8');
    try {
      const s = await stamp();
      await writeFile(join(templateDir, 'stamp.json'), JSON.stringify({ ...s, pglite: '0.0.1' }));
      expect(await seedFromTemplate(join(dir, 'other-pglite', 'pgdata'), templateDir)).toBe(false);
      const changed = s.migrations.map((m, i) => (i === 0 ? { ...m, checksum: 'edited' } : m));
      await writeFile(join(templateDir, 'stamp.json'), JSON.stringify({ ...s, migrations: changed }));
      expect(await seedFromTemplate(join(dir, 'edited', 'pgdata'), templateDir)).toBe(false);
      // A template missing the newest migrations is fine: they apply on top at start.
      await writeFile(join(templateDir, 'stamp.json'), JSON.stringify({ ...s, migrations: s.migrations.slice(0, -1) }));
      expect(await seedFromTemplate(join(dir, 'older', 'pgdata'), templateDir)).toBe(true);
    } finally {
      await writeFile(join(templateDir, 'stamp.json'), original);
    }
    expect(existsSync(join(dir, 'other-pglite', 'pgdata'))).toBe(false);
  });

  it('is not used for a non-empty folder without a database, nor when there is none', async () => {
    const odd = join(dir, 'odd', 'pgdata');
    await mkdir(odd, { recursive: true });
    await writeFile(join(odd, 'something'), 'x');
    expect(await seedFromTemplate(odd, templateDir)).toBe(false);
    expect(await seedFromTemplate(join(dir, 'none', 'pgdata'), join(dir, 'no-template'))).toBe(false);
  });
});
