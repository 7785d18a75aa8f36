import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlobTooLargeError } from '../src/blobs/blob-store.js';
import { FsBlobStore as BlobStore } from '../src/blobs/fs-blob-store.js';

const sha = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) out.push(join(e.parentPath, e.name));
  }
  return out;
}

describe('blob store', () => {
  let root: string;
  let store: BlobStore;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'portal-blobs-'));
    store = new BlobStore(root);
    await store.init();
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('stores a stream under its SHA-256 and reads it back as a stream', async () => {
    const chunks = ['%PDF-1.7\n', 'a'.repeat(100_000), '\n%%EOF'];
    const blob = await store.put(Readable.from(chunks.map((c) => Buffer.from(c))));
    expect(blob).toEqual({ sha256: sha(chunks.join('')), size: chunks.join('').length, existed: false });
    expect(await text(store.read(blob.sha256))).toBe(chunks.join(''));
    expect(await text(store.read(blob.sha256, { start: 0, end: 7 }))).toBe('%PDF-1.7');
    expect(await store.size(blob.sha256)).toBe(blob.size);
  });

  it('stores the same content once', async () => {
    const a = await store.put(Buffer.from('same bytes'));
    const b = await store.put(Readable.from([Buffer.from('same '), Buffer.from('bytes')]));
    expect(b).toEqual({ ...a, existed: true });
    const files = (await filesUnder(root)).filter((f) => !f.includes(`${join(root, 'tmp')}`));
    expect(files).toEqual([store.pathOf(a.sha256)]);
  });

  it('leaves nothing behind when the source stream fails midway', async () => {
    async function* broken() {
      yield Buffer.from('first half of a file');
      throw new Error('connection reset');
    }
    await expect(store.put(broken())).rejects.toThrow('connection reset');
    expect(await filesUnder(root)).toEqual([]);
    expect(await store.has(sha('first half of a file'))).toBe(false);
  });

  it('refuses content over the size limit and keeps no part of it', async () => {
    await expect(store.put(Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), { maxBytes: 1_000 })).rejects.toBeInstanceOf(
      BlobTooLargeError,
    );
    expect(await filesUnder(root)).toEqual([]);
  });

  it('makes stored blobs read-only', async () => {
    const blob = await store.put(Buffer.from('immutable'));
    expect((await stat(store.pathOf(blob.sha256))).mode & 0o222).toBe(0);
  });

  it('never resolves a path outside the store', async () => {
    expect(() => store.pathOf('../../etc/passwd')).toThrow();
    expect(await store.has('../../etc/passwd')).toBe(false);
  });

  it('sweeps temp files a crashed writer left long ago, not ones being written now', async () => {
    const old = join(root, 'tmp', 'old.part');
    const fresh = join(root, 'tmp', 'fresh.part');
    await writeFile(old, 'x');
    await writeFile(fresh, 'y');
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await utimes(old, twoHoursAgo, twoHoursAgo);
    await new BlobStore(root).init();
    expect(await readdir(join(root, 'tmp'))).toEqual(['fresh.part']);
  });
});
