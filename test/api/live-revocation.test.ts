import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '@portal/sync-server';
import { loadConfig, type AppConfig } from '../../sync-server/src/config.js';
import { startInstance, type Instance } from './collab-helpers.js';
import { addColleague, apiKeySession, DRIVER, openTestDatabase, PASSWORD, signUp, tempDir, until, type Session, type TestDatabase } from '../helper.js';

/** An open sync event stream, read as a client would. */
interface Stream {
  text: () => string;
  ended: Promise<number>;
  abort(): void;
}

async function openStream(port: number, headers: Record<string, string>): Promise<Stream> {
  const abort = new AbortController();
  const res = await fetch(`http://127.0.0.1:${port}/api/sync/stream`, { headers, signal: abort.signal });
  expect(res.status).toBe(200);
  let text = '';
  const reader = res.body!.getReader();
  const ended = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return performance.now();
        text += Buffer.from(value).toString();
      }
    } catch {
      return performance.now();
    }
  })();
  await until(() => text.includes('RESYNC'), 'the stream opens');
  return { text: () => text, ended, abort: () => abort.abort() };
}

/** An open collaboration socket (a bare WebSocket: it records the close instead of reconnecting). */
interface Socket {
  closed: Promise<{ code: number; reason: string; at: number }>;
  ws: WebSocket;
}

