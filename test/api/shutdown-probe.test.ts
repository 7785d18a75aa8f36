import { it, expect } from 'vitest';
import { buildTestApp, signUp } from '../helper.js';

it('probe', async () => {
  const t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  t.app.server.on('connection', (sock) => { const p = sock.remotePort; console.log('CONN open', p, Date.now() % 100000); sock.on('close', () => console.log('CONN closed', p, Date.now() % 100000)); });
  t.app.server.on('request', (req) => console.log('REQ', req.method, req.url, req.socket.remotePort));
  const m = await signUp(t.app);
  const stop = new AbortController();
  const res = await fetch(`${base}/api/sync/stream`, { headers: m.headers, signal: stop.signal });
  const reader = res.body!.getReader();
  await reader.read();
  console.log('ABORT at', Date.now() % 100000); stop.abort();
  await new Promise((r) => setTimeout(r, 100));
  const t0 = Date.now();
  t.app.server.on('close', () => console.log('SERVER close after', Date.now() - t0));
  const origClose = t.app.db.close.bind(t.app.db); (t.app.db as any).close = async () => { console.log('DB close at', Date.now() - t0); return origClose(); };
  const ci = setInterval(() => t.app.server.getConnections((e, n) => console.log('conns', n, Date.now() - t0)), 500);
  console.log('closing', Date.now());
  await t.app.close();
  console.log('CLOSE took', Date.now() - t0); clearInterval(ci);
  await t.close();
});
