import { createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSyncCollections, readEventStream, replicateWithServer } from '@portal/shared/client';
import type { BundleDoc } from '@portal/shared/sync';
import { buildApp, type App } from '@portal/sync-server';
import { DRIVER, openTestDatabase, signUp, tempDir, until, type Session, type TestDatabase } from '../helper.js';
import { loadConfig, type AppConfig } from '../../sync-server/src/config.js';

type Doc = BundleDoc;

/**
 * A real RxDB database (memory storage) replicating from a live server over HTTP, the way the
 * desktop app does: initial pull, live stream, restart, isolation between organizations.
 */
describe(`RxDB replication from a live server on ${DRIVER}`, () => {
  let t: TestDatabase;
  let dir: Awaited<ReturnType<typeof tempDir>>;
  let config: AppConfig;
  let app: App;
  let port = 0;
  let manager: Session;
  let stranger: Session;
  let rx: RxDatabase;
  let bundles: RxCollection<Doc>;
  let replication: ReturnType<typeof replicateWithServer<Doc>>;
  const received: string[] = [];

  const start = async () => {
    app = await buildApp(config, { db: t.db, logger: false, keepDatabaseOpen: true });
    await app.listen({ port, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  };
  const rest = (s: Session, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url: `/api${url}`, headers: s.headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await openTestDatabase();
    dir = await tempDir();
    config = { ...loadConfig({ LOG_LEVEL: 'silent', WORKERS: '0' }), dataDir: dir.path, rendererDir: dir.path };
    await start();
    manager = await signUp(app, { orgName: 'Replica Lending' });
    stranger = await signUp(app, { orgName: 'Other Org' });
    for (const [name, members] of [
      ['Identity pack', ['passport', 'driving-licence']],
      ['Income pack', ['payslip', 'p60']],
    ] as const) {
      expect((await rest(manager, 'POST', '/document-bundles', { name, members: [...members] })).statusCode).toBe(201);
    }
    expect((await rest(stranger, 'POST', '/document-bundles', { name: 'Secret pack', members: ['passport'] })).statusCode).toBe(201);

    rx = await createRxDatabase({ name: `portal-test-${Date.now()}`, storage: getRxStorageMemory() });
    ({ bundles } = await addSyncCollections(rx, ['document-bundles']));
    replication = replicateWithServer<Doc>(bundles, 'document-bundles', {
      serverUrl: `http://127.0.0.1:${port}`,
      fetch: (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie: manager.headers.cookie! } }),
    }, { retryMs: 200 });
    replication.received$.subscribe((d) => received.push(`${d.id}@${(d as Doc).serverRev}`));
    replication.error$.subscribe(() => {});
    await replication.awaitInitialReplication();
  });

  afterAll(async () => {
    await replication?.cancel();
    await rx?.close();
    await app?.close();
    await t?.dispose();
    await dir?.remove();
  });

  const names = async () => (await bundles.find().exec()).map((d) => d.name).sort();

  it('pulls the organization’s documents on first sync, and nothing of another organization', async () => {
    expect(await names()).toEqual(['Identity pack', 'Income pack']);
  });

  it('delivers a change made through REST by the live stream within a second', async () => {
    const doc = (await bundles.find().exec()).find((d) => d.name === 'Income pack')!;
    const started = Date.now();
    const res = await rest(manager, 'PUT', `/document-bundles/${doc.id}`, { name: 'Income pack (3 months)', members: ['payslip', 'p60', 'bank-statement'] });
    expect(res.statusCode).toBe(200);
    await until(async () => (await bundles.findOne(doc.id).exec())?.name === 'Income pack (3 months)', 'the renamed bundle arrives', 1_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect((await bundles.findOne(doc.id).exec())!.members).toEqual(['payslip', 'p60', 'bank-statement']);

    const created = await rest(manager, 'POST', '/document-bundles', { name: 'Address pack', members: ['utility-bill'] });
    await until(async () => (await names()).includes('Address pack'), 'the new bundle arrives', 1_000);
    const removed = await rest(manager, 'DELETE', `/document-bundles/${created.json().id}`);
    expect(removed.statusCode).toBe(204);
    await until(async () => !(await names()).includes('Address pack'), 'the deletion arrives', 1_000);
  });

  it('resumes from its checkpoint after a server restart, without duplicates or gaps', async () => {
    await until(() => replication.isStopped() === false, 'replication running', 1_000);
    await replication.awaitInSync();
    const before = received.length;
    await app.close();
    // While the server is down, the data changes (another instance, or this one just before).
    const during = await buildApp(config, { db: t.db, logger: false, keepDatabaseOpen: true });
    const ids: string[] = [];
    for (const name of ['Pension pack', 'Tax pack']) {
      const res = await during.inject({ method: 'POST', url: '/api/document-bundles', headers: manager.headers, payload: { name, members: ['p60'] } });
      ids.push(res.json().id);
    }
    await during.close();

    await start();
    await until(async () => (await names()).includes('Tax pack'), 'changes made while down arrive after the restart', 5_000);
    await replication.awaitInSync();
    expect(await names()).toEqual(['Identity pack', 'Income pack (3 months)', 'Pension pack', 'Tax pack']);
    const after = received.slice(before);
    expect(new Set(after).size, after.join(', ')).toBe(after.length);
    for (const id of ids) expect(after.filter((r) => r.startsWith(`${id}@`))).toHaveLength(1);
  });

  it('never receives another organization’s changes', async () => {
    await rest(stranger, 'POST', '/document-bundles', { name: 'Another secret', members: ['passport'] });
    await rest(manager, 'POST', '/document-bundles', { name: 'Marker pack', members: ['passport'] });
    await until(async () => (await names()).includes('Marker pack'), 'own change arrives', 1_000);
    expect((await names()).some((n) => n.includes('secret') || n.includes('Secret'))).toBe(false);
  });

  it('streams several collections on one connection, each event naming its collection', async () => {
    const events: unknown[] = [];
    const stop = new AbortController();
    void readEventStream({
      url: `http://127.0.0.1:${port}/api/sync/stream?collections=document-bundles,organization`,
      fetch: (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie: manager.headers.cookie! } }),
      signal: stop.signal,
      onData: (d) => events.push(d),
    });
    try {
      await until(() => events[0] === 'RESYNC', 'the stream opens with RESYNC', 2_000);
      await rest(manager, 'POST', '/document-bundles', { name: 'Multiplexed pack', members: ['passport'] });
      await app.inject({ method: 'PATCH', url: '/api/organization', headers: manager.headers, payload: { name: 'Replica Lending Ltd' } });
      const named = (c: string) => events.find((e) => (e as { collection?: string }).collection === c) as { documents: { name: string }[] } | undefined;
      await until(() => named('document-bundles') !== undefined && named('organization') !== undefined, 'both collections’ changes arrive', 1_000);
      expect(named('document-bundles')!.documents.map((d) => d.name)).toContain('Multiplexed pack');
      expect(named('organization')!.documents.map((d) => d.name)).toEqual(['Replica Lending Ltd']);
    } finally {
      stop.abort();
    }
    const bad = await app.inject({ method: 'GET', url: '/api/sync/stream?collections=document-bundles,secrets', headers: manager.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/query\.collections/);
  });

  it('refuses pushes with the server state as a conflict, which the client keeps', async () => {
    const doc = (await bundles.find().exec()).find((d) => d.name === 'Identity pack')!;
    await doc.incrementalPatch({ name: 'Tampered offline' });
    await until(async () => (await bundles.findOne(doc.id).exec())?.name === 'Identity pack', 'the master state wins', 3_000);
    const res = await app.inject({ method: 'GET', url: '/api/document-bundles', headers: manager.headers });
    expect(res.json().map((b: { name: string }) => b.name)).toContain('Identity pack');
  });

  it('answers a push 200 with the conflicts array, a document it does not know as deleted', async () => {
    const known = (await bundles.find().exec()).find((d) => d.name === 'Identity pack')!.toJSON();
    const unknown = { id: 'made-offline', name: 'Made offline', members: ['passport'], createdAt: known.createdAt, updatedAt: known.updatedAt, serverRev: 0, _deleted: false };
    const res = await app.inject({
      method: 'POST',
      url: '/api/sync/document-bundles/push',
      headers: manager.headers,
      payload: [
        { newDocumentState: { ...known, name: 'Tampered', _deleted: false }, assumedMasterState: { ...known, _deleted: false } },
        { newDocumentState: unknown, assumedMasterState: null },
      ],
    });
    expect(res.statusCode).toBe(200);
    const conflicts = res.json() as { id: string; name: string; _deleted: boolean; serverRev: number }[];
    expect(conflicts.map((c) => [c.id, c.name, c._deleted])).toEqual([
      [known.id, 'Identity pack', false],
      ['made-offline', 'Made offline', true],
    ]);
    expect(conflicts[0]!.serverRev).toBe(known.serverRev);
    // Another organization's document is unknown to this caller, and comes back deleted too.
    const theirs = await app.inject({ method: 'GET', url: '/api/sync/document-bundles/pull', headers: stranger.headers });
    const secret = theirs.json().documents[0];
    const leaked = await app.inject({ method: 'POST', url: '/api/sync/document-bundles/push', headers: manager.headers, payload: [{ newDocumentState: { id: secret.id } }] });
    expect(leaked.json()).toEqual([{ id: secret.id, _deleted: true }]);
  });

  it('drops a document the server does not know once a stock RxDB push handler pushed it', async () => {
    const { createdAt, updatedAt } = (await bundles.find().exec())[0]!;
    await bundles.insert({ id: 'made-offline', name: 'Made offline', members: ['passport'], createdAt, updatedAt, serverRev: 0 });
    await until(async () => (await bundles.findOne('made-offline').exec()) === null, 'the unknown document is dropped', 3_000);
    await replication.awaitInSync();
    expect(await names()).not.toContain('Made offline');
  });
});
