import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, readdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.js';
import { loadMigrations, migrate, type Migration } from './migrate.js';
import { openPgliteAt } from './pglite-driver.js';

/**
 * A data directory made once by `npm run build` (initdb and every migration), copied into a
 * fresh DATA_DIR instead of running initdb there: initdb in WebAssembly takes 8–12 s on a laptop
 * and peaks near 900 MB, a copy of ~40 MB of files takes tens of milliseconds (issue 39).
 * Migrations added after the build apply on top, as on any database.
 */
export const PGDATA_TEMPLATE_DIR = fileURLToPath(new URL('../../dist/pgdata-template', import.meta.url));

interface TemplateStamp {
  /** The PGlite release that wrote the files: another one may not read them. */
  pglite: string;
  migrations: { name: string; checksum: string }[];
  /** What `fill` put in, as the caller fingerprints it (the official content). */
  fingerprint?: string;
}

/** The installed PGlite's version, from its package.json (its `exports` do not list the file). */
export async function pgliteVersion(): Promise<string> {
  let dir = dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(await readFile(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
    }
    const up = dirname(dir);
    if (up === dir) throw new Error('the installed @electric-sql/pglite has no package.json');
    dir = up;
  }
}

async function readStamp(templateDir: string): Promise<TemplateStamp | undefined> {
  try {
    return JSON.parse(await readFile(join(templateDir, 'stamp.json'), 'utf8')) as TemplateStamp;
  } catch {
    return undefined;
  }
}

/** Whether the template holds only migrations this code has too, unchanged, for this PGlite. */
function usable(stamp: TemplateStamp | undefined, version: string, migrations: Migration[]): stamp is TemplateStamp {
  if (!stamp || stamp.pglite !== version) return false;
  const current = new Map(migrations.map((m) => [m.name, m.checksum]));
  return stamp.migrations.every((m) => current.get(m.name) === m.checksum);
}

/**
 * Makes the template unless one made by this PGlite from these very migrations is there already
 * (so `npm start` after the first build costs nothing). Returns what it did.
 */
export async function preparePgdataTemplate(
  options: { templateDir?: string; fill?: (db: Db) => Promise<unknown>; fingerprint?: string } = {},
): Promise<'kept' | 'made'> {
  const templateDir = options.templateDir ?? PGDATA_TEMPLATE_DIR;
  const [version, migrations] = await Promise.all([pgliteVersion(), loadMigrations()]);
  const stamp = await readStamp(templateDir);
  if (usable(stamp, version, migrations) && stamp.migrations.length === migrations.length && stamp.fingerprint === options.fingerprint) return 'kept';
  await rm(templateDir, { recursive: true, force: true });
  const work = `${templateDir}.partial-${process.pid}`;
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  const db = await openPgliteAt(join(work, 'pgdata'));
  try {
    await migrate(db, migrations);
    await options.fill?.(db);
  } finally {
    await db.close();
  }
  const made: TemplateStamp = { pglite: version, migrations: migrations.map(({ name, checksum }) => ({ name, checksum })), ...(options.fingerprint ? { fingerprint: options.fingerprint } : {}) };
  await writeFile(join(work, 'stamp.json'), `${JSON.stringify(made, null, 2)}\n`);
  await rename(work, templateDir);
  return 'made';
}

/**
 * Fills a data directory that has no database yet from the template, when there is a usable one.
 * The copy is made under another name and renamed into place, so a start interrupted halfway
 * leaves no half database behind. Returns whether it did.
 */
export async function seedFromTemplate(pgdata: string, templateDir = PGDATA_TEMPLATE_DIR): Promise<boolean> {
  if (existsSync(join(pgdata, 'PG_VERSION'))) return false;
  if (existsSync(pgdata) && (await readdir(pgdata)).length > 0) return false;
  const stamp = await readStamp(templateDir);
  if (!stamp) return false;
  const [version, migrations] = await Promise.all([pgliteVersion(), loadMigrations()]);
  if (!usable(stamp, version, migrations)) return false;
  const work = `${pgdata}.partial-${createHash('sha256').update(`${process.pid}:${Date.now()}`).digest('hex').slice(0, 8)}`;
  await cp(join(templateDir, 'pgdata'), work, { recursive: true });
  if (existsSync(pgdata)) await rmdir(pgdata);
  await rename(work, pgdata);
  return true;
}

