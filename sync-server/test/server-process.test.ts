import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from '../src/db/data-dir-lock.js';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

interface Started {
  child: ChildProcess;
  url: Promise<string>;
  /** What it has written to stdout so far. */
  stdout(): string;
  exit: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

/** How the server is run: compiled, as `npm start` does, or through tsx, as `npm run dev` does. */
interface Entry {
  name: string;
  prepare(): Promise<string[]>;
  dispose(): Promise<void>;
}

const fromSource: Entry = {
  name: 'from TypeScript (npm run dev)',
  prepare: async () => ['--import', 'tsx', 'src/main.ts'],
  dispose: async () => {},
};

// A folder of its own under dist/ (ignored by git), so a build here never swaps the file under a
// server that `npm start` or the bench is running; inside the package, so node_modules resolve.
const buildDir = join(SERVER_DIR, 'dist', `test-${randomBytes(4).toString('hex')}`);
const compiled: Entry = {
  name: 'compiled (npm start)',
  async prepare() {
    await promisify(execFile)(process.execPath, ['scripts/build.mjs', '--outdir', buildDir], { cwd: SERVER_DIR });
    return ['--enable-source-maps', join(buildDir, 'main.js')];
  },
  dispose: () => rm(buildDir, { recursive: true, force: true }),
};

/** Runs the real entry point as its own process. */
function startServerWith(args: string[], dataDir: string): Started {
  const child = spawn(process.execPath, args, {
    cwd: SERVER_DIR,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info', WORKERS: '1' },
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
  // 'close', not 'exit': by then stdout has been read to its end.
  const exit = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, url, stdout: () => stdout, exit };
}

describe.each([compiled, fromSource])('the server process, $name', (entry) => {
  let args: string[];
  let dataDir: string;
  let first: Started;
  const startServer = (dir: string) => startServerWith(args, dir);
  beforeAll(async () => {
    args = await entry.prepare();
    dataDir = await mkdtemp(join(tmpdir(), 'portal-proc-'));
    first = startServer(dataDir);
    await first.url;
  }, 60_000);
  afterAll(async () => {
    if (first.child.exitCode === null) first.child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
    await entry.dispose();
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

  it('logs one line per request, when it completes', async () => {
    const reqId = `probe-${randomBytes(4).toString('hex')}`;
    expect((await fetch(`${await first.url}/api/healthz?from=test`, { headers: { 'x-request-id': reqId } })).status).toBe(200);
    // The destination is asynchronous: the line follows the response by a moment. A line on
    // arrival would have been written before it.
    const lines = () => first.stdout().split('\n').filter((l) => l.includes(reqId));
    await expect.poll(() => lines().length, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(lines()).toHaveLength(1);
    expect(JSON.parse(lines()[0]!)).toMatchObject({
      level: 30,
      reqId,
      method: 'GET',
      url: '/api/healthz?from=test',
      statusCode: 200,
      responseTime: expect.any(Number),
      msg: 'request completed',
    });
  }, 60_000);

  it('shuts down cleanly on SIGTERM, with its log written out, releasing the data directory, and starts again on it', async () => {
    const reqId = `last-${randomBytes(4).toString('hex')}`;
    await fetch(`${await first.url}/api/healthz`, { headers: { 'x-request-id': reqId } });
    first.child.kill('SIGTERM');
    const { code, stdout } = await first.exit;
    expect(code).toBe(0);
    expect(stdout).toContain(`"reqId":"${reqId}"`);
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
