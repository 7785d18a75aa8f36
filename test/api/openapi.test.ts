import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper.js';

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Record<string, any>;
  beforeAll(async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t?.close());

  it('is OpenAPI 3.1.0 titled Api, version 0.1.0', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'Api', version: '0.1.0' });
    expect(doc.servers).toEqual([{ url: '/api' }]);
  });

  it('passes an independent OpenAPI 3.1 validator', async () => {
    const result = await validate(structuredClone(doc) as Parameters<typeof validate>[0]);
    const errors = result.valid ? [] : result.errors;
    expect(errors, JSON.stringify(errors)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('writes paths relative to /api, with no version segment, and lists only API operations', () => {
    const paths = Object.keys(doc.paths);
    expect(paths).toEqual(expect.arrayContaining(['/healthz', '/openapi.json']));
    for (const p of paths) {
      expect(p).not.toMatch(/^\/api\//);
      expect(p).not.toMatch(/\/v\d+\//);
    }
  });

  it('declares every response of health, including 503, and marks public operations public', () => {
    const health = doc.paths['/healthz'].get;
    expect(Object.keys(health.responses).sort()).toEqual(['200', '503']);
    expect(health.security).toEqual([]);
    expect(doc.paths['/openapi.json'].get.security).toEqual([]);
    expect(doc.components.schemas.HealthStatus.required).toEqual(
      expect.arrayContaining(['status', 'version', 'database', 'uptimeSeconds']),
    );
  });

  it('documents the collaboration WebSocket: its upgrade, authentication, subprotocol and close codes', () => {
    const op = doc.paths['/collab/expected-doc-lists/{expectedDocListId}/{version}']?.get;
    expect(op, 'the collaboration route').toBeDefined();
    expect(op.tags).toEqual(['expected-doc-list-editor']);
    expect(op.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`).sort()).toEqual(['path:expectedDocListId', 'path:version']);
    // 101 the socket; a plain GET is 426, bad parameters 400, one longer than the router takes 414,
    // a busy or closing server 503 (as every operation).
    expect(Object.keys(op.responses).sort()).toEqual(['101', '400', '414', '426', '503']);
    // Authenticated inside the socket, but authenticated: the document's default security holds.
    expect(op.security).toBeUndefined();
    for (const text of ['y-websocket', '`portal`', 'bearer.<token>', 'session cookie', '4401', '4403', '4404', '4503', '1012']) expect(op.description).toContain(text);
  });

  it('is served without credentials', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: {} });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });
});
