import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const DEFAULT_RENDERER_DIR = fileURLToPath(new URL('../../renderer/dist', import.meta.url));

const int = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);
const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

/**
 * Every environment variable the server reads, with defaults that need nothing set. The README's
 * configuration table lists the same names; `describe` texts are what it says.
 */
export const ConfigSchema = z.object({
  PORT: int(8080).pipe(z.number().max(65535)).describe('TCP port to listen on.'),
  HOST: z.string().min(1).default('127.0.0.1').describe('Address to bind; 0.0.0.0 to accept connections from other machines.'),
  DATA_DIR: z.string().min(1).default('./data').describe('Where the embedded database (PGlite), blobs and the mail outbox live.'),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()).describe('PostgreSQL connection string; when set, PostgreSQL replaces the embedded PGlite.'),
  WORKERS: int(1).describe('Job workers started in this process; 0 makes an API-only node.'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info').describe('Log level of the JSON logs on stdout.'),
  BODY_LIMIT_BYTES: int(1_048_576, 1).describe('Largest JSON request body accepted (413 above it).'),
  JOB_LEASE_MS: int(30_000, 100).describe('How long a worker holds a job without renewing its lease.'),
  JOB_POLL_MS: int(1_000, 10).describe('How often an idle worker looks for due jobs.'),
  SHUTDOWN_GRACE_MS: int(10_000, 0).describe('On SIGTERM/SIGINT, how long in-flight requests and jobs may take to finish.'),
  RENDERER_DIR: z.string().min(1).default(DEFAULT_RENDERER_DIR).describe('The built web app served at `/` (renderer/dist).'),
});

export type Env = z.infer<typeof ConfigSchema>;

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string | undefined;
  /** PostgreSQL only: schema first on the search path (test isolation). */
  databaseSchema?: string | undefined;
  workers: number;
  logLevel: Env['LOG_LEVEL'];
  bodyLimitBytes: number;
  jobLeaseMs: number;
  jobPollMs: number;
  shutdownGraceMs: number;
  rendererDir: string;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    workers: e.WORKERS,
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    jobLeaseMs: e.JOB_LEASE_MS,
    jobPollMs: e.JOB_POLL_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    rendererDir: resolve(e.RENDERER_DIR),
  };
}
