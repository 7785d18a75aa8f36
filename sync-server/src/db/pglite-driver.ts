import { PGlite } from '@electric-sql/pglite';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { DatabaseClosedError, INT8_OID, parseInt8, transactionModes, type Db, type Queryable, type QueryResult, type TransactionOptions } from './db.js';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.js';

function toResult<T>(res: { rows: unknown[]; affectedRows?: number }): QueryResult<T> {
  return { rows: res.rows as T[], rowCount: res.affectedRows || res.rows.length };
}

/**
 * The embedded default: PostgreSQL compiled to WebAssembly, files under `DATA_DIR/pgdata`.
 * PGlite is a single connection, so it must never be opened by two processes at once: the data
 * directory lock makes a second process fail fast instead of corrupting the files.
 */
export async function openPglite(options: { dataDir?: string; template?: Blob } = {}): Promise<Db> {
  let lock: DataDirLock | undefined;
  let pg: PGlite;
  const parsers = { [INT8_OID]: parseInt8 };
  if (options.dataDir) {
    await mkdir(options.dataDir, { recursive: true });
    lock = await acquireDataDirLock(options.dataDir);
    try {
      pg = await PGlite.create({ dataDir: join(options.dataDir, 'pgdata'), parsers });
    } catch (err) {
      await lock.release();
      throw err;
    }
  } else {
    // In memory: tests and throwaway sandboxes. A template (a dumped data directory) skips
    // initdb, which is most of PGlite's start-up time.
    pg = await PGlite.create({ parsers, ...(options.template ? { loadDataDir: options.template } : {}) });
  }

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
