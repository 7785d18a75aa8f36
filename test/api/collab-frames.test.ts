import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MESSAGE_BYTES } from '../../sync-server/src/plugins/external/websocket.js';
import { buildTestApp, DRIVER, PASSWORD, signUp, type Session, type TestApp } from '../helper.js';

/** A frame over the size limit is a refusal we expect: closed with 1009, one warning line, no stack trace. */
describe(`oversized collaboration frames on ${DRIVER}`, () => {
  let t: TestApp;
  let manager: Session;
  let port: number;
  const logs: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ logger: { level: 'info', stream: { write: (line: string) => void logs.push(line) } } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
    manager = await signUp(t.app);
  });
  afterAll(() => t?.close());

  it('closes the socket with 1009 and logs a warning without a stack', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/expected-doc-lists', headers: manager.headers, payload: { name: 'Big frames' } });
    const token = (await t.app.inject({ method: 'POST', url: '/api/device-sessions', payload: { username: manager.user!.email, password: PASSWORD } })).json().token;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/collab/expected-doc-lists/${created.json().id}/1`, ['portal', `bearer.${token}`]);
    await new Promise((resolve) => ws.once('message', resolve));
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send(Buffer.alloc(MAX_MESSAGE_BYTES + 1));
    expect(await closed).toBe(1009);
    await new Promise((r) => setTimeout(r, 100));
    const refused = logs.map((l) => JSON.parse(l)).filter((l) => l.msg === 'WebSocket frame refused');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ level: 40, wsError: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' });
    expect(logs.join('\n')).not.toMatch(/"stack"/);
  });
});
