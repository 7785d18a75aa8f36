import type { Db } from './db.js';
import { openPglite } from './pglite-driver.js';
import { openPostgres } from './postgres-driver.js';

export interface DatabaseConfig {
  /** PostgreSQL connection string; when absent the embedded PGlite under `dataDir` is used. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL only: schema first on the search path. */
  schema?: string | undefined;
  /** PostgreSQL only: the pool's size and its wait for a connection. */
  pool?: { max: number; waitMs: number } | undefined;
}

export function openDatabase(config: DatabaseConfig): Promise<Db> {
  if (config.databaseUrl) return openPostgres({ url: config.databaseUrl, schema: config.schema, maxConnections: config.pool?.max, connectionWaitMs: config.pool?.waitMs });
  return openPglite({ dataDir: config.dataDir });
}
