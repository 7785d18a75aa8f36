import { describe, expect, it } from 'vitest';
import type { FastifyPluginAsync } from 'fastify';
import { buildTestApp } from '../helper.js';

describe('graceful shutdown', () => {
  it('finishes a request in flight, refuses new ones, then closes the database', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    const slow: FastifyPluginAsync = async (api) => {
      api.get('/slow', { config: { access: 'public' } }, async () => {
        entered();
        await held;
        return { done: true };
      });
    };
    const t = await buildTestApp({ routes: slow });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;

    const inFlight = fetch(`${base}/api/slow`);
    await inside;
    const closing = t.app.close();
    // New connections are refused once closing has begun.
    await expect(fetch(`${base}/api/healthz`, { signal: AbortSignal.timeout(2_000) })).rejects.toThrow();
    expect(t.app.db.closed).toBe(false);
    release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    await closing;
    expect(t.app.db.closed).toBe(true);
    await t.close().catch(() => {});
  });
});
