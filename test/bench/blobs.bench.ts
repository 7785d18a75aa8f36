/**
 * Blob drivers (issue 18): a 100 MB file written and read back through each driver, against the
 * filesystem driver in the same run, with this process's peak RSS growth during each (it must
 * stay bounded, not grow with the file). PostgreSQL needs BENCH_DATABASE_URL or
 * TEST_DATABASE_URL (a schema of its own, dropped afterwards); S3 runs against s3rver on
 * loopback in this process (its own work counts against the S3 row).
 *
 *   npm run bench:blobs
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { MAX_FILE_BYTES } from '@portal/shared';
import type { BlobStore } from '../../sync-server/src/blobs/blob-store.js';
import { FsBlobStore } from '../../sync-server/src/blobs/fs-blob-store.js';
import { PgBlobStore } from '../../sync-server/src/blobs/pg-blob-store.js';
import { S3BlobStore } from '../../sync-server/src/blobs/s3-blob-store.js';
import { migrate } from '../../sync-server/src/db/migrate.js';
import { openPostgres } from '../../sync-server/src/db/postgres-driver.js';
import { writeBigPdf } from '../api/big-upload.js';

const POSTGRES_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** The file size: the largest upload by default. */
const SIZE = Number(process.env.BENCH_MB ?? MAX_FILE_BYTES / 2 ** 20) * 2 ** 20;
/** Bounded: a few buffers and parts in flight, whatever the file's size. */
const GOAL_GROWTH_MB = 64;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function measured<T>(fn: () => Promise<T>): Promise<{ seconds: number; growthMb: number; value: T }> {
  global.gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  const started = performance.now();
  const value = await fn();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return { seconds, growthMb: (peak - before) / 2 ** 20, value };
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'portal-bench-blobs-'));
  const cleanups: (() => Promise<unknown>)[] = [() => rm(dir, { recursive: true, force: true })];
  try {
    const stores: { name: string; store: BlobStore }[] = [{ name: 'fs', store: new FsBlobStore(join(dir, 'fs')) }];
    if (POSTGRES_URL) {
      const schema = `bench_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: POSTGRES_URL });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      cleanups.push(async () => {
        await admin.query(`DROP SCHEMA ${schema} CASCADE`);
        await admin.end();
      });
      const db = await openPostgres({ url: POSTGRES_URL, schema, maxConnections: 4 });
      cleanups.push(() => db.close());
      await migrate(db);
      stores.push({ name: 'postgres', store: new PgBlobStore(db, { cacheDir: join(dir, 'cache-pg'), cacheBytes: 2 ** 30 }) });
    }
    const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: join(dir, 's3') });
    const { port } = await s3.run();
    cleanups.push(() => s3.close());
    stores.push({
      name: 's3',
      store: new S3BlobStore(
        { endpoint: `http://127.0.0.1:${port}`, bucket: 'bench', region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true, prefix: 'blobs/' },
        { cacheDir: join(dir, 'cache-s3'), cacheBytes: 2 ** 30 },
      ),
    });
    for (const { store } of stores) await store.init();

    const rows: { name: string; write: number; read: number; growth: number }[] = [];
    for (const { name, store } of stores) {
      const writes: number[] = [];
      const reads: number[] = [];
      let growth = 0;
      for (let i = 0; i < ROUNDS; i++) {
        // Other bytes each round: a repeat would be found stored and skipped.
        const file = join(dir, `file-${name}-${i}.pdf`);
        await writeBigPdf(file, SIZE - i);
        const w = await measured(() => store.put(createReadStream(file)));
        const r = await measured(async () => {
          let n = 0;
          for await (const chunk of store.read(w.value.sha256)) n += (chunk as Buffer).length;
          return n;
        });
        if (r.value !== SIZE - i) throw new Error(`${name} read ${r.value} bytes back`);
        writes.push(w.seconds);
        reads.push(r.seconds);
        growth = Math.max(growth, w.growthMb, r.growthMb);
        await store.delete(w.value.sha256);
        await rm(file);
      }
      rows.push({ name, write: median(writes), read: median(reads), growth });
    }
    const fs = rows[0]!;
    console.log(`${SIZE / 2 ** 20} MB file, median of ${ROUNDS} rounds; ratio = the filesystem driver's time / this driver's (1 = as fast)`);
    console.log('driver    write s  ratio   read s  ratio   peak RSS growth');
    for (const r of rows) {
      console.log(
        `${r.name.padEnd(9)} ${r.write.toFixed(3).padStart(7)}  ${(fs.write / r.write).toFixed(2).padStart(5)}× ${r.read.toFixed(3).padStart(7)}  ${(fs.read / r.read).toFixed(2).padStart(5)}×   ${r.growth.toFixed(1)} MB ${r.growth < GOAL_GROWTH_MB ? `(within ${GOAL_GROWTH_MB} MB)` : `(over ${GOAL_GROWTH_MB} MB: run BENCH_MB=25 to see whether it grows with the file)`}`,
      );
    }
    if (!POSTGRES_URL) console.log('postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    for (const { store } of stores) await store.close();
  } finally {
    for (const c of cleanups.reverse()) await c().catch(() => {});
  }
}

await main();
