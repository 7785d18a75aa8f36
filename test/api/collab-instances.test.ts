import { isDeepStrictEqual } from 'node:util';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { WebsocketProvider } from 'y-websocket';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listContent, readListContent, toY, type Json } from '@portal/shared/collab';
import { buildApp, type App } from '@portal/sync-server';
import { loadConfig } from '../../sync-server/src/config.js';
import { DRIVER, openTestDatabase, PASSWORD, signUp, tempDir, until, type Session, type TestDatabase } from '../helper.js';

/**
 * Two server instances sharing one database, the way a deployment grows past one machine: an
 * editor on each, their edits and presence meet, and a REST change made through one instance
 * reaches a sync stream served by the other.
 */
describe(`two server instances on one ${DRIVER} database`, () => {
  let t: TestDatabase;
  let dir: Awaited<ReturnType<typeof tempDir>>;
  const apps: App[] = [];
  const ports: number[] = [];
  const providers: WebsocketProvider[] = [];
  let manager: Session;
  let token: string;
  let listId: string;

  beforeAll(async () => {
    t = await openTestDatabase();
    dir = await tempDir();
    const config = { ...loadConfig({ LOG_LEVEL: 'silent', WORKERS: '0' }), dataDir: dir.path, rendererDir: dir.path };
    for (const db of [t.db, await t.connect()]) {
      const app = await buildApp(config, { db, logger: false, keepDatabaseOpen: true });
      await app.listen({ port: 0, host: '127.0.0.1' });
      apps.push(app);
      ports.push((app.server.address() as { port: number }).port);
    }
    manager = await signUp(apps[0]!, { orgName: 'Two Sites Lending' });
    token = (await apps[1]!.inject({ method: 'POST', url: '/api/device-sessions', payload: { username: manager.user!.email, password: PASSWORD } })).json().token;
    listId = (await apps[0]!.inject({ method: 'POST', url: '/api/expected-doc-lists', headers: manager.headers, payload: { name: 'Shared checklist' } })).json().id;
  });

  afterAll(async () => {
    for (const p of providers) p.destroy();
    for (const app of apps) await app.close();
    await t?.dispose();
    await dir?.remove();
  });

  const connect = (port: number, name: string) => {
    const doc = new Y.Doc();
    const provider = new WebsocketProvider(`ws://127.0.0.1:${port}/api/collab/expected-doc-lists/${listId}`, '1', doc, {
      WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
      protocols: ['portal', `bearer.${token}`],
      disableBc: true,
    });
    provider.awareness.setLocalStateField('user', { name });
    providers.push(provider);
    return { doc, provider };
  };

  it('relays edits and presence between editors connected to different instances', async () => {
    const a = connect(ports[0]!, 'Ada on instance A');
    const b = connect(ports[1]!, 'Ben on instance B');
    await until(() => a.provider.synced && b.provider.synced, 'both synced');

    a.doc.transact(() => (listContent(a.doc).get('sections') as Y.Array<unknown>).push([toY({ id: 'from-a', name: 'From A', note: '', lines: [], subsections: [] } as Json)]));
    b.doc.transact(() => listContent(b.doc).set('description', 'Edited on instance B'));
    await until(
      () => isDeepStrictEqual(readListContent(a.doc), readListContent(b.doc)) && readListContent(a.doc).description === 'Edited on instance B' && readListContent(b.doc).sections.some((s) => (s as { id: string }).id === 'from-a'),
      'edits made on two instances converge',
    );

    const names = (p: WebsocketProvider) => [...p.awareness.getStates().values()].map((s) => (s as { user?: { name: string } }).user?.name);
    // A presence announced before the other instance relayed the room (a loaded machine) is
    // announced again by its editor within y-protocols' renewal (15 s): convergence, not speed.
    await until(() => names(a.provider).includes('Ben on instance B') && names(b.provider).includes('Ada on instance A'), 'presence crosses instances', 20_000);
  });

  it('streams a change made through one instance to a sync client of the other', async () => {
    const events: unknown[] = [];
    const stop = new AbortController();
    const res = await fetch(`http://127.0.0.1:${ports[1]}/api/sync/stream?collections=document-bundles`, {
      headers: { authorization: `Bearer ${token}` },
      signal: stop.signal,
    });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        for (const line of value!.split('\n')) if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)));
      }
    })();
    await until(() => events[0] === 'RESYNC', 'stream open');
    const created = await apps[0]!.inject({ method: 'POST', url: '/api/document-bundles', headers: manager.headers, payload: { name: 'Cross-instance pack', members: ['passport'] } });
    expect(created.statusCode).toBe(201);
    await until(() => events.some((e) => JSON.stringify(e).includes('Cross-instance pack')), 'the other instance streams it', 2_000);
    stop.abort();
  });
});