async function openSocket(port: number, listId: string, token: string): Promise<Socket> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/collab/expected-doc-lists/${listId}/1`, ['portal', `bearer.${token}`]);
  const closed = new Promise<{ code: number; reason: string; at: number }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString(), at: performance.now() })),
  );
  // Authenticated and joined once the server's first sync message arrives.
  await new Promise<void>((resolve, reject) => {
    ws.once('message', () => resolve());
    ws.once('close', (code) => reject(new Error(`closed with ${code} before joining`)));
  });
  return { closed, ws };
}

const within = async <T,>(p: Promise<T>, ms: number, what: string): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([p, timeout]);
  } finally {
    clearTimeout(timer);
  }
};

/**
 * Access taken away ends the connections opened with it (issue 17): each kind of revocation,
 * made on one instance, closes an event stream and a collaboration socket open on the other
 * within a second. Two instances share the database (on PGlite, one process's database; on
 * PostgreSQL, two connections, revocations told through `portal_auth`).
 */
describe(`live connections end with their credential on ${DRIVER}`, () => {
  let t: TestDatabase;
  let dir: Awaited<ReturnType<typeof tempDir>>;
  let config: AppConfig;
  let a: Instance;
  let b: Instance;
  let manager: Session;
  let listId: string;
  const open: (Stream | Socket)[] = [];

  const deviceToken = async (app: App, email: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/device-sessions', payload: { username: email, password: PASSWORD } });
    expect(res.statusCode).toBe(201);
    return res.json().token as string;
  };

  /** Opens a stream and a socket on instance b with `token`, runs `revoke` on a, and expects both closed within a second. */
  async function closedEverywhere(token: string, revoke: () => Promise<void>, code = 4401) {
    const stream = await openStream(b.port, { authorization: `Bearer ${token}` });
    const socket = await openSocket(b.port, listId, token);
    open.push(stream, socket);
    const started = performance.now();
    await revoke();
    const [streamEnd, socketEnd] = await within(Promise.all([stream.ended, socket.closed]), 1_000, 'stream and socket closed');
    expect(socketEnd.code).toBe(code);
    expect(stream.text()).toMatch(/event: revoked\ndata: \{"status":40[13]/);
    expect(streamEnd - started).toBeLessThan(1_000);
    expect(socketEnd.at - started).toBeLessThan(1_000);
    // And nothing can be reopened with it.
    const again = await fetch(`http://127.0.0.1:${b.port}/api/sync/stream`, { headers: { authorization: `Bearer ${token}` } });
    expect(again.status).toBe(401);
    await again.body?.cancel();
  }

  beforeAll(async () => {
    t = await openTestDatabase();
    dir = await tempDir();
    config = { ...loadConfig({ LOG_LEVEL: 'silent', WORKERS: '0' }), dataDir: dir.path, rendererDir: dir.path };
    a = await startInstance(config, t.db);
    b = await startInstance(config, await t.connect());
    manager = await signUp(a.app, { orgName: 'Revocation Lettings' });
    const created = await a.app.inject({ method: 'POST', url: '/api/expected-doc-lists', headers: manager.headers, payload: { name: 'Tenancy checklist' } });
    expect(created.statusCode).toBe(201);
    listId = created.json().id;
  });

  afterAll(async () => {
    for (const c of open) 'ws' in c ? c.ws.terminate() : c.abort();
    await a?.close();
    await b?.close();
    await t?.dispose();
    await dir?.remove();
  });

  it('a device session logged out', async () => {
    const token = await deviceToken(a.app, manager.user!.email!);
    await closedEverywhere(token, async () => {
      expect((await a.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(204);
    });
  });

  it('an API key revoked', async () => {
    const key = await apiKeySession(a.app, manager, 'Live key');
    const token = key.headers.authorization!.slice('Bearer '.length);
    await closedEverywhere(token, async () => {
      expect((await a.app.inject({ method: 'DELETE', url: `/api/api-keys/${key.keyId}`, headers: manager.headers })).statusCode).toBe(204);
    });
  });

  it('a user deactivated', async () => {
    const colleague = await addColleague(a.app, manager, 'Originator');
    const token = await deviceToken(a.app, colleague.user!.email!);
    await closedEverywhere(token, async () => {
      const res = await a.app.inject({ method: 'PATCH', url: `/api/users/${colleague.user!.id}`, headers: manager.headers, payload: { active: false } });
      expect(res.statusCode).toBe(200);
    });
  });

  it('a password set by a Manager, and a password changed: every session of the user ends', async () => {
    const colleague = await addColleague(a.app, manager, 'Originator');
    const token = await deviceToken(a.app, colleague.user!.email!);
    await closedEverywhere(token, async () => {
      const res = await a.app.inject({
        method: 'PATCH',
        url: `/api/users/${colleague.user!.id}`,
        headers: manager.headers,
        payload: { temporaryPassword: 'a temporary passphrase' },
      });
      expect(res.statusCode).toBe(200);
    });

    const other = await addColleague(a.app, manager, 'Manager');
    const device = await deviceToken(a.app, other.user!.email!);
    await closedEverywhere(device, async () => {
      const res = await a.app.inject({ method: 'POST', url: '/api/password', headers: other.headers, payload: { currentPassword: PASSWORD, newPassword: 'a brand new passphrase' } });
      expect(res.statusCode).toBe(204);
    });
  });

  it('a role change keeps the connections the new role still allows, and rechecks them', async () => {
    const colleague = await addColleague(a.app, manager, 'Manager');
    const token = await deviceToken(a.app, colleague.user!.email!);
    const stream = await openStream(b.port, { authorization: `Bearer ${token}` });
    const socket = await openSocket(b.port, listId, token);
    open.push(stream, socket);
    const rechecked = b.api.liveConnections.size;
    expect(rechecked).toBeGreaterThanOrEqual(2);
    const res = await a.app.inject({ method: 'PATCH', url: `/api/users/${colleague.user!.id}`, headers: manager.headers, payload: { role: 'Originator' } });
    expect(res.statusCode).toBe(200);
    // An Originator still reads and edits the library: both stay open, and later changes still stream.
    await new Promise((r) => setTimeout(r, 500));
    const bundle = await a.app.inject({ method: 'POST', url: '/api/document-bundles', headers: manager.headers, payload: { name: 'After the demotion', members: ['passport'] } });
    expect(bundle.statusCode).toBe(201);
    await until(() => stream.text().includes('After the demotion'), 'the stream still delivers', 2_000);
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
  });
});
