import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from '../src/db/data-dir-lock.js';

describe('data directory lock', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'portal-lock-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('is exclusive until released', async () => {
    const lock = await acquireDataDirLock(dir);
    expect(JSON.parse(await readFile(join(dir, LOCK_FILE_NAME), 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    await expect(acquireDataDirLock(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await lock.release();
    const again = await acquireDataDirLock(dir);
    await again.release();
  });

  it('takes over a lock whose process is gone', async () => {
    // Pids are below 2^22 on Linux, so this one cannot be alive.
    await writeFile(join(dir, LOCK_FILE_NAME), JSON.stringify({ pid: 2 ** 22 + 7, host: hostname(), startedAt: 'earlier' }));
    const lock = await acquireDataDirLock(dir);
    expect(JSON.parse(await readFile(lock.path, 'utf8')).pid).toBe(process.pid);
    await lock.release();
  });

  it.runIf(process.platform === 'linux')('takes over at once the lock of a killed process that is not reaped yet, and never that of a live one', async () => {
    // The killed server's parent here never reaps it (`exec sleep`): its pid stays, a zombie.
    const parent = spawn('sh', ['-c', `"${process.execPath}" -e "console.log(process.pid); setInterval(() => {}, 1000)" & exec sleep 30`], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const pid = Number(await new Promise<string>((resolve) => parent.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim()))));
      await writeFile(join(dir, LOCK_FILE_NAME), JSON.stringify({ pid, host: hostname(), startedAt: 'earlier' }));
      await expect(acquireDataDirLock(dir), 'held while it runs').rejects.toBeInstanceOf(DataDirLockedError);
      process.kill(pid, 'SIGKILL');
      for (let i = 0; i < 100 && !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8')); i++) await new Promise((r) => setTimeout(r, 10));
      expect(() => process.kill(pid, 0), 'its pid is still there').not.toThrow();
      const lock = await acquireDataDirLock(dir);
      expect(JSON.parse(await readFile(lock.path, 'utf8')).pid).toBe(process.pid);
      await lock.release();
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('never takes over a lock held by another host or an unreadable lock', async () => {
    await writeFile(join(dir, LOCK_FILE_NAME), JSON.stringify({ pid: 2 ** 22 + 7, host: 'other-host', startedAt: 'x' }));
    await expect(acquireDataDirLock(dir)).rejects.toThrow(/in use by process \d+ on other-host/);
    await writeFile(join(dir, LOCK_FILE_NAME), 'garbage');
    await expect(acquireDataDirLock(dir)).rejects.toThrow(/already in use/);
  });
});
