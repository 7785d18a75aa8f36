import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '@portal/sync-server';
import { FsBlobStore } from '../../sync-server/src/blobs/fs-blob-store.js';
import { moveBlobs } from '../../sync-server/src/blobs/move-blobs.js';
import { PgBlobStore } from '../../sync-server/src/blobs/pg-blob-store.js';
import { openDatabase } from '../../sync-server/src/db/open-database.js';
import { buildTestApp, drainJobs, DRIVER, signUp, tempDir, type Session, type TestApp } from '../helper.js';
import { cleanPacket, form, textPdf } from './applications-helpers.js';

const REPO = new URL('../..', import.meta.url).pathname;

/**
 * An installation that started on the embedded default moves its blobs to PostgreSQL and keeps
 * running with every file readable (issue 18).
 */
describe(`moving blobs from the filesystem to PostgreSQL (${DRIVER})`, () => {
  let t: TestApp;
  let moved: App | undefined;
  let manager: Session;

  beforeAll(async () => {
    t = await buildTestApp();
    manager = await signUp(t.app, { orgName: 'Moving Lettings' });
  });
  afterAll(async () => {
    await moved?.close();
    await t?.close();
  });

  const run = (app: App, content: Uint8Array, applicant: string) => {
    const body = form([
      { name: 'applicant', value: applicant },
      { name: 'expectedDocList', value: 'tenancy-application' },
      { name: 'files', filename: 'packet.pdf', content },
    ]);
    return app.inject({ method: 'POST', url: '/api/workflows/standard-intake/runs', headers: { ...manager.headers, ...body.headers }, payload: body.payload });
  };

  it('copies every blob, verified, and the server runs on the new driver with every file readable', async () => {
    const started = await run(t.app, await cleanPacket(), 'Sarah Whitcombe');
    expect(started.statusCode, started.body).toBe(201);
    const caseId = started.json().id as string;
    await drainJobs(t.app);
    const before = new Map<string, Buffer>();
    for await (const sha of t.app.blobs.list()) before.set(sha, await buffer(t.app.blobs.read(sha)));
    expect(before.size).toBeGreaterThan(0);

    const target = new PgBlobStore(t.app.db, { cacheDir: join(t.config.dataDir, 'blob-cache'), cacheBytes: 64 * 2 ** 20 });
    await target.init();
    const report = await moveBlobs(t.app.blobs, target);
    expect(report).toEqual({ total: before.size, copied: before.size, present: 0, failed: [] });
    // Again, after an interruption: nothing copied twice, everything checked.
    expect(await moveBlobs(t.app.blobs, target)).toEqual({ total: before.size, copied: 0, present: before.size, failed: [] });

    moved = await buildApp({ ...t.config, blobs: { ...t.config.blobs, driver: 'postgres' }, dataDir: join(t.config.dataDir, 'elsewhere') }, { db: t.app.db, keepDatabaseOpen: true, logger: false });
    expect(moved.blobs.driver).toBe('postgres');
    for (const [sha, bytes] of before) expect((await buffer(moved.blobs.read(sha))).equals(bytes)).toBe(true);
    const kase = await moved.inject({ method: 'GET', url: `/api/applications/${caseId}`, headers: manager.headers });
    expect(kase.statusCode).toBe(200);
    for (const f of kase.json().files as { sha256: string }[]) expect(await moved.blobs.has(f.sha256)).toBe(true);
    // New work on the new driver: an upload stored in the database, read by the analyzer.
    const next = await run(moved, await textPdf([['Payslip', 'Employer: Harbour Logistics Ltd', 'Pay date 28/02/2025', 'Net pay £2,104.50']]), 'Sarah Whitcombe');
    expect(next.statusCode, next.body).toBe(201);
    await drainJobs(moved);
    const after = await moved.inject({ method: 'GET', url: `/api/applications/${next.json().id}`, headers: manager.headers });
    expect(after.json().run.state).toBe('report');
  }, 120_000);

  it('is a command: usage errors exit 2, and a move of a data directory reports every blob copied', async () => {
    const usage = spawnSync(process.execPath, ['--import', 'tsx', join(REPO, 'sync-server/scripts/move-blobs.ts'), '--from', 'fs'], { cwd: REPO, encoding: 'utf8' });
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/usage: npm run blobs:move/);

    const dir = await tempDir('portal-move-');
    try {
      const fs = new FsBlobStore(join(dir.path, 'blobs'));
      await fs.init();
      const a = await fs.put(Buffer.from('%PDF-1.7 first'));
      const b = await fs.put(Buffer.from('%PDF-1.7 second'));
      const cli = spawnSync(process.execPath, ['--import', 'tsx', join(REPO, 'sync-server/scripts/move-blobs.ts'), '--from', 'fs', '--to', 'postgres'], {
        cwd: REPO,
        encoding: 'utf8',
        env: { ...process.env, DATA_DIR: dir.path, DATABASE_URL: '', LOG_LEVEL: 'silent' },
        timeout: 60_000,
      });
      expect(cli.status, cli.stderr).toBe(0);
      expect(cli.stdout).toMatch(/All 2 blobs are in postgres \(2 copied, 0 already there\)/);
      const db = await openDatabase({ dataDir: dir.path });
      try {
        const store = new PgBlobStore(db, { cacheDir: join(dir.path, 'cache'), cacheBytes: 2 ** 20 });
        expect((await buffer(store.read(a.sha256))).toString()).toBe('%PDF-1.7 first');
        expect((await buffer(store.read(b.sha256))).toString()).toBe('%PDF-1.7 second');
      } finally {
        await db.close();
      }
    } finally {
      await dir.remove();
    }
  }, 120_000);
});
