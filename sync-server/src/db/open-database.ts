import type { Db } from './db.js';
import type { PgliteSettings } from './pglite-settings.js';

export interface DatabaseConfig {
  /** PostgreSQL connection string; when absent the embedded PGlite under `dataDir` is used. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL only: schema first on the search path. */
  schema?: string | undefined;
  /** PGlite only: its memory settings. */
  pglite?: PgliteSettings | undefined;
  /** PostgreSQL only: the pool's size and its wait for a connection. */
  pool?: { max: number; waitMs: number } | undefined;
}

/** Each driver is loaded only when chosen: the other's package (pg, or PGlite's WebAssembly) is not. */
export async function openDatabase(config: DatabaseConfig): Promise<Db> {
  if (config.databaseUrl) {
    const { openPostgres } = await import('./postgres-driver.js');
    return openPostgres({ url: config.databaseUrl, schema: config.schema, maxConnections: config.pool?.max, connectionWaitMs: config.pool?.waitMs });
  }
  const [{ openPglite }, { seedFromTemplate }] = await Promise.all([import('./pglite-driver.js'), import('./pgdata-template.js')]);
  return openPglite({ dataDir: config.dataDir, settings: config.pglite, seed: (pgdata) => seedFromTemplate(pgdata) });
}
