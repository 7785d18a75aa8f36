import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobIntegrityError, BlobNotFoundError, BlobTooLargeError, type BlobStore } from '../../sync-server/src/blobs/blob-store.js';
import { FsBlobStore } from '../../sync-server/src/blobs/fs-blob-store.js';
import { PgBlobStore } from '../../sync-server/src/blobs/pg-blob-store.js';
import { S3BlobStore } from '../../sync-server/src/blobs/s3-blob-store.js';
import { verifyBlobs } from '../../sync-server/src/blobs/verify-blobs.js';
import { migrate } from '../../sync-server/src/db/migrate.js';
import { DRIVER, openTestDatabase, tempDir, type TestDatabase } from '../helper.js';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const MB = 1024 * 1024;
/** 3.5 MB of varied bytes: several PostgreSQL chunks, a range across their boundaries. */
const big = Buffer.from(Array.from({ length: 3.5 * MB }, (_, i) => (i * 7 + (i >> 11)) & 0xff));

interface Harness {
  store: BlobStore;
  /** Overwrites the stored bytes of a blob, as damaged storage would. */
  corrupt(sha256: string): Promise<void>;
  /** Everything the driver holds, temporary parts included (empty after a failed write). */
  leftovers(): Promise<string[]>;
}

/**
 * The one behaviour every blob driver owes (issue 18): the filesystem, PostgreSQL (the suite's
 * database: PGlite, or PostgreSQL under TEST_DATABASE_URL) and S3 (s3rver on loopback).
 */
