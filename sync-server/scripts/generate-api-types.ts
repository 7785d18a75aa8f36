/**
 * Writes shared/src/client/api-types.ts from this server's OpenAPI document: `npm run
 * contract:types`. The server is built in this process on an in-memory PGlite (nothing on disk,
 * no port), asked for GET /api/openapi.json, and closed again.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { API_TYPES_FILE, renderApiTypes } from '../../shared/scripts/api-types.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openPglite } from '../src/db/pglite-driver.js';

const dir = await mkdtemp(join(tmpdir(), 'portal-api-types-'));
try {
  const app = await buildApp(
    { ...loadConfig({ LOG_LEVEL: 'silent', WORKERS: '0' }), dataDir: dir, rendererDir: join(dir, 'no-renderer') },
    { db: await openPglite(), logger: false },
  );
  try {
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${res.statusCode}: ${res.body}`);
    await writeFile(API_TYPES_FILE, await renderApiTypes(res.json()));
    console.log(`wrote ${relative(process.cwd(), API_TYPES_FILE)}`);
  } finally {
    await app.close();
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
