import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { BlobConfig } from '../config.js';
import { assertBlobId, inspectStored, BlobNotFoundError, isBlobId, metered, readOut, type BlobSource, type BlobStore, type PutOptions, type StoredBlob } from './blob-store.js';
import { LocalBlobCache } from './local-cache.js';

type S3Config = NonNullable<BlobConfig['s3']>;

/** Parts of a multipart upload; two in flight at most, so a write holds about 16 MB whatever the file. */
const PART_BYTES = 8 * 1024 * 1024;

const isNotFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.name === 'NoSuchBucket' || e?.$metadata?.httpStatusCode === 404;
};

/**
 * Blobs in S3-compatible object storage (AWS S3, MinIO, Ceph RGW, R2): for deployments whose
 * files outgrow the database. A write streams to a temporary key as a multipart upload while
 * hashing, then is copied to its SHA-256 key and the temporary one removed: a reader never sees
 * a partial blob under a name. Ranges are read with ranged GETs.
 */
export class S3BlobStore implements BlobStore {
  readonly driver = 's3' as const;
  private readonly client: S3Client;
  private readonly cache: LocalBlobCache;

  constructor(
    private readonly config: S3Config,
    options: { cacheDir: string; cacheBytes: number },
  ) {
    this.client = new S3Client({
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      ...(config.accessKeyId && config.secretAccessKey ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } } : {}),
    });
    this.cache = new LocalBlobCache(options.cacheDir, options.cacheBytes);
  }

  private key(sha256: string): string {
    assertBlobId(sha256);
    return `${this.config.prefix}${sha256.slice(0, 2)}/${sha256}`;
  }

  private get tmpPrefix(): string {
    return `${this.config.prefix}tmp/`;
  }

  async init(staleTempMs = 60 * 60_000): Promise<void> {
    const Bucket = this.config.bucket;
    try {
      await this.client.send(new HeadBucketCommand({ Bucket }));
    } catch (err) {
      if (!isNotFound(err)) throw err;
      await this.client.send(new CreateBucketCommand({ Bucket }));
    }
    const cutoff = Date.now() - staleTempMs;
    for await (const o of this.objects(this.tmpPrefix)) {
      if (o.LastModified && o.LastModified.getTime() < cutoff) await this.client.send(new DeleteObjectCommand({ Bucket, Key: o.Key! }));
    }
  }

  async put(source: BlobSource, options: PutOptions = {}): Promise<StoredBlob> {
    return inspectStored(this, await this.write(source, options), options.inspect);
  }

  private async write(source: BlobSource, options: PutOptions): Promise<StoredBlob> {
    const Bucket = this.config.bucket;
    const tmp = `${this.tmpPrefix}${randomUUID()}`;
    const hash = createHash('sha256');
    const counted = { size: 0 };
    const body = Readable.from(metered(source, hash, options.maxBytes ?? Number.POSITIVE_INFINITY, counted), { objectMode: false });
    const upload = new Upload({ client: this.client, params: { Bucket, Key: tmp, Body: body }, partSize: PART_BYTES, queueSize: 2, leavePartsOnError: false });
    try {
      await upload.done();
    } catch (err) {
      await this.client.send(new DeleteObjectCommand({ Bucket, Key: tmp })).catch(() => {});
      // The SDK wraps what the body threw; the caller wants the refusal itself (BlobTooLargeError).
      throw body.errored ?? err;
    }
    const sha256 = hash.digest('hex');
    try {
      if (await this.has(sha256)) return { sha256, size: counted.size, existed: true };
      await this.client.send(new CopyObjectCommand({ Bucket, Key: this.key(sha256), CopySource: `${Bucket}/${tmp.split('/').map(encodeURIComponent).join('/')}` }));
      return { sha256, size: counted.size, existed: false };
    } finally {
      await this.client.send(new DeleteObjectCommand({ Bucket, Key: tmp })).catch(() => {});
    }
  }

  async has(sha256: string): Promise<boolean> {
    return (await this.size(sha256)) !== undefined;
  }

  async size(sha256: string): Promise<number | undefined> {
    if (!isBlobId(sha256)) return undefined;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: this.key(sha256) }));
      return head.ContentLength;
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  read(sha256: string, range?: { start?: number; end?: number }): Readable {
    const key = this.key(sha256);
    const whole = !range || ((range.start ?? 0) === 0 && range.end === undefined);
    const Range = whole ? undefined : `bytes=${range!.start ?? 0}-${range!.end ?? ''}`;
    const client = this.client;
    const Bucket = this.config.bucket;
    async function* body(): AsyncGenerator<Buffer> {
      let res;
      try {
        res = await client.send(new GetObjectCommand({ Bucket, Key: key, Range }));
      } catch (err) {
        throw isNotFound(err) ? new BlobNotFoundError(sha256) : err;
      }
      for await (const chunk of res.Body as Readable) yield chunk as Buffer;
    }
    return readOut(Readable.from(body(), { objectMode: false }), sha256, whole);
  }

  localPath(sha256: string): Promise<string> {
    return this.cache.path(sha256, () => this.read(sha256));
  }

  async delete(sha256: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.key(sha256) }));
  }

  async *list(): AsyncIterable<string> {
    for await (const o of this.objects(this.config.prefix)) {
      const name = o.Key!.slice(o.Key!.lastIndexOf('/') + 1);
      if (!o.Key!.startsWith(this.tmpPrefix) && isBlobId(name)) yield name;
    }
  }

  private async *objects(Prefix: string) {
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.config.bucket, Prefix, ContinuationToken }));
      for (const o of page.Contents ?? []) yield o;
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
