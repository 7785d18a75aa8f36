import { it, expect } from 'vitest';
import { buildTestApp, signUp } from '../helper.js';

it('probe', async () => {
  const t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  const m = await signUp(t.app);
  const stop = new AbortController();
  const res = await fetch(`${base}/api/sync/stream`, { headers: m.headers, signal: stop.signal });
  const reader = res.body!.getReader();
  await reader.read();
  stop.abort();
  await new Promise((r) => setTimeout(r, 100));
  const t0 = Date.now();
  await t.app.close();
  console.log('CLOSE took', Date.now() - t0);
  await t.close();
});
