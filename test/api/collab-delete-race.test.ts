import * as Y from 'yjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listContent, readListContent } from '@portal/shared/collab';
import { loadConfig } from '../../sync-server/src/config.js';
import { DRIVER, openTestDatabase, PASSWORD, signUp, tempDir, until, type Session, type TestDatabase } from '../helper.js';
import { connectEditor, deferred, startInstance, type Deferred, type Editor, type Instance } from './collab-helpers.js';

const ROUNDS = 15;

const lineIds = (e: Editor) => (readListContent(e.doc).sections as { lines: { id: string }[] }[]).flatMap((s) => s.lines.map((l) => l.id));
const linesOf = (e: Editor) => ((listContent(e.doc).get('sections') as Y.Array<Y.Map<unknown>>).get(0).get('lines') as Y.Array<Y.Map<unknown>>);

/**
 * Defect 1 of issue #10: one editor changes a note, and while the server saves that change,
 * another deletes a line. The save used to write the saved content back into the live document
 * whenever the state vector had not moved, and a delete moves no state vector: the deleted line
 * came back in every editor and in the draft. The save is held open here (a hook on the list
 * service) until the delete has reached the server, so the window is hit every round.
 */
describe(`a line deleted while the server saves stays deleted, on ${DRIVER}`, () => {
  let t: TestDatabase;
  let dir: Awaited<ReturnType<typeof tempDir>>;
  let server: Instance;
  let manager: Session;
  let listId: string;
  const editors: Editor[] = [];

  beforeAll(async () => {
    t = await openTestDatabase();
    dir = await tempDir();
    const config = { ...loadConfig({ LOG_LEVEL: 'silent', WORKERS: '0' }), dataDir: dir.path, rendererDir: dir.path };
    server = await startInstance(config, t.db);
    manager = await signUp(server.app, { orgName: 'Race Lending' });
    listId = (await server.app.inject({ method: 'POST', url: '/api/expected-doc-lists', headers: manager.headers, payload: { name: 'Race checklist' } })).json().id;
    const lines = Array.from({ length: ROUNDS + 1 }, (_, i) => ({ id: `line-${i}`, docType: i % 2 ? 'payslip' : 'passport' }));
    const put = await server.app.inject({
      method: 'PUT',
      url: `/api/expected-doc-lists/${listId}/1`,
      headers: manager.headers,
      payload: { sections: [{ id: 'main', name: 'Main', lines }] },
    });
    expect(put.statusCode).toBe(200);
  });

  afterAll(async () => {
    for (const e of editors) e.provider.destroy();
    await server?.close();
    await t?.dispose();
    await dir?.remove();
  });

  it(`never brings a deleted line back (${ROUNDS} rounds, the delete landing while the save runs)`, async () => {
    const token = async () => (await server.app.inject({ method: 'POST', url: '/api/device-sessions', payload: { username: manager.user!.email, password: PASSWORD } })).json().token as string;
    const a = connectEditor(server.port, listId, 1, await token());
    const b = connectEditor(server.port, listId, 1, await token());
    editors.push(a, b);
    await until(() => a.provider.synced && b.provider.synced && lineIds(a).length === ROUNDS + 1 && lineIds(b).length === ROUNDS + 1, 'editors synced');

    // Saves are held at the door while a round asks for it.
    const lists = server.api.listCollab.lists;
    const save = lists.saveFromCollaboration.bind(lists);
    let hold: { entered: Deferred; release: Deferred } | undefined;
    let finished = 0;
    lists.saveFromCollaboration = async (...args) => {
      const held = hold;
      hold = undefined;
      if (held) {
        held.entered.resolve();
        await held.release.promise;
      }
      try {
        return await save(...args);
      } finally {
        finished++;
      }
    };

    const deleted: string[] = [];
    const draftIds = async () => {
      const res = await server.app.inject({ method: 'GET', url: `/api/expected-doc-lists/${listId}/1`, headers: manager.headers });
      return (res.json().sections as { lines: { id: string }[] }[]).flatMap((s) => s.lines.map((l) => l.id));
    };
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const victim = `line-${round + 1}`;
        hold = { entered: deferred(), release: deferred() };
        const { entered, release } = hold;
        const before = finished;
        // A changes the note of the first line; the server starts saving it…
        a.doc.transact(() => linesOf(a).get(0).set('note', `round ${round}`));
        await entered.promise;
        // …and B deletes another line meanwhile; A seeing it means the server has it.
        b.doc.transact(() => {
          const lines = linesOf(b);
          lines.delete(lines.toArray().findIndex((l) => l.get('id') === victim), 1);
        });
        deleted.push(victim);
        await until(() => !lineIds(a).includes(victim), 'the delete reached the server');
        release.resolve();
        // The held save, then the one the delete scheduled.
        await until(() => finished >= before + 2, 'both saves done');
        for (const e of [a, b]) expect(lineIds(e).filter((id) => deleted.includes(id)), `round ${round}`).toEqual([]);
      }
    } finally {
      hold?.release.resolve();
      lists.saveFromCollaboration = save;
    }
    await until(async () => (await draftIds()).length === 1, 'the draft saved without the deleted lines');
    expect(await draftIds()).toEqual(['line-0']);
    for (const e of [a, b]) expect(lineIds(e)).toEqual(['line-0']);
    expect((readListContent(a.doc).sections[0] as { lines: { note: string }[] }).lines[0]!.note).toBe(`round ${ROUNDS - 1}`);
  });
});
