/**
 * The compiled server (sync-server/dist/main.js, what `npm start` runs) as a process of its own on
 * 127.0.0.1, for the benchmarks: started on a free port with a fresh data directory, signed up
 * as a new organization, stopped, and its memory read from /proc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_DIR = fileURLToPath(new URL('../..', import.meta.url));
export const SERVER_ENTRY = join(REPO_DIR, 'sync-server/dist/main.js');

/** Every child a bench started, so an interrupted run can kill what is left. */
export const children = new Set<ChildProcess>();

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

export async function stop(child: ChildProcess): Promise<number | null> {
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  const code = await exited(child);
  clearTimeout(timer);
  children.delete(child);
  return code;
}

/** A field of /proc/<pid>/status in MB (Linux): `VmHWM` is the peak resident memory so far, `VmRSS` the current. */
export function procMemoryMb(pid: number, field: 'VmHWM' | 'VmRSS' = 'VmHWM'): number | undefined {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

export interface Portal {
  child: ChildProcess;
  base: string;
  logFile: string;
}

/** Starts the compiled server the way `npm start` does and waits until it answers. */
export async function startPortal(
  workDir: string,
  databaseUrl: string | undefined,
  env: Record<string, string> = {},
  /** Extra node flags, e.g. BENCH_NODE_ARGS="--cpu-prof" to profile the server under a bench. */
  nodeArgs: string[] = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
): Promise<Portal> {
  const port = await freePort();
  const logFile = join(workDir, 'server.log');
  const log = openSync(logFile, 'a');
  // The flags of `npm start` (sync-server/package.json).
  const child = spawn(process.execPath, ['--enable-source-maps', '--max-semi-space-size=2', ...nodeArgs, SERVER_ENTRY], {
    cwd: REPO_DIR,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: join(workDir, 'data'),
      DATABASE_URL: databaseUrl ?? '',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      ...env,
    },
    // Logs go to a file, as in production, not through this process's event loop.
    stdio: ['ignore', log, 'pipe'],
  });
  closeSync(log);
  children.add(child);
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${stderr}`);
    if (Date.now() > deadline) throw new Error(`the server did not answer within 60 s: ${stderr}`);
    const ok = await fetch(`${base}/api/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, base, logFile };
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Signs up a new organization, as a new user would, and returns its session cookie. */
export async function signUp(base: string): Promise<string> {
  const res = await fetch(`${base}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ orgName: 'Bench Lettings', email: `bench-${randomBytes(4).toString('hex')}@example.com`, password: 'correct horse battery' }),
  });
  if (res.status !== 201 && res.status !== 200) throw new Error(`signup answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
  if (!cookie) throw new Error('signup set no cookie');
  return cookie;
}
