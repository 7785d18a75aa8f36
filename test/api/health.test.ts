import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HealthStatus } from '@portal/shared';
import { buildTestApp, DRIVER, type TestApp } from '../helper.js';

describe(`health on ${DRIVER}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('answers 200 with status, version, driver and uptime, without credentials', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(res.statusCode).toBe(200);
    const body = HealthStatus.parse(res.json());
    expect(body).toMatchObject({ status: 'ok', version: '0.1.0', database: { driver: DRIVER, ok: true } });
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 with the same shape when the database does not answer', async () => {
    await t.app.db.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(res.statusCode).toBe(503);
    expect(HealthStatus.parse(res.json())).toMatchObject({ status: 'unavailable', database: { driver: DRIVER, ok: false } });
  });
});
