/**
 * The analyzer's reading pools in a process of their own (reading-host.ts), started on the first
 * file and ended when idle. In the server's own process, the pools' threads left what glibc kept of
 * their native allocations resident for good: on PostgreSQL, a 50-page run left the server 74 MB
 * above idle, half of it the threads'. A process gives all of it back when it exits, and a crash
 * in native code (a renderer's fault on a hostile file) ends that process, not the server: the
 * files it was reading fail as `crashed` and the next file starts another.
 *
 * Each pool keeps its fair slots here (fair-slots.ts), as the in-process pool does; the host's
 * pools read whatever they are given.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { FairSlots } from '../../fair-slots.js';
import { PacketReadError } from '../pdf/errors.js';
import type { HostPoolOptions, HostReply, HostRequest } from './host-protocol.js';
import { type ReadingPool, type ReadingPoolOptions, defaultWorkerFile, logFileStarted, poolShape } from './reading-pool.js';
import type { PacketReadingResult, PageProgress } from './task.js';

/** Set by scripts/build.mjs: where the compiled host lies, relative to the server package's folder. */
declare const __ANALYZER_READER__: string | undefined;

export function defaultHostFile(): URL {
  if (typeof __ANALYZER_READER__ === 'string') return new URL(`../../../${__ANALYZER_READER__}`, import.meta.url);
  return new URL('./reading-host-from-source.mjs', import.meta.url);
}

export interface ReadingProcessOptions {
  /** The process ends this long after its last file. Default 30 s, as the pools' idle threads. */
  idleTimeoutMs?: number;
  /** The host module; by default the compiled one in a build, else the TypeScript source. */
  hostFile?: string | URL;
}

export interface ReadingProcess {
  /** A reading pool living in the process, made on its first file with these options. */
  pool(name: string, options: ReadingPoolOptions): ReadingPool;
  /** The process's id while it runs (it starts on a file and ends when idle). */
  pid(): number | undefined;
  /** Waits for the files being read, then ends the process. */
  close(): Promise<void>;
}

/** Time for the process to start and load the pools' code, beyond a file's own limit, before the server stops waiting for it. */
const HOST_START_MS = 60_000;

interface Pending {
  host: ChildProcess;
  resolve(reading: PacketReadingResult): void;
  reject(error: PacketReadError): void;
  onPage?: ((progress: PageProgress) => void) | undefined;
}

/**
 * A pool's options for the host. The host's pool runs all of this pool's slots for whoever comes
 * (the slots here decide who), so it is told the OCR concurrency these options imply here.
 */
export function hostPoolOptions(options: ReadingPoolOptions, slots: number, cores = availableParallelism()): HostPoolOptions {
  const { log: _log, workerFile, ...rest } = options;
  return { ...rest, threads: slots, ocrConcurrency: poolShape(options, cores).ocrConcurrency, workerFile: String(workerFile ?? defaultWorkerFile()) };
}