describe(`blob store drivers (database: ${DRIVER})`, () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  let t: TestDatabase;
  let s3server: S3rver;
  let s3endpoint: string;
  const harnesses: Record<string, () => Promise<Harness>> = {};

  beforeAll(async () => {
    dir = await tempDir('portal-blob-drivers-');
    t = await openTestDatabase();
    await migrate(t.db);
    s3server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: join(dir.path, 's3') });
    const { port } = (await s3server.run()) as { port: number };
    s3endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await s3server?.close();
    await t?.dispose();
    await dir?.remove();
  });

  let n = 0;
  harnesses.fs = async () => {
    const store = new FsBlobStore(join(dir.path, `fs-${++n}`));
    await store.init();
    return {
      store,
      async corrupt(sha256) {
        const { chmod, writeFile } = await import('node:fs/promises');
        await chmod(store.pathOf(sha256), 0o644);
        const bytes = await readFile(store.pathOf(sha256));
        bytes[0] = bytes[0]! ^ 0xff;
        await writeFile(store.pathOf(sha256), bytes);
      },
      async leftovers() {
        const out: string[] = [];
        for await (const s of store.list()) out.push(s);
        const { readdir } = await import('node:fs/promises');
        return [...out, ...(await readdir(join(store.root, 'tmp')))];
      },
    };
  };
  harnesses.postgres = async () => {
    await t.db.query('DELETE FROM blob_chunks');
    await t.db.query('DELETE FROM blob_objects');
    const store = new PgBlobStore(t.db, { cacheDir: join(dir.path, `cache-${++n}`), cacheBytes: 64 * MB });
    await store.init();
    return {
      store,
      async corrupt(sha256) {
        await t.db.query(`UPDATE blob_chunks SET data = $2 WHERE blob = $1 AND n = 0`, [sha256, Buffer.from('not what was stored')]);
      },
      async leftovers() {
        const { rows } = await t.db.query<{ blob: string }>('SELECT DISTINCT blob FROM blob_chunks UNION SELECT sha256 FROM blob_objects');
        return rows.map((r) => r.blob);
      },
    };
  };
  harnesses.s3 = async () => {
    const config = { endpoint: s3endpoint, bucket: `bucket-${++n}`, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true, prefix: 'blobs/' };
    const store = new S3BlobStore(config, { cacheDir: join(dir.path, `cache-${n}`), cacheBytes: 64 * MB });
    await store.init();
    const client = new S3Client({ endpoint: s3endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    return {
      store,
      async corrupt(sha256) {
        await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: `blobs/${sha256.slice(0, 2)}/${sha256}`, Body: Buffer.from('not what was stored') }));
      },
      async leftovers() {
        const { ListObjectsV2Command } = await import('@aws-sdk/client-s3');
        const page = await client.send(new ListObjectsV2Command({ Bucket: config.bucket }));
        return (page.Contents ?? []).map((o) => o.Key!);
      },
    };
  };

  for (const driver of ['fs', 'postgres', 's3'] as const) {
    describe(driver, () => {
      let h: Harness;
      beforeAll(async () => {
        h = await harnesses[driver]!();
      });
      afterAll(() => h?.store.close());

      it('stores a stream under its SHA-256, reads it whole and by ranges across chunks, and gives a local file', async () => {
        const pieces = [big.subarray(0, 100_000), big.subarray(100_000, 2 * MB + 5), big.subarray(2 * MB + 5)];
        const blob = await h.store.put(Readable.from(pieces));
        expect(blob).toEqual({ sha256: sha(big), size: big.length, existed: false });
        expect(await h.store.has(blob.sha256)).toBe(true);
        expect(await h.store.size(blob.sha256)).toBe(big.length);
        expect((await buffer(h.store.read(blob.sha256))).equals(big)).toBe(true);
        const start = MB - 10;
        const end = 2 * MB + 20;
        expect((await buffer(h.store.read(blob.sha256, { start, end }))).equals(big.subarray(start, end + 1))).toBe(true);
        expect((await buffer(h.store.read(blob.sha256, { start: big.length - 3 }))).equals(big.subarray(big.length - 3))).toBe(true);
        expect((await readFile(await h.store.localPath(blob.sha256))).equals(big)).toBe(true);
        const listed: string[] = [];
        for await (const s of h.store.list()) listed.push(s);
        expect(listed).toEqual([blob.sha256]);
      });

      it('stores the same content once', async () => {
        const again = await h.store.put(big);
        expect(again).toEqual({ sha256: sha(big), size: big.length, existed: true });
        const listed: string[] = [];
        for await (const s of h.store.list()) listed.push(s);
        expect(listed).toEqual([sha(big)]);
      });

      it('leaves nothing of a write that fails midway or passes the size limit', async () => {
        const before = (await h.leftovers()).sort();
        async function* broken() {
          yield big.subarray(0, 2 * MB);
          throw new Error('connection reset');
        }
        await expect(h.store.put(broken())).rejects.toThrow('connection reset');
        await expect(h.store.put(Readable.from([big.subarray(0, MB), big.subarray(MB, 2 * MB)]), { maxBytes: MB + 1 })).rejects.toBeInstanceOf(BlobTooLargeError);
        expect((await h.leftovers()).sort()).toEqual(before);
      });

      it('lets a write inspect its complete content in a local file, and a refusing inspection keeps nothing', async () => {
        const content = Buffer.from(`inspected on ${driver}: ${'x'.repeat(5000)}`);
        const stored = await h.store.put(Readable.from([content.subarray(0, 100), content.subarray(100)]), { inspect: async (path) => (await readFile(path)).equals(content) });
        expect(stored).toMatchObject({ sha256: sha(content), existed: false, inspected: true });
        const before = (await h.leftovers()).sort();
        const refused = Buffer.from(`refused on ${driver}`);
        await expect(h.store.put(refused, { inspect: async () => Promise.reject(new Error('not a PDF after all')) })).rejects.toThrow('not a PDF after all');
        expect((await h.leftovers()).sort()).toEqual(before);
        expect(await h.store.has(sha(refused))).toBe(false);
      });

      it('refuses to serve bytes that do not hash to their name, and reports a missing blob', async () => {
        const small = Buffer.from(`a blob to damage on ${driver}`);
        const blob = await h.store.put(small);
        await h.corrupt(blob.sha256);
        await expect(buffer(h.store.read(blob.sha256))).rejects.toBeInstanceOf(BlobIntegrityError);
        // Ranged reads are not hashed: the scheduled verification finds the damage instead.
        const report = await verifyBlobs(h.store);
        expect(report.damaged).toEqual([{ sha256: blob.sha256, error: expect.stringMatching(/is damaged/) }]);
        expect(report.checked).toBeGreaterThan(1);
        if (driver !== 'fs') await expect(h.store.localPath(blob.sha256)).rejects.toBeInstanceOf(BlobIntegrityError);
        const missing = sha(Buffer.from('never stored'));
        await expect(buffer(h.store.read(missing))).rejects.toBeInstanceOf(BlobNotFoundError);
        expect(await h.store.has(missing)).toBe(false);
        await h.store.delete(blob.sha256);
        expect(await h.store.has(blob.sha256)).toBe(false);
      });
    });
  }
});
