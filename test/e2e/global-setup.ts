import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH } from './browser.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server the browser tests drive, e.g. `http://localhost:41234`. */
    e2eBaseUrl: string;
    /** The server's DATA_DIR: mails land in its `outbox/` as .eml files (no SMTP_URL). */
    e2eDataDir: string;
  }
}

const ROOT = join(import.meta.dirname, '..', '..');
const START_TIMEOUT_MS = 90_000;

/**
 * Builds the web app once and starts the real server on it the way `npm start` does (a free
 * port, an empty data directory), for every browser test file to share.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    // Not skipped: a suite that silently does nothing would pass without proving anything.
    throw new Error(
      `The browser tests drive Debian's Chromium at ${CHROMIUM_PATH}, which is not installed. Install it with:\n\n    apt-get update && apt-get install -y chromium\n`,
    );
  }

  await run('npm', ['run', 'build', '--workspace', '@portal/renderer']);

  const dataDir = await mkdtemp(join(tmpdir(), 'portal-e2e-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Every test signs up from the same address; the real limits would stop the suite.
      SIGNUP_THROTTLE: '1000/1h',
      LOGIN_THROTTLE: '1000/15m',
      // The admin test's webhook receiver listens on 127.0.0.1, which the server refuses by default.
      WEBHOOK_ALLOW_PRIVATE: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  let url: string;
  try {
    url = await serverUrl(server);
  } catch (error) {
    server.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('e2eBaseUrl', url);
  project.provide('e2eDataDir', dataDir);

  return async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
    await rm(dataDir, { recursive: true, force: true });
  };
}

/** Resolves with the address the server prints once it listens; rejects with its output if it stops first. */
function serverUrl(server: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`The server did not start within ${START_TIMEOUT_MS / 1000} s:\n${output}`)), START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Compliance Portal is running at (http:\/\/\S+?)\/? /.exec(output);
      if (match) {
        clearTimeout(timer);
        server.stdout?.off('data', onData);
        // Keep draining, or a chatty server would block on a full pipe.
        server.stdout?.resume();
        resolve(match[1]!);
      }
    };
    server.stdout?.on('data', onData);
    server.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (process.env.E2E_SERVER_LOG) process.stderr.write(chunk);
    });
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (code ${code}) before listening:\n${output}`));
    });
  });
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (code ${code}):\n${output}`))));
  });
}
