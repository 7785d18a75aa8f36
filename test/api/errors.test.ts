import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, errorResponses } from '@portal/shared';
import { HttpError } from '../../sync-server/src/http-error.js';
import { buildTestApp, DRIVER, type TestApp } from '../helper.js';

/**
 * A route shaped like every real one (zod body, query and params), registered through the same
 * plugin system, so the central error handling is tested on its own.
 */
const probe: FastifyPluginAsyncZod = async (api) => {
  api.post(
    '/probe/:n',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({ n: z.coerce.number().int().min(1) }),
        querystring: z.object({ mode: z.enum(['ok', 'conflict', 'crash', 'database']).default('ok') }),
        body: z.object({ name: z.string().min(1), count: z.number().int(), tags: z.array(z.string()).optional() }),
        response: {
          200: z.object({ name: z.string(), n: z.number() }),
          ...errorResponses(400, 413, 415),
          409: ApiError.extend({ applicationId: z.string() }),
        },
      },
    },
    async (req) => {
      if (req.query.mode === 'conflict') throw new HttpError(409, 'Already exists', { applicationId: 'case-1', internalNote: 'never leaves' });
      if (req.query.mode === 'crash') throw new Error('secret internal detail');
      if (req.query.mode === 'database') throw Object.assign(new Error('value "2147483648" is out of range for type integer'), { code: '22003' });
      return { name: req.body.name, n: req.params.n };
    },
  );
};

describe(`errors on ${DRIVER}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ routes: probe, config: { bodyLimitBytes: 2_048 } });
  });
  afterAll(() => t?.close());

  const post = (payload: string, headers: Record<string, string> = { 'content-type': 'application/json' }, url = '/api/probe/1') =>
    t.app.inject({ method: 'POST', url, payload, headers });

  it('accepts a valid request', async () => {
    const res = await post(JSON.stringify({ name: 'a', count: 1 }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'a', n: 1 });
  });

  it('answers malformed JSON with 400 in the error shape', async () => {
    const res = await post('{"name": "a",');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.stringMatching(/malformed json/i) });
  });

  it('names a missing field', async () => {
    const res = await post(JSON.stringify({ count: 1 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^body\.name: /);
  });

  it('names a field of the wrong type', async () => {
    const res = await post(JSON.stringify({ name: 'a', count: 'three' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/body\.count: .*number/);
  });

  it('names a nested field', async () => {
    const res = await post(JSON.stringify({ name: 'a', count: 1, tags: ['x', 2] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/body\.tags\.1: /);
  });

  it('names bad path and query parameters', async () => {
    const path = await post(JSON.stringify({ name: 'a', count: 1 }), undefined, '/api/probe/zero');
    expect(path.statusCode).toBe(400);
    expect(path.json().error).toMatch(/^path\.n: /);
    const query = await post(JSON.stringify({ name: 'a', count: 1 }), undefined, '/api/probe/1?mode=maybe');
    expect(query.statusCode).toBe(400);
    expect(query.json().error).toMatch(/^query\.mode: /);
  });

  it('answers an empty JSON body with 400', async () => {
    const res = await post('');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('error');
  });

  it('answers a body over the limit with 413', async () => {
    const res = await post(JSON.stringify({ name: 'x'.repeat(4_000), count: 1 }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: expect.stringMatching(/larger than/) });
  });

  it('answers an unsupported media type with 415', async () => {
    for (const type of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded']) {
      const res = await post('name=a', { 'content-type': type });
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toEqual({ error: expect.stringMatching(/media type/i) });
    }
  });

  it('answers an unknown operation under /api with 404 in the error shape', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['GET', '/api'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json(), `${method} ${url}`).toEqual({ error: expect.stringContaining(url) });
    }
  });

  it('answers an unknown method on a known path with 405, Allow listing the path’s methods', async () => {
    for (const [method, url, allow] of [
      ['POST', '/api/healthz', 'GET, HEAD'],
      ['DELETE', '/api/expected-doc-lists/x/1', 'GET, HEAD, PUT'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers.allow, `${method} ${url}`).toBe(allow);
      expect(res.json(), `${method} ${url}`).toEqual({ error: expect.stringContaining(url) });
    }
  });

  it('sends a service’s HttpError with its status and the extra fields its schema declares, nothing more', async () => {
    const res = await post(JSON.stringify({ name: 'a', count: 1 }), undefined, '/api/probe/1?mode=conflict');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Already exists', applicationId: 'case-1' });
  });

  it('answers a value the database refused with 400 in its own words, never PostgreSQL’s', async () => {
    const res = await post(JSON.stringify({ name: 'a', count: 1 }), undefined, '/api/probe/1?mode=database');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.stringMatching(/^A number is out of range/) });
    expect(res.body).not.toMatch(/out of range for type integer/);
  });

  it('hides the details of an unexpected failure behind a 500', async () => {
    const res = await post(JSON.stringify({ name: 'a', count: 1 }), undefined, '/api/probe/1?mode=crash');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Internal server error' });
    expect(res.body).not.toContain('secret');
  });
});
