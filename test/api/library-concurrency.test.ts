import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DRIVER, signUp, type TestApp } from '../helper.js';
import { activeList, client, expectStatus, race, type Client } from './library-helpers.js';

/**
 * Simultaneous requests on one family. On PostgreSQL they run on separate connections and meet at
 * the family's row lock; on PGlite (one connection) they queue. Either way exactly one wins.
 */
describe(`library concurrency on ${DRIVER}`, () => {
  const N = 8;
  let t: TestApp;
  let a: Client;
  beforeAll(async () => {
    t = await buildTestApp();
    a = client(t.app, await signUp(t.app, { orgName: 'Racing Ltd' }));
  });
  afterAll(() => t?.close());

  const versionsOf = async (id: string) =>
    expectStatus(await a.get('/expected-doc-lists'), 200)
      .filter((r: any) => r.id === id && r.source === 'own')
      .map((r: any) => [r.version, r.status]);

  it('parallel activations of one draft: one 200, the rest 409, one active version', async () => {
    const id = await activeList(a, 'Race activate');
    expectStatus(await a.post(`/expected-doc-lists/${id}/1/new-version`), 201);
    const { count } = await race(N, () => a.post(`/expected-doc-lists/${id}/2/activate`));
    expect([count(200), count(409)]).toEqual([1, N - 1]);
    expect(await versionsOf(id)).toEqual([[1, 'superseded'], [2, 'active']]);
  });

  it('parallel activations of one draft: one 200, the rest 409, exactly one active version', async () => {
    const id = await activeList(a, 'Race one draft');
    expectStatus(await a.post(`/expected-doc-lists/${id}/1/new-version`), 201);
    const { count } = await race(N, () => a.post(`/expected-doc-lists/${id}/2/activate`));
    expect(count(200)).toBe(1);
    expect(count(409)).toBe(N - 1);
    expect(await versionsOf(id)).toEqual([
      [1, 'superseded'],
      [2, 'active'],
    ]);
  });

  it('parallel new-versions: one 201, the rest 409, one new version', async () => {
    const id = await activeList(a, 'Race new version');
    const { count, replies } = await race(N, (i) =>
      i % 2 ? a.post(`/expected-doc-lists/${id}/1/new-version`) : a.post(`/expected-doc-lists/${id}/1/rename-as-new-version`, { name: `Renamed ${i}` }),
    );
    expect([count(201), count(409)], JSON.stringify(replies.map((r) => r.body))).toEqual([1, N - 1]);
    expect(await versionsOf(id)).toEqual([[1, 'active'], [2, 'draft']]);
  });

  it('parallel creates of one name: one 201, the rest 409', async () => {
    const { count } = await race(N, () => a.post('/expected-doc-lists', { name: 'Race create' }));
    expect([count(201), count(409)]).toEqual([1, N - 1]);
  });

  it('parallel copies of an official template: one caller copy', async () => {
    const { count } = await race(N, () => a.post('/expected-doc-lists/business-account-onboarding/1/new-version?source=official'));
    expect([count(201), count(409)]).toEqual([1, N - 1]);
  });

  it('parallel set-default: every answer and the end state have exactly one default list', async () => {
    const ids = [await activeList(a, 'Default race A'), await activeList(a, 'Default race B'), await activeList(a, 'Default race C')];
    const { replies } = await race(N * 2, (i) => a.post(`/expected-doc-lists/${ids[i % ids.length]}/1/set-default`));
    const defaults = (rows: any[]) => new Set(rows.filter((r) => r.isDefault).map((r) => `${r.source}/${r.id}`));
    for (const r of replies) {
      expect(r.status).toBe(200);
      expect(defaults(r.body).size).toBe(1);
    }
    const end = defaults(expectStatus(await a.get('/expected-doc-lists'), 200));
    expect(end.size).toBe(1);
    expect(ids).toContain([...end][0]!.split('/')[1]);
  });

  it('parallel coins: each distinct type lands once, in one chain of catalogue versions', async () => {
    const c = client(t.app, await signUp(t.app, { orgName: 'Coin race' }));
    const names = Array.from({ length: N }, (_, i) => `Race type ${String.fromCharCode(97 + i)}`);
    const { count } = await race(N * 2, (i) => c.post('/doc-types', { name: names[i % N], kind: 'other' }));
    expect([count(201), count(200)]).toEqual([N, N]);
    const custom = expectStatus(await c.get('/expected-doc-lists'), 200).filter((r: any) => r.id === 'custom-documents');
    expect(custom.map((r: any) => r.status)).toEqual([...Array(N - 1).fill('superseded'), 'active']);
    const catalog = expectStatus(await c.get('/doc-type-catalog/marked'), 200);
    const coined = catalog.entries.filter((e: any) => e.definedIn.listId === 'custom-documents').map((e: any) => e.name);
    expect(coined.sort()).toEqual(names);
  });

  it('parallel schema activations: one 200, the rest 409', async () => {
    expectStatus(await a.post('/doc-type-extraction-schemas', { name: 'Race schema', kind: 'other' }), 201);
    expectStatus(await a.put('/doc-type-extraction-schemas/race-schema/1', { fields: [{ name: 'value', type: 'text' }] }), 200);
    const { count } = await race(N, () => a.post('/doc-type-extraction-schemas/race-schema/1/activate'));
    expect([count(200), count(409)]).toEqual([1, N - 1]);
    const newVersions = await race(N, () => a.post('/doc-type-extraction-schemas/race-schema/1/new-version'));
    expect([newVersions.count(201), newVersions.count(409)]).toEqual([1, N - 1]);
  });
});
