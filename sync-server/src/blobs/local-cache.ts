import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, stat, unlink, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertBlobId } from './blob-store.js';

/**
 * Copies of blobs on this machine, for drivers whose blobs live elsewhere (PostgreSQL, S3) and
 * readers that need a file (pdf.js reads a packet by ranges). Each copy is verified against its
 * name as it is written (the driver's whole read verifies), and the cache is held to `maxBytes`:
 * the least recently used copies go first. A copy is only ever a cache: losing it costs a fetch.
 */
export class LocalBlobCache {
  private bytes: number | undefined;

  constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
  ) {}

  async path(sha256: string, fetch: () => Readable): Promise<string> {
    assertBlobId(sha256);
    const path = join(this.dir, sha256);
    const now = new Date();
    if (await utimes(path, now, now).then(
      () => true,
      () => false,
    ))
      return path;
    await mkdir(this.dir, { recursive: true });
    const tmp = join(this.dir, `${randomUUID()}.part`);
    try {
      await pipeline(fetch(), createWriteStream(tmp, { flags: 'wx' }));
    } catch (err) {
      await unlink(tmp).catch(() => {});
      throw err;
    }
    await rename(tmp, path);
    const { size } = await stat(path);
    this.bytes = (this.bytes ?? (await this.measure())) + size;
    if (this.bytes > this.maxBytes) await this.evict(path);
    return path;
  }

  private async measure(): Promise<number> {
    let total = 0;
    for (const name of await readdir(this.dir).catch(() => [] as string[])) {
      total += (await stat(join(this.dir, name)).catch(() => undefined))?.size ?? 0;
    }
    return total;
  }

  /** Removes the least recently used copies until the cache fits again, never `keep` (just fetched). */
  private async evict(keep: string): Promise<void> {
    const entries = [];
    for (const name of await readdir(this.dir)) {
      const p = join(this.dir, name);
      if (p === keep || name.endsWith('.part')) continue;
      const s = await stat(p).catch(() => undefined);
      if (s) entries.push({ p, size: s.size, used: s.mtimeMs });
    }
    entries.sort((a, b) => a.used - b.used);
    for (const e of entries) {
      if (this.bytes! <= this.maxBytes) break;
      await unlink(e.p).catch(() => {});
      this.bytes! -= e.size;
    }
  }
}
