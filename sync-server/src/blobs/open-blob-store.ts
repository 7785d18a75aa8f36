import { join } from 'node:path';
import type { BlobConfig } from '../config.js';
import type { Db } from '../db/db.js';
import type { BlobStore } from './blob-store.js';
import { FsBlobStore } from './fs-blob-store.js';
import { defaultCacheDir, PgBlobStore } from './pg-blob-store.js';

/** The blob store `config` names (BLOB_STORE), initialized. */
export async function openBlobStore(config: { dataDir: string; blobs: BlobConfig }, db: Db): Promise<BlobStore> {
  const cache = { cacheDir: defaultCacheDir(config.dataDir), cacheBytes: config.blobs.cacheBytes };
  let store: BlobStore;
  switch (config.blobs.driver) {
    case 'fs':
      store = new FsBlobStore(join(config.dataDir, 'blobs'));
      break;
    case 'postgres':
      store = new PgBlobStore(db, cache);
      break;
    case 's3': {
      // Loaded only when chosen: the AWS SDK is large.
      const { S3BlobStore } = await import('./s3-blob-store.js');
      store = new S3BlobStore(config.blobs.s3!, cache);
      break;
    }
  }
  await store.init();
  return store;
}
