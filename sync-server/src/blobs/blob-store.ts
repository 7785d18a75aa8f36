import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { chmod, mkdir, readdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StoredBlob {
  /** Lower-case hex SHA-256 of the content: the blob's name. */
  sha256: string;
  size: number;
  /** True when the store already held this content and the write was dropped. */
  existed: boolean;
}

export class BlobTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`The file is larger than ${limit} bytes`);
    this.name = 'BlobTooLargeError';
  }
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

export function isBlobId(value: string): boolean {
  return SHA256_HEX.test(value);
}

/**
 * Content-addressed, write-once files under `root` (DATA_DIR/blobs). A write streams to a temp
 * file while hashing, is flushed to disk, then renamed into place under its hash: a reader never
 * sees a partial blob, a failed or aborted write leaves nothing behind, and the same content is
 * stored once. Blobs are never modified; they are made read-only on disk.
 */
export class BlobStore {
  private readonly tmpDir: string;

  constructor(readonly root: string) {
    this.tmpDir = join(root, 'tmp');
  }

  /** Creates the folders and removes temp files a crashed writer left behind long ago. */
  async init(staleTempMs = 60 * 60_000): Promise<void> {
    await mkdir(this.tmpDir, { recursive: true });
    const now = Date.now();
    for (const name of await readdir(this.tmpDir)) {
      const p = join(this.tmpDir, name);
      const s = await stat(p).catch(() => undefined);
      if (s && now - s.mtimeMs > staleTempMs) await unlink(p).catch(() => {});
    }
  }

  pathOf(sha256: string): string {
    if (!isBlobId(sha256)) throw new Error(`Not a blob id: ${sha256}`);
    return join(this.root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }

  async put(source: Readable | AsyncIterable<Uint8Array> | Uint8Array, options: { maxBytes?: number } = {}): Promise<StoredBlob> {
    await mkdir(this.tmpDir, { recursive: true });
    const tmp = join(this.tmpDir, `${randomUUID()}.part`);
    const hash = createHash('sha256');
    let size = 0;
    const limit = options.maxBytes ?? Number.POSITIVE_INFINITY;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        size += chunk.length;
        if (size > limit) return cb(new BlobTooLargeError(limit));
        hash.update(chunk);
        cb(null, chunk);
      },
    });
    const input = source instanceof Uint8Array ? [source] : source;
    const out = createWriteStream(tmp, { flags: 'wx', flush: true });
    try {
      await pipeline(input, meter, out);
    } catch (err) {
      await unlink(tmp).catch(() => {});
      throw err;
    }
    const sha256 = hash.digest('hex');
    const finalPath = this.pathOf(sha256);
    if (await this.has(sha256)) {
      await unlink(tmp).catch(() => {});
      return { sha256, size, existed: true };
    }
    await mkdir(join(this.root, sha256.slice(0, 2), sha256.slice(2, 4)), { recursive: true });
    await chmod(tmp, 0o444);
    // Two writers of the same content race harmlessly: rename replaces identical bytes atomically.
    await rename(tmp, finalPath);
    return { sha256, size, existed: false };
  }

  async has(sha256: string): Promise<boolean> {
    if (!isBlobId(sha256)) return false;
    return stat(this.pathOf(sha256)).then(
      (s) => s.isFile(),
      () => false,
    );
  }

  async size(sha256: string): Promise<number | undefined> {
    if (!isBlobId(sha256)) return undefined;
    return stat(this.pathOf(sha256)).then(
      (s) => s.size,
      () => undefined,
    );
  }

  /** A stream of the blob, optionally a byte range (inclusive `end`, as in HTTP ranges). */
  read(sha256: string, range?: { start?: number; end?: number }): ReadStream {
    return createReadStream(this.pathOf(sha256), range);
  }
}
