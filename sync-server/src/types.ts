import type { BlobStore } from './blobs/blob-store.js';
import type { AppConfig } from './config.js';
import type { Db } from './db/db.js';
import type { JobQueue } from './jobs/job-queue.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    blobs: BlobStore;
    jobs: JobQueue;
    /** When this server process started; health reports uptime from it. */
    startedAt: number;
  }
}
