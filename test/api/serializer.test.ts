import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, errorResponses, ExpectedDocListListing, User } from '@portal/shared';
import { HttpError } from '../../sync-server/src/http-error.js';
import { buildTestApp, DRIVER, signUp, type Session, type TestApp } from '../helper.js';
import { activeList, client, expectStatus, lines, type Client } from './library-helpers.js';

/** What each compiled serializer was handed: the handler's own value, before any serialization. */
interface Handed {
  method: string;
  url: string;
  status: string;
  schema: z.ZodType;
  data: unknown;
}
const handed = vi.hoisted(() => [] as Handed[]);

// The app's real compiler, wrapped only to record what reaches it, so the comparisons below run on
// the values real handlers return (internal columns and all), not on bodies already cut to shape.
vi.mock('../../sync-server/src/plugins/app/serializer.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../sync-server/src/plugins/app/serializer.js')>();
  return {
    ...real,
    createResponseSerializerCompiler: (options: Parameters<typeof real.createResponseSerializerCompiler>[0]) => {
      const compile = real.createResponseSerializerCompiler(options);
      return (route: { schema: z.ZodType; method: string; url: string; httpStatus?: string }) => {
        const serialize = compile(route as never);
        return (data: unknown) => {
          handed.push({ method: route.method, url: route.url, status: String(route.httpStatus), schema: route.schema, data });
          return serialize(data);
        };
      };
    },
  };
});

const SECRET = 'must-not-leave-the-server';
/** `value` with a password hash and a secret added to every object in it, however deep. */
function withSecrets(value: unknown, openKeys: Set<string>): unknown {
  if (Array.isArray(value)) return value.map((v) => withSecrets(v, openKeys));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = openKeys.has(k) ? v : withSecrets(v, openKeys);
  return { ...out, password_hash: SECRET, secret: SECRET };
}

/** Probes for what real routes cannot show: a leaky handler, a body off its contract, an uncompiled schema. */
const probes: FastifyPluginAsyncZod = async (api) => {
  const user = { id: 'u1', organizationId: 'o1', name: 'Ann', email: null, role: 'Manager', active: true, mustChangePassword: false, createdAt: '2024-01-01T00:00:00.000Z', invitedAt: null };
  api.get('/probe/leaky-user', { config: { access: 'public' }, schema: { response: { 200: User } } }, async () => ({ ...user, password_hash: SECRET, secret: SECRET }) as never);
  api.get(
    '/probe/leaky-listing',
    { config: { access: 'public' }, schema: { response: { 200: z.array(ExpectedDocListListing) } } },
    async () =>
      [
        {
          id: 'l', version: 1, name: 'L', kind: 'expectedDocListCatalogOrgCustom', status: 'draft', source: 'own', isDefault: false, lineCount: 0,
          derivedFrom: { id: 'x', version: 2, source: 'official', organization_id: SECRET }, createdAt: 'a', updatedAt: 'b', activatedAt: null,
          organization_id: SECRET, body: { secret: SECRET },
        },
      ] as never,
  );
  api.get(
    '/probe/conflict',
    { config: { access: 'public' }, schema: { response: { ...errorResponses(409) } } },
    async () => {
      throw new HttpError(409, 'Already there', { secret: SECRET });
    },
  );
  api.get('/probe/off-contract', { config: { access: 'public' }, schema: { response: { 200: z.object({ name: z.string() }) } } }, async () => ({ name: 42 }) as never);
  const Tree: z.ZodType = z.object({ name: z.string(), get children() { return z.array(Tree); } });
  api.get('/probe/tree', { config: { access: 'public' }, schema: { response: { 200: Tree } } }, async () => ({ name: 'a', secret: SECRET, children: [{ name: 'b', children: [], secret: SECRET }] }) as never);
  // A tuple is not compiled (see serializer.ts): zod serializes it, still through the schema.
  api.get('/probe/tuple', { config: { access: 'public' }, schema: { response: { 200: z.tuple([z.string(), z.object({ n: z.number() })]) } } }, async () => ['a', { n: 1, secret: SECRET }] as never);
};

