import type { BlobStore } from './blob-store.js';

export interface MoveReport {
  /** Blobs the source holds. */
  total: number;
  /** Copied to the target now. */
  copied: number;
  /** Already in the target (an earlier, interrupted move), checked readable there. */
  present: number;
  /** Names whose copy failed, with why: the move is incomplete while this is not empty. */
  failed: { sha256: string; error: string }[];
}

/**
 * Copies every blob of `from` into `to`, streamed (bounded memory), each verified twice: the
 * source's whole read checks the bytes against their name, and the target names what it
 * stored by its own hash, which must be the same name. Blobs the target already holds are read
 * back whole there (so a damaged or partial earlier copy is found). Idempotent: run it again
 * after an interruption. The source is left as it was.
 */
export async function moveBlobs(from: BlobStore, to: BlobStore, onProgress?: (done: number, sha256: string) => void): Promise<MoveReport> {
  const report: MoveReport = { total: 0, copied: 0, present: 0, failed: [] };
  for await (const sha256 of from.list()) {
    report.total++;
    try {
      if (await to.has(sha256)) {
        for await (const _ of to.read(sha256)) void _;
        report.present++;
      } else {
        const stored = await to.put(from.read(sha256));
        if (stored.sha256 !== sha256) throw new Error(`the target stored it as ${stored.sha256}`);
        report.copied++;
      }
    } catch (err) {
      report.failed.push({ sha256, error: err instanceof Error ? err.message : String(err) });
    }
    onProgress?.(report.total, sha256);
  }
  return report;
}
