// `npm run blobs:move -- --from fs --to postgres` (or s3): copies every blob of one driver to
// another and verifies each, so an installation that started on the embedded default keeps every
// file when it moves. Reads the same environment as the server (DATA_DIR, DATABASE_URL, S3_*);
// stop the servers first, then start them with BLOB_STORE set to the target. Exit code 1 when
// any blob could not be copied (run it again: it skips what is already there).
import { parseArgs } from 'node:util';
import type { BlobDriverName } from '../src/blobs/blob-store.js';
import { moveBlobs } from '../src/blobs/move-blobs.js';
import { openBlobStore } from '../src/blobs/open-blob-store.js';
import { loadConfig } from '../src/config.js';
import { migrate } from '../src/db/migrate.js';
import { openDatabase } from '../src/db/open-database.js';

const DRIVERS: BlobDriverName[] = ['fs', 'postgres', 's3'];
const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
const from = values.from as BlobDriverName;
const to = values.to as BlobDriverName;
if (!DRIVERS.includes(from) || !DRIVERS.includes(to) || from === to) {
  process.stderr.write(`usage: npm run blobs:move -- --from <${DRIVERS.join('|')}> --to <${DRIVERS.join('|')}> (two different drivers)\n`);
  process.exit(2);
}
const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, schema: config.databaseSchema });
try {
  await migrate(db);
  const source = await openBlobStore({ ...config, blobs: { ...config.blobs, driver: from } }, db);
  const target = await openBlobStore({ ...config, blobs: { ...config.blobs, driver: to } }, db);
  const report = await moveBlobs(source, target, (done) => {
    if (done % 100 === 0) process.stderr.write(`${done} blobs…\n`);
  });
  await source.close();
  await target.close();
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(
    report.failed.length === 0
      ? `All ${report.total} blobs are in ${to} (${report.copied} copied, ${report.present} already there). Start the servers with BLOB_STORE=${to}.\n`
      : `${report.failed.length} of ${report.total} blobs could not be copied; run the command again.\n`,
  );
  process.exitCode = report.failed.length === 0 ? 0 : 1;
} finally {
  await db.close();
}
