import type { BlobStore } from './blobs/blob-store.js';
import type { ChangeFeed } from './db/change-feed.js';
import type { AppConfig } from './config.js';
import type { Db } from './db/db.js';
import type { JobQueue } from './jobs/job-queue.js';
import type { QueueStats } from './fair-slots.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    blobs: BlobStore;
    jobs: JobQueue;
    /** Waits per organization of every shared pool of this process (job lanes, the analyzer's pools, webhook lanes). */
    queueStats: QueueStats;
    /** Every committed change to a row with a rev, from one listener (sync streams, ETag fingerprints). */
    changes: ChangeFeed;
    /** When this server process started; health reports uptime from it. */
    startedAt: number;
  }
}
