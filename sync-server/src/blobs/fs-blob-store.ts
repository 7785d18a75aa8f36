import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { assertBlobId, BlobNotFoundError, isBlobId, metered, readOut, type BlobSource, type BlobStore, type PutOptions, type StoredBlob } from './blob-store.js';

/** How many bytes a blob write gathers before one write call. */
const WRITE_BATCH_BYTES = 1024 * 1024;

/**
 * Content-addressed, write-once files under `root` (DATA_DIR/blobs). A write streams to a temp
 * file while hashing, is flushed to disk, then renamed into place under its hash: a reader never
 * sees a partial blob, a failed or aborted write leaves nothing behind, and the same content is
 * stored once. Blobs are never modified; they are made read-only on disk.
 */
export class FsBlobStore implements BlobStore {
  readonly driver = 'fs' as const;
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
    assertBlobId(sha256);
    return join(this.root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }

  async put(source: BlobSource, options: PutOptions = {}): Promise<StoredBlob> {
    await mkdir(this.tmpDir, { recursive: true });
    const tmp = join(this.tmpDir, `${randomUUID()}.part`);
    const hash = createHash('sha256');
    const counted = { size: 0 };
    let inspected: unknown;
    const file = await open(tmp, 'wx');
    // Chunks arrive in socket-sized pieces (64 KB): gathered into batches of about 1 MB, each
    // written with one call while the next batch is read, so the disk and the network overlap
    // and a 100 MB file costs a hundred writes, not sixteen hundred. At most one batch is
    // being written and one gathered: memory stays at about 2 MB whatever the size.
    let batch: Uint8Array[] = [];
    let batchBytes = 0;
    let writing: Promise<unknown> = Promise.resolve();
    const flushBatch = async () => {
      const chunks = batch;
      batch = [];
      batchBytes = 0;
      await writing;
      writing = file.writev(chunks);
    };
    try {
      for await (const chunk of metered(source, hash, options.maxBytes ?? Number.POSITIVE_INFINITY, counted)) {
        batch.push(chunk);
        batchBytes += chunk.length;
        if (batchBytes >= WRITE_BATCH_BYTES) await flushBatch();
      }
      if (batchBytes > 0) await flushBatch();
      await writing;
      // On disk before the record that names it is committed; the inspection reads the same
      // bytes from the page cache meanwhile.
      [, inspected] = await Promise.all([file.datasync(), options.inspect?.(tmp)]);
      await file.close();
    } catch (err) {
      await writing.catch(() => {});
      await file.close().catch(() => {});
      await unlink(tmp).catch(() => {});
      throw err;
    }
    const sha256 = hash.digest('hex');
    const size = counted.size;
    const finalPath = this.pathOf(sha256);
    if (await this.has(sha256)) {
      await unlink(tmp).catch(() => {});
      return { sha256, size, existed: true, ...(options.inspect ? { inspected } : {}) };
    }
    await mkdir(join(this.root, sha256.slice(0, 2), sha256.slice(2, 4)), { recursive: true });
    await chmod(tmp, 0o444);
    // Two writers of the same content race harmlessly: rename replaces identical bytes atomically.
    await rename(tmp, finalPath);
    return { sha256, size, existed: false, ...(options.inspect ? { inspected } : {}) };
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

  read(sha256: string, range?: { start?: number; end?: number }): Readable {
    const whole = !range || ((range.start ?? 0) === 0 && range.end === undefined);
    return readOut(createReadStream(this.pathOf(sha256), range), sha256, whole, (err) =>
      (err as NodeJS.ErrnoException).code === 'ENOENT' ? new BlobNotFoundError(sha256) : err,
    );
  }

  async localPath(sha256: string): Promise<string> {
    if (!(await this.has(sha256))) throw new BlobNotFoundError(sha256);
    return this.pathOf(sha256);
  }

  async delete(sha256: string): Promise<void> {
    await unlink(this.pathOf(sha256)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }

  async *list(): AsyncIterable<string> {
    for (const e of await readdir(this.root, { withFileTypes: true, recursive: true })) {
      if (e.isFile() && isBlobId(e.name)) yield e.name;
    }
  }

  async close(): Promise<void> {}
}
