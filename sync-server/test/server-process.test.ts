import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from '../src/db/data-dir-lock.js';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

interface Started {
  child: ChildProcess;
  url: Promise<string>;
  exit: Promise<{ code: number | null; stderr: string }>;
}

/** Runs the real entry point, `npm start`'s server, as its own process. */
function startServer(dataDir: string): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', WORKERS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const url = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      stdout += d.toString();
      const m = /running at (http:\/\/\S+?)\/? /.exec(stdout);
      if (m) resolve(m[1]!);
    });
    child.on('exit', () => reject(new Error(`server exited before listening: ${stderr}`)));
  });
  url.catch(() => {});
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exit = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stderr })),
  );
  return { child, url, exit };
}

describe('the server process', () => {
  let dataDir: string;
  let first: Started;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'portal-proc-'));
    first = startServer(dataDir);
    await first.url;
  }, 60_000);
  afterAll(async () => {
    if (first.child.exitCode === null) first.child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers health on the port it printed', async () => {
    const res = await fetch(`${await first.url}/api/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', database: { driver: 'pglite', ok: true } });
  });

  it('refuses a second process on the same data directory with a clear message', async () => {
    const second = startServer(dataDir);
    const { code, stderr } = await second.exit;
    expect(code).toBe(1);
    expect(stderr).toContain(`The data directory ${dataDir} is already in use by process ${first.child.pid}`);
    expect(stderr).toContain('DATA_DIR');
    // The first server is untouched.
    expect((await fetch(`${await first.url}/api/healthz`)).status).toBe(200);
  }, 60_000);

  it('shuts down cleanly on SIGTERM, releasing the data directory, and starts again on it', async () => {
    first.child.kill('SIGTERM');
    expect((await first.exit).code).toBe(0);
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);

    const again = startServer(dataDir);
    try {
      const res = await fetch(`${await again.url}/api/healthz`);
      expect(res.status).toBe(200);
    } finally {
      again.child.kill('SIGINT');
      expect((await again.exit).code).toBe(0);
    }
  }, 60_000);
});
