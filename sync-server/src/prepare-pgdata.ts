// Run by scripts/build.mjs after bundling: makes dist/pgdata-template (db/pgdata-template.ts)
// unless the one there was made by this PGlite from these migrations and this official content.
import { createHash } from 'node:crypto';
import { PGDATA_TEMPLATE_DIR, preparePgdataTemplate } from './db/pgdata-template.js';
import { officialContent } from './library/official/content.js';
import { seedOfficialContent } from './library/official/seed.js';

const started = Date.now();
const content = officialContent();
const done = await preparePgdataTemplate({
  // The official lists, catalogues and schemas are published into it too: a fresh start then only
  // checks they are there, as every later start does.
  fill: (db) => seedOfficialContent(db, content),
  fingerprint: createHash('sha256').update(JSON.stringify(content)).digest('hex'),
});
process.stdout.write(`embedded database template ${done === 'made' ? 'made' : 'up to date'} in ${PGDATA_TEMPLATE_DIR} (${Date.now() - started} ms)\n`);