describe(`compiled response serializers on ${DRIVER}`, () => {
  let t: TestApp;
  let manager: Session;
  let c: Client;
  let listId: string;
  const logs: string[] = [];

  beforeAll(async () => {
    // The production path: compiled serializers alone, no zod check of the bodies.
    t = await buildTestApp({
      routes: probes,
      config: { responseValidation: 'off' },
      logger: { level: 'debug', stream: { write: (line: string) => void logs.push(line) } },
    });
    manager = await signUp(t.app, { orgName: 'Serializer Ltd' });
    c = client(t.app, manager);
    listId = await activeList(c, 'Intake', [
      { name: 'Identity', note: 'Photo ID', lines: lines('passport'), subsections: [{ name: 'Address', lines: lines('utility-bill') }] },
      { name: 'Income', lines: [{ docType: 'payslip', minCount: 3, maxCount: null, note: 'last three months' }] },
    ]);
  });
  afterAll(() => t?.close());

  /**
   * Calls `url` and, for the value its handler returned, checks the compiled serializer against
   * zod's: the same bytes, and with secrets added to every object, still the same bytes and no secret.
   */
  async function compare(url: string, status: number, openKeys: string[] = []): Promise<unknown> {
    handed.length = 0;
    const res = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: manager.headers });
    expect(res.statusCode, res.body).toBe(status);
    const call = handed.find((h) => h.status === String(status));
    expect(call, `${url} went through a compiled serializer`).toBeDefined();
    const { schema, method, data } = call!;
    const route = { schema, method, url: call!.url, httpStatus: call!.status };
    const zod = zodSerializerCompiler(route);
    expect(JSON.parse(res.body)).toEqual(JSON.parse(zod(data)));
    expect(res.body).toBe(zod(data));

    const leaky = withSecrets(data, new Set(openKeys));
    const { createResponseSerializerCompiler } = await vi.importActual<typeof import('../../sync-server/src/plugins/app/serializer.js')>(
      '../../sync-server/src/plugins/app/serializer.js',
    );
    const fast = createResponseSerializerCompiler({ strict: false })(route);
    const written = fast(leaky);
    expect(written).not.toContain(SECRET);
    expect(written).not.toContain('password_hash');
    expect(JSON.parse(written)).toEqual(JSON.parse(zod(leaky)));
    expect(written).toBe(res.body);
    return JSON.parse(res.body);
  }

  it('writes a listing of lists as zod does, and nothing undeclared', async () => {
    const rows = (await compare('/expected-doc-lists', 200)) as { id: string }[];
    expect(rows.some((r) => r.id === listId)).toBe(true);
  });

  it('writes a list with sections, subsections and nullable fields as zod does', async () => {
    const list = (await compare(`/expected-doc-lists/${listId}/1`, 200)) as { sections: { subsections: unknown[] }[]; derivedFrom: unknown };
    expect(list.sections).toHaveLength(2);
    expect(list.sections[0]!.subsections).toHaveLength(1);
    expect(list.derivedFrom).toBeNull();
  });

  it('writes document types, workflows, users and /me as zod does', async () => {
    expect(((await compare('/document-types', 200)) as unknown[]).length).toBeGreaterThan(0);
    expect(((await compare('/workflows', 200)) as unknown[]).length).toBeGreaterThan(0);
    expect(await compare('/users', 200)).toHaveLength(1);
    expect(await compare('/me', 200)).toMatchObject({ id: manager.user!.id, email: manager.user!.email });
  });

  it('writes error bodies as zod does', async () => {
    expect(await compare('/expected-doc-lists/no-such-list/1', 404)).toEqual({ error: expect.any(String) });
    expect(await compare('/expected-doc-lists/no-such-list/0', 400)).toEqual({ error: expect.any(String) });
  });

  it('never writes a field the contract does not declare', async () => {
    const user = await t.app.inject({ method: 'GET', url: '/api/probe/leaky-user' });
    expect(user.statusCode).toBe(200);
    expect(user.json()).toEqual({ id: 'u1', organizationId: 'o1', name: 'Ann', email: null, role: 'Manager', active: true, mustChangePassword: false, createdAt: '2024-01-01T00:00:00.000Z', invitedAt: null });

    const listing = await t.app.inject({ method: 'GET', url: '/api/probe/leaky-listing' });
    expect(listing.statusCode).toBe(200);
    expect(listing.body).not.toContain(SECRET);
    expect(listing.json()[0].derivedFrom).toEqual({ id: 'x', version: 2, source: 'official' });

    const conflict = await t.app.inject({ method: 'GET', url: '/api/probe/conflict' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ error: 'Already there' });
  });

  it('compiles a recursive schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/probe/tree' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"name":"a","children":[{"name":"b","children":[]}]}');
  });

  it('falls back to zod for a schema it cannot compile, and says so when the route first answers', async () => {
    const fallbacks = () => logs.filter((l) => l.includes('response schema not compiled')).map((l) => JSON.parse(l).route as string);
    // Serializers are compiled on a route's first answer, not at start (issue 39: 1.5 s of every start).
    expect(fallbacks()).not.toContain('GET /api/probe/tuple');
    const res = await t.app.inject({ method: 'GET', url: '/api/probe/tuple' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('["a",{"n":1}]');
    expect(fallbacks()).toEqual(['GET /api/probe/tuple']);
    await t.app.inject({ method: 'GET', url: '/api/probe/tuple' });
    expect(fallbacks(), 'said once, compiled once').toEqual(['GET /api/probe/tuple']);
  });

  describe('with RESPONSE_VALIDATION=strict (the suites)', () => {
    let strict: TestApp;
    beforeAll(async () => {
      strict = await buildTestApp({ routes: probes });
    });
    afterAll(() => strict?.close());

    it('is on in the test helper', () => {
      expect(strict.config.responseValidation).toBe('strict');
    });

    it('refuses a body that breaks its contract with a 500, where the fast path alone would coerce it', async () => {
      const res = await strict.app.inject({ method: 'GET', url: '/api/probe/off-contract' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: 'Internal server error' });
      // Without the check the compiled serializer writes the number as a string: why tests run strict.
      const loose = await t.app.inject({ method: 'GET', url: '/api/probe/off-contract' });
      expect(loose.body).toBe('{"name":"42"}');
    });

    it('still writes only declared fields', async () => {
      const res = await strict.app.inject({ method: 'GET', url: '/api/probe/leaky-user' });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(SECRET);
    });
  });
});
