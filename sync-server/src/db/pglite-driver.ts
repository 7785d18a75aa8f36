import { PGlite } from '@electric-sql/pglite';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { DatabaseClosedError, INT8_OID, parseInt8, transactionModes, type Db, type Queryable, type QueryResult, type TransactionOptions } from './db.js';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.js';
import { pgliteConf, type PgliteSettings } from './pglite-settings.js';

function toResult<T>(res: { rows: unknown[]; affectedRows?: number }): QueryResult<T> {
  return { rows: res.rows as T[], rowCount: res.affectedRows || res.rows.length };
}

/**
 * The embedded default: PostgreSQL compiled to WebAssembly, files under `DATA_DIR/pgdata`.
 * PGlite is a single connection, so it must never be opened by two processes at once: the data
 * directory lock makes a second process fail fast instead of corrupting the files.
 */
export interface PgliteOptions {
  /** On disk under `dataDir/pgdata`; in memory when absent. */
  dataDir?: string;
  /** In memory: a dumped data directory to start from, which skips initdb. */
  template?: Blob;
  /** PostgreSQL's memory settings; the laptop-sized defaults when absent. */
  settings?: PgliteSettings;
  /**
   * On disk: run under the data directory's lock before PGlite opens it, to fill a directory
   * that has no database yet (from the build's template) instead of running initdb.
   */
  seed?: (pgdata: string) => Promise<unknown>;
}

export async function openPglite(options: PgliteOptions = {}): Promise<Db> {
  let lock: DataDirLock | undefined;
  let pg: PGlite;
  const common = { parsers: { [INT8_OID]: parseInt8 }, postgresqlconf: pgliteConf(options.settings) };
  if (options.dataDir) {
    await mkdir(options.dataDir, { recursive: true });
    lock = await acquireDataDirLock(options.dataDir);
    try {
      const pgdata = join(options.dataDir, 'pgdata');
      await options.seed?.(pgdata);
      pg = await PGlite.create({ dataDir: pgdata, ...common });
    } catch (err) {
      await lock.release();
      throw err;
    }
  } else {
    // In memory: tests and throwaway sandboxes. A template (a dumped data directory) skips
    // initdb, which is most of PGlite's start-up time.
    pg = await PGlite.create({ ...common, ...(options.template ? { loadDataDir: options.template } : {}) });
  }
  return wrap(pg, lock);
}

/** A data directory of its own, without the lock: the build's template, made by one process. */
export async function openPgliteAt(pgdata: string, settings?: PgliteSettings): Promise<Db> {
  return wrap(await PGlite.create({ dataDir: pgdata, parsers: { [INT8_OID]: parseInt8 }, postgresqlconf: pgliteConf(settings) }));
}

function wrap(pg: PGlite, lock?: DataDirLock): Db {
  let closed = false;
  const guard = () => {
    if (closed) throw new DatabaseClosedError();
  };

  return {
    driver: 'pglite',
    get closed() {
      return closed;
    },
    async query<T>(sql: string, params?: readonly unknown[]) {
      guard();
      return toResult<T>(await pg.query(sql, params as unknown[] | undefined));
    },
    async exec(sql: string) {
      guard();
      await pg.exec(sql);
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions) {
      guard();
      const modes = transactionModes(options);
      return pg.transaction(async (tx) => {
        // PGlite has begun the transaction; its modes are set before its first query.
        if (modes) await tx.exec(`SET TRANSACTION ${modes}`);
        return fn({
          query: async <R>(sql: string, params?: readonly unknown[]) =>
            toResult<R>(await tx.query(sql, params as unknown[] | undefined)),
          exec: async (sql: string) => {
            await tx.exec(sql);
          },
        });
      });
    },
    async listen(channel: string, onMessage: (payload: string) => void) {
      guard();
      const unlisten = await pg.listen(channel, onMessage);
      return async () => {
        if (!closed) await unlisten();
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await pg.close();
      } finally {
        await lock?.release();
      }
    },
  };
}