export function createReadingProcess(options: ReadingProcessOptions = {}): ReadingProcess {
  const idleMs = options.idleTimeoutMs ?? 30_000;
  let host: { child: ChildProcess; ready: Promise<void> } | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let nextId = 1;
  let closed = false;
  const pending = new Map<number, Pending>();
  const whenIdle = new Set<() => void>();

  const start = (): { child: ChildProcess; ready: Promise<void> } => {
    if (host) return host;
    const file = options.hostFile ?? defaultHostFile();
    const child = fork(typeof file === 'string' && !file.startsWith('file:') ? file : fileURLToPath(file), [], {
      serialization: 'advanced',
      // The host's own flags: a test runner's loader flags are no business of the host's.
      execArgv: process.execArgv.filter((a) => /^--(?:enable-source-maps|max-semi-space-size|max-old-space-size)/.test(a)),
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const ready = new Promise<void>((resolve, reject) => {
      child.once('error', reject);
      child.on('message', (reply: HostReply) => {
        if (reply.type === 'ready') return resolve();
        const p = pending.get(reply.id);
        if (!p) return;
        if (reply.type === 'progress') return p.onPage?.(reply.progress);
        pending.delete(reply.id);
        if (reply.type === 'done') p.resolve(reply.reading);
        else p.reject(new PacketReadError(reply.code, reply.note));
      });
      child.once('exit', (code, signal) => {
        reject(new PacketReadError('crashed', `The reading process could not start (${signal ?? `exit ${code}`}).`));
        if (host?.child === child) host = undefined;
        const error = closed
          ? new PacketReadError('closed', 'The analyzer is shutting down.')
          : new PacketReadError('crashed', `Reading the file stopped unexpectedly: its reading process ended (${signal ?? `exit ${code}`}).`);
        for (const [id, p] of pending) {
          if (p.host !== child) continue;
          pending.delete(id);
          p.reject(error);
        }
      });
    });
    ready.catch(() => {});
    host = { child, ready };
    return host;
  };

  const stopWhenIdle = () => {
    clearTimeout(idleTimer);
    if (pending.size) return;
    for (const done of whenIdle) done();
    whenIdle.clear();
    // Nothing to read: the channel must not keep the server's process alive.
    host?.child.channel?.unref();
    idleTimer = setTimeout(() => {
      if (pending.size || !host) return;
      const { child } = host;
      host = undefined;
      if (child.connected) child.disconnect();
    }, idleMs);
    idleTimer.unref();
  };

  const pool = (name: string, poolOptions: ReadingPoolOptions): ReadingPool => {
    const { threads, reserve } = poolShape(poolOptions);
    const slots = new FairSlots(threads, reserve);
    const hostOptions = hostPoolOptions(poolOptions, slots.slots);
    return {
      async analyzePacketReading(bytes, call = {}) {
        if (closed) throw new PacketReadError('closed', 'The analyzer is shutting down.');
        const org = call.orgId ?? '';
        logFileStarted(poolOptions, name, call, await slots.acquire(org), bytes);
        const id = nextId++;
        clearTimeout(idleTimer);
        let guard: NodeJS.Timeout | undefined;
        const { child, ready } = start();
        const onAbort = () => child.connected && child.send({ type: 'abort', id } satisfies HostRequest);
        try {
          child.channel?.ref();
          const answer = new Promise<PacketReadingResult>((resolve, reject) => pending.set(id, { host: child, resolve, reject, onPage: call.onPage }));
          answer.catch(() => {});
          await ready;
          if (call.signal?.aborted) throw new PacketReadError('closed', 'Reading the file was cancelled.');
          call.signal?.addEventListener('abort', onAbort, { once: true });
          const timeoutMs = call.timeoutMs ?? poolOptions.timeoutMs ?? 120_000;
          // The host holds every file to its limit; this only ends a host that stopped answering.
          guard = setTimeout(() => child.kill('SIGKILL'), timeoutMs + HOST_START_MS);
          const request: HostRequest = {
            type: 'read',
            id,
            pool: name,
            poolOptions: hostOptions,
            bytes,
            options: { timeoutMs, ...(call.orgId ? { orgId: call.orgId } : {}), ...(call.only ? { only: call.only, renderPages: call.renderPages, renderPpi: call.renderPpi } : {}) },
            followPages: !!call.onPage,
          };
          child.send(request);
          return await answer;
        } catch (e) {
          throw e instanceof PacketReadError ? e : new PacketReadError('crashed', `Reading the file stopped unexpectedly (${e instanceof Error ? e.message : String(e)}).`);
        } finally {
          pending.delete(id);
          clearTimeout(guard);
          call.signal?.removeEventListener('abort', onAbort);
          slots.release(org);
          stopWhenIdle();
        }
      },
      stats: () => slots.stats(),
      async close() {
        // One process serves every pool: it ends with the reading process's close().
      },
    };
  };

  return {
    pool,
    pid: () => host?.child.pid,
    async close() {
      closed = true;
      if (pending.size) await new Promise<void>((resolve) => whenIdle.add(resolve));
      clearTimeout(idleTimer);
      const child = host?.child;
      host = undefined;
      if (child?.connected) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.disconnect();
        await gone;
      }
    },
  };
}
