import { isDeepStrictEqual } from 'node:util';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { WebsocketProvider } from 'y-websocket';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listContent, readListContent, readListStatus, toY, type Json } from '@portal/shared/collab';
import { buildApp, type App } from '@portal/sync-server';
import { loadConfig, type AppConfig } from '../../sync-server/src/config.js';
import { addColleague, DRIVER, until, openTestDatabase, PASSWORD, signUp, tempDir, type Session, type TestDatabase } from '../helper.js';

interface Client {
  doc: Y.Doc;
  provider: WebsocketProvider;
  closed: Promise<{ code: number; reason: string }>;
}

/**
 * Real y-websocket clients against a live server: concurrent editors converge, the draft saved
 * through REST equals their state, invalid states are kept and explained, the state outlives a
 * restart, and versions that are not drafts refuse edits.
 */
describe(`collaborative list editing on ${DRIVER}`, () => {
  let t: TestDatabase;
  let dir: Awaited<ReturnType<typeof tempDir>>;
  let config: AppConfig;
  let app: App;
  /** The /api scope, where the areas decorate their services. */
  let api: App;
  let port = 0;
  let manager: Session;
  let colleague: Session;
  let managerToken: string;
  let colleagueToken: string;
  const clients: Client[] = [];

  const start = async () => {
    app = await buildApp(config, {
      db: t.db,
      logger: false,
      keepDatabaseOpen: true,
      routes: async (scope) => {
        api = scope as unknown as App;
      },
    });
    await app.listen({ port, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  };
  const deviceToken = async (email: string) =>
    (await app.inject({ method: 'POST', url: '/api/device-sessions', payload: { username: email, password: PASSWORD } })).json().token as string;

  const connect = (listId: string, version: number, token: string | null): Client => {
    const doc = new Y.Doc();
    const provider = new WebsocketProvider(`ws://127.0.0.1:${port}/api/collab/expected-doc-lists/${listId}`, String(version), doc, {
      WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
      protocols: token ? ['portal', `bearer.${token}`] : ['portal'],
      disableBc: true,
    });
    const closed = new Promise<{ code: number; reason: string }>((resolve) => provider.on('closed', (e) => resolve(e)));
    const client = { doc, provider, closed };
    clients.push(client);
    return client;
  };
  const synced = (c: Client) => until(() => c.provider.synced, 'client synced');
  const readDraft = async (listId: string, version: number) =>
    (await app.inject({ method: 'GET', url: `/api/expected-doc-lists/${listId}/${version}`, headers: manager.headers })).json();

  const addSection = (c: Client, section: { id: string; name: string; lines: Json[] }) =>
    c.doc.transact(() => {
      const sections = listContent(c.doc).get('sections') as Y.Array<unknown>;
      sections.push([toY({ note: '', subsections: [], ...section } as Json)]);
    });

  let listId: string;

  beforeAll(async () => {
    t = await openTestDatabase();
    dir = await tempDir();
    config = { ...loadConfig({ LOG_LEVEL: 'silent', WORKERS: '0' }), dataDir: dir.path, rendererDir: dir.path };
    await start();
    manager = await signUp(app, { orgName: 'Collab Lending' });
    colleague = await addColleague(app, manager, 'Originator');
    managerToken = await deviceToken(manager.user!.email!);
    colleagueToken = await deviceToken(colleague.user!.email!);
    const created = await app.inject({ method: 'POST', url: '/api/expected-doc-lists', headers: manager.headers, payload: { name: 'Mortgage checklist' } });
    expect(created.statusCode).toBe(201);
    listId = created.json().id;
  });

  afterAll(async () => {
    for (const c of clients) c.provider.destroy();
    await app?.close();
    await t?.dispose();
    await dir?.remove();
  });

  it('lets two editors change one draft at once; both converge and the draft saved through REST equals their state', async () => {
    const a = connect(listId, 1, managerToken);
    const b = connect(listId, 1, colleagueToken);
    await Promise.all([synced(a), synced(b)]);

    addSection(a, { id: 'identity', name: 'Identity', lines: [{ id: 'passport', docType: 'passport' }] });
    addSection(b, { id: 'income', name: 'Income', lines: [{ id: 'payslips', docType: 'payslip', minCount: 3, note: 'Last three months' }] });
    b.doc.transact(() => listContent(b.doc).set('description', 'What a mortgage case needs'));

    await until(() => isDeepStrictEqual(readListContent(a.doc), readListContent(b.doc)) && readListContent(a.doc).sections.length >= 3, 'editors converge');
    await until(() => readListStatus(a.doc)?.state === 'saved' && (readListContent(a.doc).sections as { lines: { name?: string }[] }[]).every((s) => s.lines.every((l) => l.name)), 'the server saved and normalized the state');

    const draft = await readDraft(listId, 1);
    const state = readListContent(a.doc);
    expect(draft.description).toBe('What a mortgage case needs');
    expect(draft.sections).toEqual(state.sections);
    const ids = draft.sections.map((s: { id: string }) => s.id);
    expect(ids).toEqual(expect.arrayContaining(['identity', 'income']));
    const payslips = draft.sections.find((s: { id: string }) => s.id === 'income').lines[0];
    expect(payslips).toMatchObject({ docType: 'payslip', minCount: 3, note: 'Last three months', name: expect.any(String) });
  });

  it('keeps a state that fails validation, shows the errors to every editor, and leaves the saved draft alone', async () => {
    const a = clients[0]!;
    const b = clients[1]!;
    const before = await readDraft(listId, 1);
    addSection(a, { id: 'mystery', name: 'Mystery', lines: [{ id: 'x', docType: 'not-a-real-type' }] });
    await until(() => readListStatus(b.doc)?.state === 'invalid', 'editors see the validation failure');
    expect(readListStatus(b.doc)!.errors.join(' ')).toContain('not-a-real-type');
    expect((await readDraft(listId, 1)).sections).toEqual(before.sections);
    expect(readListContent(b.doc).sections.some((s) => (s as { id: string }).id === 'mystery')).toBe(true);

    // Fixing it saves again.
    b.doc.transact(() => {
      const sections = listContent(b.doc).get('sections') as Y.Array<Y.Map<unknown>>;
      const i = sections.toArray().findIndex((s) => s.get('id') === 'mystery');
      sections.delete(i, 1);
    });
    await until(() => readListStatus(a.doc)?.state === 'saved', 'saved again once fixed');
  });

  it('shows awareness (who is editing where) to the other editors', async () => {
    const [a, b] = clients;
    a!.provider.awareness.setLocalStateField('user', { name: 'Manager', line: 'passport' });
    await until(() => [...b!.provider.awareness.getStates().values()].some((s) => (s as { user?: { name: string } }).user?.name === 'Manager'), 'presence relayed');
  });

  it('applies a REST save of the draft to the open document', async () => {
    const draft = await readDraft(listId, 1);
    const sections = [...draft.sections, { id: 'address', name: 'Address', lines: [{ docType: 'utility-bill' }] }];
    const res = await app.inject({ method: 'PUT', url: `/api/expected-doc-lists/${listId}/1`, headers: manager.headers, payload: { sections } });
    expect(res.statusCode).toBe(200);
    await until(() => clients.slice(0, 2).every((c) => readListContent(c.doc).sections.some((s) => (s as { id: string }).id === 'address')), 'REST change reaches editors');
    expect(readListContent(clients[0]!.doc).sections).toEqual(res.json().sections);
  });

  it('answers a REST save that landed with 200 even when writing it into the live document fails, and writes it later', async () => {
    const hub = api.listCollab.hub;
    const change = hub.change.bind(hub);
    let failures = 0;
    // The database refuses the collaborative write once, after the save committed.
    hub.change = async () => {
      failures++;
      throw new Error('connection terminated unexpectedly');
    };
    const draft = await readDraft(listId, 1);
    const sections = [...draft.sections, { id: 'proof-of-funds', name: 'Proof of funds', lines: [{ docType: 'bank-statement' }] }];
    let res;
    try {
      res = await app.inject({ method: 'PUT', url: `/api/expected-doc-lists/${listId}/1`, headers: manager.headers, payload: { sections } });
    } finally {
      hub.change = change;
    }
    expect(failures).toBe(1);
    expect(res.statusCode).toBe(200);
    expect((await readDraft(listId, 1)).sections.some((s: { id: string }) => s.id === 'proof-of-funds')).toBe(true);
    expect(readListContent(clients[0]!.doc).sections.some((s) => (s as { id: string }).id === 'proof-of-funds')).toBe(false);

    // The save's transaction queued the write (outbox); once due, a worker applies it.
    await t.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'collab.apply-saved' AND status = 'queued'`);
    for (let i = 0; i < 20 && (await app.jobs.runOnce('test')); i++);
    await until(() => clients.slice(0, 2).every((c) => readListContent(c.doc).sections.some((s) => (s as { id: string }).id === 'proof-of-funds')), 'the queued write reaches editors');
  });

  it('keeps the document across a server restart', async () => {
    const expected = readListContent(clients[0]!.doc);
    for (const c of clients.splice(0)) c.provider.destroy();
    await app.close();
    await start();
    const c = connect(listId, 1, managerToken);
    await synced(c);
    // Map keys may come back in another order; the content is what must survive.
    await until(() => isDeepStrictEqual(readListContent(c.doc), expected), 'state after restart');
    expect(readListContent(c.doc)).toEqual(expected);
  });

  it('serves an active version read-only and closes an editor that tries to change it with 4403', async () => {
    const activated = await app.inject({ method: 'POST', url: `/api/expected-doc-lists/${listId}/1/activate`, headers: manager.headers });
    expect(activated.statusCode).toBe(200);
    const reader = connect(listId, 1, colleagueToken);
    await synced(reader);
    const before = readListContent(reader.doc);
    const writer = connect(listId, 1, managerToken);
    await synced(writer);
    addSection(writer, { id: 'late', name: 'Too late', lines: [] });
    expect((await writer.closed).code).toBe(4403);
    await new Promise((r) => setTimeout(r, 200));
    expect(readListContent(reader.doc)).toEqual(before);
    expect((await readDraft(listId, 1)).sections.some((s: { id: string }) => s.id === 'late')).toBe(false);
  });

  it('closes with 4401 without credentials and 4404 for another organization’s list', async () => {
    const anonymous = connect(listId, 1, null);
    expect((await anonymous.closed).code).toBe(4401);
    const stranger = await signUp(app, { orgName: 'Elsewhere' });
    const strangerToken = await deviceToken(stranger.user!.email!);
    const foreign = connect(listId, 1, strangerToken);
    expect((await foreign.closed).code).toBe(4404);
  });

  describe('values nested too deep', () => {
    /** The description as it reads: a text (free text is Y.Text), or whatever else was put there. */
    const descriptionOf = (doc: Y.Doc) => {
      const value = doc.getMap('content').get('description');
      return value instanceof Y.Text ? value.toString() : value;
    };
    /** Sets `content.description` to maps nested `depth` levels deep, in one transaction (one update). */
    const nestDeep = (doc: Y.Doc, depth: number) =>
      doc.transact(() => {
        let map = new Y.Map<unknown>();
        listContent(doc).set('description', map);
        for (let i = 0; i < depth; i++) {
          const inner = new Y.Map<unknown>();
          map.set('deeper', inner);
          map = inner;
        }
      });

    it('refuses such a change with 4413 saying why: it is neither stored nor relayed, and REST saves keep working', async () => {
      const created = await app.inject({ method: 'POST', url: '/api/expected-doc-lists', headers: manager.headers, payload: { name: 'Deep checklist' } });
      const deepId = created.json().id as string;
      const watcher = connect(deepId, 1, colleagueToken);
      const editor = connect(deepId, 1, managerToken);
      await Promise.all([synced(watcher), synced(editor)]);
      nestDeep(editor.doc, 10_000);
      const closed = await editor.closed;
      expect(closed.code).toBe(4413);
      expect(closed.reason).toMatch(/^Change refused: content\.description(\.deeper)+.*/);
      await new Promise((r) => setTimeout(r, 300));
      expect(watcher.doc.getMap('content').get('description')).not.toBeInstanceOf(Y.Map);
      const draft = await readDraft(deepId, 1);
      const put = await app.inject({ method: 'PUT', url: `/api/expected-doc-lists/${deepId}/1`, headers: manager.headers, payload: { description: 'Saved through REST', sections: draft.sections } });
      expect(put.statusCode, put.body).toBe(200);
      await until(() => descriptionOf(watcher.doc) === 'Saved through REST', 'the save reaches the editors');
    });

    it('answers 200 for a REST save over a document that was stored too deep, and replaces the deep value', async () => {
      const created = await app.inject({ method: 'POST', url: '/api/expected-doc-lists', headers: manager.headers, payload: { name: 'Stored too deep' } });
      const deepId = created.json().id as string;
      const first = connect(deepId, 1, managerToken);
      await synced(first);
      first.provider.destroy();
      await new Promise((r) => setTimeout(r, 300));
      // As an older server would have stored it: the deep update written straight into the store.
      const name = `expected-doc-list:${deepId}:1`;
      const { rows } = await t.db.query<{ update: Uint8Array }>('SELECT update FROM collab_updates WHERE org_id = $1 AND doc = $2 ORDER BY id', [manager.organizationId, name]);
      const doc = new Y.Doc();
      for (const r of rows) Y.applyUpdate(doc, r.update);
      const updates: Uint8Array[] = [];
      doc.on('update', (u: Uint8Array) => updates.push(u));
      nestDeep(doc, 10_000);
      await t.db.query('INSERT INTO collab_updates (org_id, doc, update) VALUES ($1, $2, $3)', [manager.organizationId, name, Y.mergeUpdates(updates)]);

      const put = await app.inject({ method: 'PUT', url: `/api/expected-doc-lists/${deepId}/1`, headers: manager.headers, payload: { description: 'Plain again', sections: [] } });
      expect(put.statusCode, put.body).toBe(200);
      const reader = connect(deepId, 1, colleagueToken);
      await synced(reader);
      await until(() => descriptionOf(reader.doc) === 'Plain again', 'the deep value replaced');
      expect((await readDraft(deepId, 1)).description).toBe('Plain again');
    });
  });

  it('turns the free text of a draft stored as plain strings into texts when it is opened, keeping what it reads', async () => {
    const created = await app.inject({ method: 'POST', url: '/api/expected-doc-lists', headers: manager.headers, payload: { name: 'Stored as strings' } });
    const oldId = created.json().id as string;
    const first = connect(oldId, 1, managerToken);
    await synced(first);
    first.provider.destroy();
    await new Promise((r) => setTimeout(r, 300));
    // As the server stored drafts before free text was Y.Text: the description a plain string.
    const name = `expected-doc-list:${oldId}:1`;
    const { rows } = await t.db.query<{ update: Uint8Array }>('SELECT update FROM collab_updates WHERE org_id = $1 AND doc = $2 ORDER BY id', [manager.organizationId, name]);
    const doc = new Y.Doc();
    for (const r of rows) Y.applyUpdate(doc, r.update);
    const updates: Uint8Array[] = [];
    doc.on('update', (u: Uint8Array) => updates.push(u));
    doc.transact(() => listContent(doc).set('description', 'Written by an older server'));
    await t.db.query('INSERT INTO collab_updates (org_id, doc, update) VALUES ($1, $2, $3)', [manager.organizationId, name, Y.mergeUpdates(updates)]);

    const a = connect(oldId, 1, managerToken);
    const b = connect(oldId, 1, colleagueToken);
    await Promise.all([synced(a), synced(b)]);
    await until(() => listContent(a.doc).get('description') instanceof Y.Text && listContent(b.doc).get('description') instanceof Y.Text, 'the description became a text');
    expect(readListContent(a.doc).description).toBe('Written by an older server');
    // From now on two people typing into it at once both keep what they typed.
    a.doc.transact(() => (listContent(a.doc).get('description') as Y.Text).insert(0, 'Old: '));
    b.doc.transact(() => (listContent(b.doc).get('description') as Y.Text).insert('Written by an older server'.length, ' (kept)'));
    const both = 'Old: Written by an older server (kept)';
    await until(() => readListContent(a.doc).description === both && readListContent(b.doc).description === both, 'both edits kept');
    await until(async () => (await readDraft(oldId, 1)).description === both, 'saved');
  });
});
