/**
 * Response serialization alone (issue #20): zod's serializer (parse a copy, then JSON.stringify)
 * against the serializer compiled from the same contract schema, on the real listings a new
 * organization gets, taken from a real server over a fresh PGlite. `JSON.stringify` of the same
 * value, which writes whatever it is given, is the floor.
 *
 *   npx tsx test/bench/serializer.bench.ts          # about ten seconds
 *   BENCH_MS=200 npx tsx test/bench/serializer.bench.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DocumentTypeListing, ExpectedDocListListing } from '@portal/shared';
import { buildApp } from '@portal/sync-server';
import { loadConfig } from '../../sync-server/src/config.js';
import { openPglite } from '../../sync-server/src/db/pglite-driver.js';
import { createResponseSerializerCompiler } from '../../sync-server/src/plugins/app/serializer.js';

const MS = Number(process.env.BENCH_MS ?? 1_000);

/** Calls per second of `fn`, after a warm-up, over about MS milliseconds. */
function opsPerSecond(fn: () => unknown): number {
  for (let i = 0; i < 2_000; i++) fn();
  let calls = 0;
  const start = performance.now();
  let now = start;
  while (now - start < MS) {
    for (let i = 0; i < 200; i++) fn();
    calls += 200;
    now = performance.now();
  }
  return (calls * 1_000) / (now - start);
}

/** The bodies a new organization's Manager reads: the listings are its real rows. */
async function realBodies(): Promise<{ lists: unknown[]; docTypes: unknown[] }> {
  const dir = await mkdtemp(join(tmpdir(), 'portal-serializer-bench-'));
  const db = await openPglite({});
  const app = await buildApp({ ...loadConfig({ WORKERS: '0', LOG_LEVEL: 'silent', RESPONSE_VALIDATION: 'off' }), dataDir: dir }, { db, logger: false });
  try {
    const signup = await app.inject({ method: 'POST', url: '/api/signup', payload: { orgName: 'Bench Ltd', email: 'bench@example.test', password: 'correct horse battery' } });
    const cookie = signup.cookies.find((c) => c.name === 'portal_session');
    if (signup.statusCode !== 201 || !cookie) throw new Error(`signup failed: ${signup.statusCode} ${signup.body}`);
    const headers = { cookie: `portal_session=${cookie.value}` };
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json() as unknown[];
    };
    return { lists: await get('/api/expected-doc-lists'), docTypes: await get('/api/document-types') };
  } finally {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  }
}

const { lists, docTypes } = await realBodies();
// A busier organization: its own lists beside the official ones, as the listing grows with use.
const manyLists = Array.from({ length: 10 }, (_, i) => lists.map((row) => ({ ...(row as object), id: `${(row as { id: string }).id}-${i}` }))).flat();

const compileFast = createResponseSerializerCompiler({ strict: false });
const compileStrict = createResponseSerializerCompiler({ strict: true });
const cases: { name: string; schema: z.ZodType; data: unknown }[] = [
  { name: `ExpectedDocListListing[] (${lists.length} rows)`, schema: z.array(ExpectedDocListListing), data: lists },
  { name: `ExpectedDocListListing[] (${manyLists.length} rows)`, schema: z.array(ExpectedDocListListing), data: manyLists },
  { name: `DocumentTypeListing[] (${docTypes.length} rows)`, schema: z.array(DocumentTypeListing), data: docTypes },
];

const rows = cases.map(({ name, schema, data }) => {
  const route = { schema, method: 'GET', url: '/bench', httpStatus: '200' };
  const zod = zodSerializerCompiler(route);
  const fast = compileFast(route);
  const strict = compileStrict(route);
  if (fast(data) !== zod(data)) throw new Error(`${name}: the compiled serializer writes other bytes than zod`);
  const bytes = Buffer.byteLength(fast(data));
  const zodOps = opsPerSecond(() => zod(data));
  const fastOps = opsPerSecond(() => fast(data));
  const strictOps = opsPerSecond(() => strict(data));
  const plainOps = opsPerSecond(() => JSON.stringify(data));
  return { name, bytes, zodOps, fastOps, strictOps, plainOps };
});

const f = (n: number) => Math.round(n).toLocaleString('en-US');
console.log(`\nResponse serialization, ops/s (Node ${process.version}, ${MS} ms per cell)\n`);
console.log('| Body | Bytes | zod serializer | compiled | compiled ÷ zod | strict (tests) | JSON.stringify |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(`| ${r.name} | ${f(r.bytes)} | ${f(r.zodOps)} | ${f(r.fastOps)} | ${(r.fastOps / r.zodOps).toFixed(1)}× | ${f(r.strictOps)} | ${f(r.plainOps)} |`);
}
