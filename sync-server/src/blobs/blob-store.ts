import { createHash } from 'node:crypto';
import { PassThrough, Transform, type Readable } from 'node:stream';

/**
 * Where source files, cut documents and page images live: content-addressed (a blob's name is
 * the SHA-256 of its bytes), write-once, read as streams. Three drivers share this interface —
 * the filesystem (the embedded default), PostgreSQL and S3-compatible object storage — so that
 * several server instances can share the blobs they share a database with (DESIGN.md, "Outgrowing
 * one machine"). `blob-store.contract.ts` in the tests holds every driver to the same behaviour.
 */
export interface BlobStore {
  readonly driver: BlobDriverName;
  /** Prepares the store (folders, tables, bucket) and removes what a crashed writer left. */
  init(): Promise<void>;
  /**
   * Streams `source` in while hashing it; nothing is visible under the name before the whole
   * content is stored, and a failed or refused write leaves nothing. The same content is stored
   * once (`existed`).
   */
  put(source: BlobSource, options?: PutOptions): Promise<StoredBlob>;
  has(sha256: string): Promise<boolean>;
  size(sha256: string): Promise<number | undefined>;
  /**
   * The content as a stream; a byte range (inclusive `end`, as in HTTP) for viewers. A whole
   * read is verified against its name as it streams: bytes that do not hash to it end the
   * stream with a BlobIntegrityError instead of completing (never silently served). A missing
   * blob is a BlobNotFoundError on the stream.
   */
  read(sha256: string, range?: { start?: number; end?: number }): Readable;
  /**
   * A file on this machine holding the blob, verified, for readers that need a path (pdf.js
   * opening a 100 MB file by ranges): the blob itself on the filesystem driver, else a copy in a
   * bounded local cache.
   */
  localPath(sha256: string): Promise<string>;
  /** Removes a blob (a refused upload's bytes); no error when it is not there. */
  delete(sha256: string): Promise<void>;
  /** Every stored blob's name, for moving blobs between drivers. */
  list(): AsyncIterable<string>;
  close(): Promise<void>;
}

export type BlobDriverName = 'fs' | 'postgres' | 's3';

export interface PutOptions {
  maxBytes?: number;
  /**
   * Looks at the complete content in a local file (the intake's PDF probe) and answers
   * `StoredBlob.inspected`. The filesystem driver runs it on the written temp file while the
   * bytes are flushed to disk, so the two overlap; the others run it on the stored blob's local
   * copy. Either way it sees every byte, and a throw refuses the write.
   */
  inspect?: (path: string) => Promise<unknown>;
}
export type BlobSource = Readable | AsyncIterable<Uint8Array> | Uint8Array;

export interface StoredBlob {
  /** Lower-case hex SHA-256 of the content: the blob's name. */
  sha256: string;
  size: number;
  /** True when the store already held this content and the write was dropped. */
  existed: boolean;
  /** What `PutOptions.inspect` answered. */
  inspected?: unknown;
}

export class BlobTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`The file is larger than ${limit} bytes`);
    this.name = 'BlobTooLargeError';
  }
}

export class BlobNotFoundError extends Error {
  constructor(readonly sha256: string) {
    super(`No blob ${sha256}`);
    this.name = 'BlobNotFoundError';
  }
}

/** Stored bytes that do not hash to their name: damaged storage, never served as the blob. */
export class BlobIntegrityError extends Error {
  constructor(
    readonly sha256: string,
    readonly actual: string,
  ) {
    super(`Blob ${sha256} is damaged: its bytes hash to ${actual}`);
    this.name = 'BlobIntegrityError';
  }
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

export function isBlobId(value: string): boolean {
  return SHA256_HEX.test(value);
}

export function assertBlobId(value: string): void {
  if (!isBlobId(value)) throw new Error(`Not a blob id: ${value}`);
}

/** The chunks of a source, whatever its kind, each counted against `maxBytes` and hashed. */
export async function* metered(source: BlobSource, hash: ReturnType<typeof createHash>, limit: number, counted: { size: number }): AsyncGenerator<Uint8Array> {
  const input: AsyncIterable<Uint8Array> | Iterable<Uint8Array> = source instanceof Uint8Array ? [source] : source;
  for await (const chunk of input) {
    counted.size += chunk.length;
    if (counted.size > limit) throw new BlobTooLargeError(limit);
    hash.update(chunk);
    yield chunk;
  }
}

/** Passes bytes through and fails at the end when they do not hash to `sha256`. */
export function verifying(sha256: string): Transform {
  const hash = createHash('sha256');
  return new Transform({
    transform(chunk: Buffer, _enc, cb) {
      hash.update(chunk);
      cb(null, chunk);
    },
    flush(cb) {
      const actual = hash.digest('hex');
      cb(actual === sha256 ? null : new BlobIntegrityError(sha256, actual));
    },
  });
}

/** A whole blob in memory, verified against its name (for the analyzer, which reads whole files). */
export async function readBlob(store: BlobStore, sha256: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of store.read(sha256)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The stream a driver's `read` returns: `source` passed through (verified against `sha256`
 * when `whole`), every error of the chain ending it as `mapError` words it.
 */
export function readOut(source: Readable, sha256: string, whole: boolean, mapError: (err: Error) => Error = (e) => e): Readable {
  const out = new PassThrough();
  const fail = (err: Error) => {
    if (!out.destroyed) out.destroy(mapError(err));
    source.destroy();
  };
  source.on('error', fail);
  if (whole) {
    const check = verifying(sha256);
    check.on('error', fail);
    source.pipe(check).pipe(out);
  } else {
    source.pipe(out);
  }
  return out;
}

/** `PutOptions.inspect` for drivers whose blobs are not local files: run on the stored blob's local copy. */
export async function inspectStored(store: BlobStore, stored: StoredBlob, inspect: PutOptions['inspect']): Promise<StoredBlob> {
  if (!inspect) return stored;
  try {
    return { ...stored, inspected: await inspect(await store.localPath(stored.sha256)) };
  } catch (err) {
    if (!stored.existed) await store.delete(stored.sha256).catch(() => {});
    throw err;
  }
}
