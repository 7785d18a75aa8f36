/**
 * Servers as processes of their own, for the tests that kill one (`kill -9`) or run several
 * against one database: started from the sources as `npm run dev` does, with short job leases so
 * a dead worker's job is taken up again quickly.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { TEST_DATABASE_URL } from '../helper.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>`; undefined for a worker-only node (HTTP=false). */
  base: string | undefined;
  output: () => string;
}

/**
 * Starts a server; resolves once it listens, or, worker-only, once it runs jobs. `compiled` runs
 * the bundle `npm start` runs (sync-server/dist/main.js, built beforehand) rather than the
 * sources through tsx: what a benchmark measures. `nodeArgs` go to node before the entry
 * (`--cpu-prof`, say: NODE_OPTIONS refuses it).
 */
export function startServer(env: Record<string, string>, options: { compiled?: boolean; nodeArgs?: readonly string[] } = {}): Promise<ServerProcess> {
  const entry = [...(options.nodeArgs ?? []), ...(options.compiled ? ['sync-server/dist/main.js'] : ['--import', 'tsx', 'sync-server/src/main.ts'])];
  const child = spawn(process.execPath, entry, {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', WORKERS: '1', JOB_LEASE_MS: '1500', JOB_POLL_MS: '100', LOG_LEVEL: 'warn', VITEST: '', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const listening = /running at http:\/\/localhost:(\d+)\//.exec(out);
      if (listening) resolve({ child, base: `http://127.0.0.1:${listening[1]}`, output: () => out });
      else if (/worker node is running/.test(out)) resolve({ child, base: undefined, output: () => out });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it was up:\n${out}`)));
  });
}

export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

/** Kills what is still running of `children` and waits for them. */
export async function killAll(children: readonly ChildProcess[]): Promise<void> {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await Promise.all(children.map(exited));
}

/**
 * Under TEST_DATABASE_URL, a PostgreSQL database of its own (servers keep their tables in the
 * default schema) and how to drop it; undefined on PGlite.
 */
export async function ownDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  if (!TEST_DATABASE_URL) return undefined;
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    // Named like a portal server of no schema: CREATE DATABASE takes a transaction id and a
    // checkpoint's time, and unnamed it would hold back the sync bound of every server of the
    // test database meanwhile (migration 029), which test files in parallel read as missing rows.
    const c = new pg.Client({ connectionString: TEST_DATABASE_URL, application_name: 'portal:(create-database)' });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
