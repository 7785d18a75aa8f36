import { it } from 'vitest';
import { buildTestApp, signUp } from '../helper.js';

it('probe without stream', async () => {
  const t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  const m = await signUp(t.app);
  const res = await fetch(`${base}/api/sync/document-bundles/pull`, { headers: m.headers });
  await res.text();
  const t0 = Date.now();
  await t.app.close();
  console.log('CLOSE2 took', Date.now() - t0);
  await t.close();
});
it('probe stream, no abort', async () => {
  const t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  const m = await signUp(t.app);
  const res = await fetch(`${base}/api/sync/stream`, { headers: m.headers });
  const reader = res.body!.getReader();
  await reader.read();
  const t0 = Date.now();
  await t.app.close();
  console.log('CLOSE3 took', Date.now() - t0);
  await t.close();
});
