/** What the server and its reading process (reading-host.ts) say to each other over IPC. */
import type { PacketReadErrorCode } from '../pdf/errors.js';
import type { ReadingPoolOptions } from './reading-pool.js';
import type { PacketReadingResult, PageProgress, ReadTask } from './task.js';

/** A pool's options as they cross the process boundary: no logger, the worker file as a string. */
export type HostPoolOptions = Omit<ReadingPoolOptions, 'log' | 'workerFile'> & { workerFile?: string };

export type HostRequest =
  | {
      type: 'read';
      id: number;
      /** Which of the host's pools reads it (each made on its first file with `poolOptions`). */
      pool: string;
      poolOptions: HostPoolOptions;
      bytes: Uint8Array;
      options: { timeoutMs?: number; orgId?: string } & Pick<ReadTask, 'only' | 'renderPages' | 'renderPpi'>;
      followPages: boolean;
    }
  | { type: 'abort'; id: number };

export type HostReply =
  | { type: 'ready' }
  | { type: 'progress'; id: number; progress: PageProgress }
  | { type: 'done'; id: number; reading: PacketReadingResult }
  | { type: 'failed'; id: number; code: PacketReadErrorCode; note: string };
