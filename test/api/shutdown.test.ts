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
    // Once closing has begun a new request is refused: the connection is refused, or, while the
    // listener is still being closed, the request is answered 503.
    const late = await fetch(`${base}/api/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);
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
