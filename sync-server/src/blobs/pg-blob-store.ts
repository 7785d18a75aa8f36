import { createHash, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Db } from '../db/db.js';
import { assertBlobId, inspectStored, BlobNotFoundError, isBlobId, metered, readOut, type BlobSource, type BlobStore, type PutOptions, type StoredBlob } from './blob-store.js';
import { LocalBlobCache } from './local-cache.js';

/**
 * The size of every chunk but a blob's last. Small enough that each one's hex text (node-postgres
 * sends bytea as hex) stays a young-generation string the next scavenge frees; a megabyte-sized
 * one is a large object only a full collection frees, and they piled up.
 */
export const PG_CHUNK_BYTES = 64 * 1024;
/** Chunks written or read per statement: a round trip moves about a megabyte. */
const CHUNKS_PER_STATEMENT = 16;

/**
 * Blobs in PostgreSQL (`blob_objects`, `blob_chunks`; migration 016): every instance that shares
 * the database reads every blob, with no other service to run. Writes stream in fixed 1 MiB
 * chunks, one INSERT each (memory: a chunk or two), under a temporary key renamed to the
 * SHA-256 on commit; reads stream chunk by chunk; ranges read only the chunks they touch.
 */
export class PgBlobStore implements BlobStore {
  readonly driver = 'postgres' as const;
  private readonly cache: LocalBlobCache;

  constructor(
    private readonly db: Db,
    options: { cacheDir: string; cacheBytes: number },
  ) {
    this.cache = new LocalBlobCache(options.cacheDir, options.cacheBytes);
  }

  async init(staleTempMs = 60 * 60_000): Promise<void> {
    await this.db.query(`DELETE FROM blob_chunks WHERE blob LIKE 'tmp:%' AND written_at < now() - make_interval(secs => $1::float8 / 1000)`, [staleTempMs]);
  }

  async put(source: BlobSource, options: PutOptions = {}): Promise<StoredBlob> {
    return inspectStored(this, await this.write(source, options), options.inspect);
  }

  private async write(source: BlobSource, options: PutOptions): Promise<StoredBlob> {
    const tmp = `tmp:${randomUUID()}`;
    const hash = createHash('sha256');
    const counted = { size: 0 };
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let n = 0;
    /** Writes `bytes` as consecutive chunks, in one statement. */
    const writeChunks = async (bytes: Buffer) => {
      const params: unknown[] = [tmp];
      const rows: string[] = [];
      for (let at = 0; at < bytes.length || rows.length === 0; at += PG_CHUNK_BYTES) {
        params.push(n++, bytes.subarray(at, at + PG_CHUNK_BYTES));
        rows.push(`($1, $${params.length - 1}, $${params.length})`);
      }
      await this.db.query(`INSERT INTO blob_chunks (blob, n, data) VALUES ${rows.join(', ')}`, params);
    };
    const batchBytes = PG_CHUNK_BYTES * CHUNKS_PER_STATEMENT;
    try {
      for await (const chunk of metered(source, hash, options.maxBytes ?? Number.POSITIVE_INFINITY, counted)) {
        pending.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        pendingBytes += chunk.byteLength;
        if (pendingBytes >= batchBytes) {
          const all = Buffer.concat(pending, pendingBytes);
          const whole = all.length - (all.length % PG_CHUNK_BYTES);
          await writeChunks(all.subarray(0, whole));
          pending = [all.subarray(whole)];
          pendingBytes = all.length - whole;
        }
      }
      if (pendingBytes > 0 || n === 0) await writeChunks(Buffer.concat(pending, pendingBytes));
      const sha256 = hash.digest('hex');
      const existed = await this.db.transaction(async (tx) => {
        // Two writers of the same content: the second finds the first's row and drops its chunks.
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`blob:${sha256}`]);
        const { rows } = await tx.query('SELECT 1 FROM blob_objects WHERE sha256 = $1', [sha256]);
        if (rows.length > 0) {
          await tx.query('DELETE FROM blob_chunks WHERE blob = $1', [tmp]);
          return true;
        }
        await tx.query('UPDATE blob_chunks SET blob = $1 WHERE blob = $2', [sha256, tmp]);
        await tx.query('INSERT INTO blob_objects (sha256, size, chunk_size) VALUES ($1, $2, $3)', [sha256, counted.size, PG_CHUNK_BYTES]);
        return false;
      });
      return { sha256, size: counted.size, existed };
    } catch (err) {
      await this.db.query('DELETE FROM blob_chunks WHERE blob = $1', [tmp]).catch(() => {});
      throw err;
    }
  }

  async has(sha256: string): Promise<boolean> {
    return (await this.size(sha256)) !== undefined;
  }

  async size(sha256: string): Promise<number | undefined> {
    if (!isBlobId(sha256)) return undefined;
    const { rows } = await this.db.query<{ size: string | number }>('SELECT size FROM blob_objects WHERE sha256 = $1', [sha256]);
    return rows[0] ? Number(rows[0].size) : undefined;
  }

  read(sha256: string, range?: { start?: number; end?: number }): Readable {
    assertBlobId(sha256);
    const whole = !range || ((range.start ?? 0) === 0 && range.end === undefined);
    return readOut(Readable.from(this.chunks(sha256, range), { objectMode: false }), sha256, whole);
  }

  private async *chunks(sha256: string, range?: { start?: number; end?: number }): AsyncGenerator<Buffer> {
    const { rows } = await this.db.query<{ size: string | number; chunk_size: number }>('SELECT size, chunk_size FROM blob_objects WHERE sha256 = $1', [sha256]);
    if (!rows[0]) throw new BlobNotFoundError(sha256);
    const size = Number(rows[0].size);
    const chunkSize = rows[0].chunk_size;
    const start = Math.max(0, range?.start ?? 0);
    const end = Math.min(size - 1, range?.end ?? size - 1);
    if (size === 0 || end < start) return;
    const last = Math.floor(end / chunkSize);
    for (let first = Math.floor(start / chunkSize); first <= last; first += CHUNKS_PER_STATEMENT) {
      const upTo = Math.min(last, first + CHUNKS_PER_STATEMENT - 1);
      const { rows: got } = await this.db.query<{ n: number; data: Uint8Array }>('SELECT n, data FROM blob_chunks WHERE blob = $1 AND n BETWEEN $2 AND $3 ORDER BY n', [
        sha256,
        first,
        upTo,
      ]);
      if (got.length !== upTo - first + 1) throw new BlobNotFoundError(sha256);
      for (const row of got) {
        const data = Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
        const from = row.n * chunkSize;
        yield data.subarray(Math.max(0, start - from), Math.min(data.length, end - from + 1));
      }
    }
  }

  localPath(sha256: string): Promise<string> {
    return this.cache.path(sha256, () => this.read(sha256));
  }

  async delete(sha256: string): Promise<void> {
    assertBlobId(sha256);
    await this.db.transaction(async (tx) => {
      await tx.query('DELETE FROM blob_objects WHERE sha256 = $1', [sha256]);
      await tx.query('DELETE FROM blob_chunks WHERE blob = $1', [sha256]);
    });
  }

  async *list(): AsyncIterable<string> {
    let after = '';
    for (;;) {
      const { rows } = await this.db.query<{ sha256: string }>('SELECT sha256 FROM blob_objects WHERE sha256 > $1 ORDER BY sha256 LIMIT 500', [after]);
      for (const r of rows) yield r.sha256;
      if (rows.length < 500) return;
      after = rows.at(-1)!.sha256;
    }
  }

  async close(): Promise<void> {}
}

export const defaultCacheDir = (dataDir: string) => join(dataDir, 'blob-cache');
