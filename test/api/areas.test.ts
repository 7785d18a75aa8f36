import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREAS, registerAreas, type Area } from '../../sync-server/src/areas.js';
import { buildTestApp, type TestApp } from '../helper.js';

/** An API with one area registering `GET /api/thing` tagged `tags`, as app.ts registers areas. */
async function apiWith(area: Omit<Area, 'plugin'>, tags: string[] | undefined): Promise<FastifyInstance & { apiHasService?: boolean }> {
  const app: FastifyInstance & { apiHasService?: boolean } = Fastify();
  const plugin = fp(async (scope: FastifyInstance) => {
    scope.decorate('thingService', { ok: true });
    await scope.register(async (routes) => {
      routes.get('/thing', { schema: tags ? { tags } : {} }, async () => ({ ok: true }));
    });
  });
  await app.register(
    async (api) => {
      await registerAreas(api, [{ ...area, plugin }]);
      app.apiHasService = api.hasDecorator('thingService');
    },
    { prefix: '/api' },
  );
  await app.ready();
  return app;
}

describe('areas and the tags they serve', () => {
  it('refuses to start when an area registers an operation tagged for another area, or untagged', async () => {
    await expect(apiWith({ name: 'contact', tags: ['contact'] }, ['users'])).rejects.toThrow(
      /GET \/api\/thing is registered by the contact area, which serves the tags contact, but is tagged users/,
    );
    await expect(apiWith({ name: 'contact', tags: ['contact'] }, ['contact', 'users'])).rejects.toThrow(/tagged users/);
    await expect(apiWith({ name: 'contact', tags: ['contact'] }, undefined)).rejects.toThrow(/has no tag/);
  });

  it('starts when the tags are the area’s, and the area’s services reach the whole API', async () => {
    const app = await apiWith({ name: 'contact', tags: ['contact'] }, ['contact']);
    expect(app.apiHasService).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/api/thing' })).json()).toEqual({ ok: true });
    await app.close();
  });

  it('gives every tag one area', () => {
    const tags = AREAS.flatMap((a) => a.tags);
    expect(new Set(tags).size).toBe(tags.length);
    expect(AREAS.find((a) => a.name === 'identity')?.tags).toEqual(['access', 'keys', 'users']);
  });

  describe('in the built server', () => {
    let t: TestApp;
    let doc: { paths: Record<string, Record<string, { tags?: string[] }>> };
    beforeAll(async () => {
      t = await buildTestApp();
      doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    });
    afterAll(() => t?.close());

    it('tags every operation of the document with a tag some area serves', () => {
      const served = new Set(AREAS.flatMap((a) => a.tags));
      const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, tags: op.tags ?? [] })));
      expect(operations.length).toBeGreaterThan(40);
      expect(operations.filter((o) => o.tags.length === 0 || o.tags.some((tag) => !served.has(tag)))).toEqual([]);
    });

    it('serves identity’s operations under its tags, the marked catalogue included', () => {
      expect(doc.paths['/organization/marked-doc-type-catalog']?.put?.tags).toEqual(['users']);
      for (const path of ['/guest', '/access-matrix']) expect(Object.values(doc.paths[path]!)[0]!.tags).toEqual(['access']);
      for (const path of ['/signup', '/login', '/device-sessions', '/logout', '/password', '/password/forgot', '/password/reset']) {
        expect(doc.paths[path]?.post?.tags, path).toEqual(['users']);
      }
      expect(doc.paths['/api-keys']?.get?.tags).toEqual(['keys']);
    });
  });
});
