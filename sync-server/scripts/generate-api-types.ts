/**
 * Writes shared/src/client/api-types.ts from this server's OpenAPI document: `npm run
 * contract:types`. The server is built in this process on an in-memory PGlite (nothing on disk,
 * no port), asked for GET /api/openapi.json, and closed again. test/api/contract-client.test.ts
 * runs the same and fails while the committed file differs.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { API_TYPES_FILE, renderApiTypes } from '../../shared/scripts/api-types.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openPglite } from '../src/db/pglite-driver.js';

/** What api-types.ts should hold for the server as it is now. */
export async function currentApiTypes(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'portal-api-types-'));
  try {
    const app = await buildApp(
      { ...loadConfig({ LOG_LEVEL: 'silent', WORKERS: '0' }), dataDir: dir, rendererDir: join(dir, 'no-renderer') },
      { db: await openPglite(), logger: false },
    );
    try {
      const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
      if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${res.statusCode}: ${res.body}`);
      return await renderApiTypes(res.json());
    } finally {
      await app.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await writeFile(API_TYPES_FILE, await currentApiTypes());
  console.log(`wrote ${relative(process.cwd(), API_TYPES_FILE)}`);
}
