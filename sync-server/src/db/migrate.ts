import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.js';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url));

/** One key for every server instance sharing a database, so only one migrates at a time. */
const MIGRATION_LOCK_KEY = 'compliance-portal:migrations';

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{3,}_[a-z0-9_]+\.sql$/.test(f)).sort();
  return Promise.all(
    files.map(async (name) => {
      const sql = await readFile(join(dir, name), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

export class MigrationChecksumError extends Error {
  constructor(name: string) {
    super(`Migration ${name} was changed after it was applied; add a new migration instead of editing it.`);
    this.name = 'MigrationChecksumError';
  }
}

/**
 * Applies every migration not yet recorded, in name order, in one transaction under an advisory
 * lock: several instances starting at once against one PostgreSQL migrate exactly once, and a
 * failing migration leaves the database as it was. Returns the names it applied.
 */
export async function migrate(db: Db, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? (await loadMigrations());
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [MIGRATION_LOCK_KEY]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await tx.query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_migrations');
    const applied = new Map(rows.map((r) => [r.name, r.checksum]));
    const done: string[] = [];
    for (const m of all) {
      const previous = applied.get(m.name);
      if (previous !== undefined) {
        if (previous !== m.checksum) throw new MigrationChecksumError(m.name);
        continue;
      }
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [m.name, m.checksum]);
      done.push(m.name);
    }
    return done;
  });
}
