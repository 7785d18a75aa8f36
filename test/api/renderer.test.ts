import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, tempDir, type TestApp } from '../helper.js';

describe('the web app at /', () => {
  let t: TestApp;
  let dir: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    dir = await tempDir('portal-renderer-');
    await mkdir(join(dir.path, 'assets'));
    await writeFile(join(dir.path, 'index.html'), '<!doctype html><title>Compliance Portal</title><div id="root"></div>');
    await writeFile(join(dir.path, 'assets', 'index-3f2a9c.js'), 'console.log("app")');
    t = await buildTestApp({ config: { rendererDir: dir.path } });
  });
  afterAll(async () => {
    await t?.close();
    await dir?.remove();
  });

  it('serves index.html at / and has it revalidated every time', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('Compliance Portal');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('caches content-hashed assets for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-3f2a9c.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a client-side route with the app shell, but a missing asset with 404', async () => {
    const route = await t.app.inject({ method: 'GET', url: '/library/lists', headers: { accept: 'text/html' } });
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('<div id="root">');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(asset.statusCode).toBe(404);
  });

  it('never answers an unknown API path with the app shell', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/unknown', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty('error');
  });
});
