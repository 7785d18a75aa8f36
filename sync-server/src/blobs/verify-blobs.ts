import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { BlobStore } from './blob-store.js';

export const VERIFY_BLOBS_JOB = 'blobs.verify';

export interface VerifyReport {
  checked: number;
  damaged: { sha256: string; error: string }[];
}

/**
 * Reads every blob whole, which checks its bytes against its name: ranged reads (PDF viewers)
 * and local paths on the filesystem driver are served without hashing, so damaged storage is
 * found on this schedule instead. Stops early when `signal` aborts.
 */
export async function verifyBlobs(store: BlobStore, signal?: AbortSignal): Promise<VerifyReport> {
  const report: VerifyReport = { checked: 0, damaged: [] };
  for await (const sha256 of store.list()) {
    if (signal?.aborted) break;
    try {
      for await (const _ of store.read(sha256)) void _;
    } catch (err) {
      report.damaged.push({ sha256, error: err instanceof Error ? err.message : String(err) });
    }
    report.checked++;
  }
  return report;
}

/** The recurring job that verifies every blob once per `BLOB_VERIFY_HOURS` (once per deployment, not per instance). */
export default fp(
  async function blobVerification(app: FastifyInstance) {
    app.jobs.register(
      VERIFY_BLOBS_JOB,
      async (_job, ctx) => {
        const report = await verifyBlobs(app.blobs, ctx.signal);
        for (const d of report.damaged) app.log.error({ blob: d.sha256, reason: d.error }, 'damaged blob: its bytes do not hash to its name; restore it from a backup');
        app.log.info({ checked: report.checked, damaged: report.damaged.length, driver: app.blobs.driver }, 'blobs verified');
      },
      { every: app.config.blobs.verifyEveryMs },
    );
  },
  { name: 'blob-verification' },
);
