/**
 * PostgreSQL's settings for the embedded database, written to its postgresql.conf at every
 * start. PGlite's own defaults are a server's (128 MB of shared buffers, 100 connections):
 * PGlite's WebAssembly memory only ever grows, so every buffer it touches stays resident for the
 * life of the process. Sized instead for a laptop that also runs the desktop app, a browser and
 * a PDF viewer (issue 39): the operating system's page cache still holds the data files, so a
 * read that misses these buffers costs a copy, not a disk read.
 */
export interface PgliteSettings {
  /** shared_buffers in MB (PGLITE_SHARED_BUFFERS_MB). */
  sharedBuffersMb: number;
}

export const DEFAULT_PGLITE_SETTINGS: PgliteSettings = { sharedBuffersMb: 16 };

export function pgliteConf(settings: PgliteSettings = DEFAULT_PGLITE_SETTINGS): string[] {
  return [
    `shared_buffers = ${settings.sharedBuffersMb}MB`,
    // One backend in single-user mode: slots for 100 only size shared memory nobody uses.
    'max_connections = 8',
    // The lock table is sized by connections; a migration that creates many tables and indexes in
    // one transaction needs more locks than 8 × 64.
    'max_locks_per_transaction = 256',
    // Per sort or hash: what a request's largest query needs, no more, as the memory is kept.
    'work_mem = 4MB',
    'maintenance_work_mem = 16MB',
    'temp_buffers = 2MB',
    'wal_buffers = 1MB',
    'min_wal_size = 32MB',
    'max_wal_size = 128MB',
    // What initdb wrote, kept as the file is replaced.
    "datestyle = 'iso, mdy'",
    'timezone = UTC',
    'log_timezone = UTC',
    "lc_messages = 'C'",
    "lc_monetary = 'C'",
    "lc_numeric = 'C'",
    "lc_time = 'C'",
    "default_text_search_config = 'pg_catalog.english'",
  ];
}
