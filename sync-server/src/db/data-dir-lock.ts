import { readFileSync } from 'node:fs';
import { open, readFile, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';

export const LOCK_FILE_NAME = 'portal.lock';

export interface DataDirLock {
  readonly path: string;
  release(): Promise<void>;
}

interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner | undefined,
  ) {
    super(
      `The data directory ${dataDir} is already in use` +
        (owner ? ` by process ${owner.pid} on ${owner.host} (since ${owner.startedAt})` : '') +
        '. Stop that server first, or point DATA_DIR at another directory.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** SIGKILL's bit in the pending-signal masks of /proc/<pid>/status. */
const SIGKILL_BIT = 1n << 8n;

/**
 * Whether the process can still write: a killed process is gone for this purpose as soon as
 * it has a SIGKILL pending or has become a zombie (Linux), although it keeps its pid until its
 * parent reaps it — which takes a while after a crash, or forever under a parent that does not.
 */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    // No /proc (not Linux), or it went meanwhile: trust kill(0), which found it.
    return true;
  }
  const state = /^State:\s+(\S)/m.exec(status)?.[1];
  if (state === 'Z' || state === 'X') return false;
  const pending = /^ShdPnd:\s+([0-9a-f]+)/m.exec(status)?.[1];
  return !(pending !== undefined && (BigInt(`0x${pending}`) & SIGKILL_BIT) !== 0n);
}

async function readOwner(path: string): Promise<LockOwner | undefined> {
  try {
    const parsed = JSON.parse(await readFile(path, 'utf8')) as Partial<LockOwner>;
    if (typeof parsed.pid === 'number' && typeof parsed.host === 'string') {
      return { pid: parsed.pid, host: parsed.host, startedAt: String(parsed.startedAt ?? 'unknown') };
    }
  } catch {
    // Unreadable or half-written: treated as held, to stay on the safe side.
  }
  return undefined;
}

/**
 * An exclusive lock on a data directory, held as a file created with O_EXCL. PGlite is one
 * process's database: a second process opening the same files would corrupt them. A lock left
 * by a process that died (same host, pid gone) is taken over.
 */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  const path = join(dataDir, LOCK_FILE_NAME);
  const me: LockOwner = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(path, 'wx', 0o644);
      await handle.writeFile(JSON.stringify(me));
      await handle.sync();
      await handle.close();
      let released = false;
      return {
        path,
        async release() {
          if (released) return;
          released = true;
          await unlink(path).catch(() => {});
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = await readOwner(path);
      const stale = owner !== undefined && owner.host === me.host && owner.pid !== process.pid && !isAlive(owner.pid);
      if (!stale || attempt > 0) throw new DataDirLockedError(dataDir, owner);
      await unlink(path).catch(() => {});
    }
  }
  throw new DataDirLockedError(dataDir, undefined);
}
