import { describe, expect, it } from 'vitest';
import type { FastifyPluginAsync } from 'fastify';
import { readEventStream } from '@portal/shared/client';
import { buildTestApp, signUp, until } from '../helper.js';

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

/**
 * A stream holds its connection for good, so a stopping server ends it. And right after a client
 * aborts its stream, undici opens a spare connection it sends nothing on: not idle to Node, so the
 * server's close used to wait for the client to drop it (about 4 s).
 */
describe('graceful shutdown with sync event streams', () => {
  const open = async () => {
    const t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const manager = await signUp(t.app);
    const events: unknown[] = [];
    const stop = new AbortController();
    const reading = readEventStream({ url: `${base}/api/sync/stream`, fetch, headers: () => manager.headers, signal: stop.signal, retryMs: 60_000, onData: (d) => events.push(d) });
    await until(() => events[0] === 'RESYNC', 'the stream opens');
    return { t, stop, reading };
  };

  it('stops at once after a client aborted its stream', async () => {
    const { t, stop, reading } = await open();
    try {
      stop.abort();
      await reading;
      // The client may open a spare connection right after; it never sends a request on it.
      await new Promise((r) => setTimeout(r, 100));
      const started = Date.now();
      await t.app.close();
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      await t.close();
    }
  });

  it('ends open streams when it stops', async () => {
    const { t, stop, reading } = await open();
    try {
      const started = Date.now();
      await t.app.close();
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(t.app.db.closed).toBe(true);
    } finally {
      stop.abort();
      await reading;
      await t.close();
    }
  });
});
