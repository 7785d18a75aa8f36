import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DRIVER, signUp, type TestApp } from '../helper.js';
import { activeList, client, expectStatus, type Client } from './library-helpers.js';

interface PulledDoc {
  id: string;
  serverRev: number;
  _deleted: boolean;
}

/**
 * Sync reads library versions through the same engine as the REST listings, so what a client
 * replicates is what `GET /expected-doc-lists` shows: an official family the caller has its own
 * copy of disappears from both, and a client that had it is told so.
 */
describe(`sync and REST agree on which library versions a caller sees, on ${DRIVER}`, () => {
  let t: TestApp;
  let c: Client;
  beforeAll(async () => {
    t = await buildTestApp();
    c = client(t.app, await signUp(t.app, { orgName: 'Mirror Ltd' }));
  });
  afterAll(() => t?.close());

  /** Pulls a collection to the end from `rev`, in small batches (so ties at one rev are exercised). */
  const pullAll = async (collection: string, from = 0): Promise<{ docs: Map<string, PulledDoc>; rev: number }> => {
    const docs = new Map<string, PulledDoc>();
    let rev = from;
    for (;;) {
      const page = expectStatus(await c.get(`/sync/${collection}/pull?rev=${rev}&limit=2`), 200);
      for (const d of page.documents as PulledDoc[]) docs.set(d.id, d);
      if (page.documents.length === 0) return { docs, rev };
      rev = page.checkpoint.rev;
    }
  };
  const visible = (docs: Map<string, PulledDoc>) => [...docs.values()].filter((d) => !d._deleted).map((d) => d.id);
  const restKeys = async () =>
    (expectStatus(await c.get('/expected-doc-lists'), 200) as { id: string; version: number; source: string }[]).map((r) => `${r.source}:${r.id}:${r.version}`);

  it('replicates exactly what the listing shows, before and after the caller copies an official template', async () => {
    await activeList(c, 'Own list');
    const first = await pullAll('expected-doc-lists');
    expect(visible(first.docs).sort()).toEqual((await restKeys()).sort());
    expect(first.docs.has('official:mortgage-application:1')).toBe(true);

    expectStatus(await c.post('/expected-doc-lists/mortgage-application/1/new-version'), 201);
    const listing = await restKeys();
    expect(listing).toContain('own:mortgage-application:1');
    expect(listing).not.toContain('official:mortgage-application:1');

    // A client that synced before the copy learns that the official versions left its view.
    const next = await pullAll('expected-doc-lists', first.rev);
    expect(next.docs.get('official:mortgage-application:1')).toMatchObject({ _deleted: true });
    expect(next.docs.get('own:mortgage-application:1')).toMatchObject({ _deleted: false });

    // A fresh client gets the same view as the listing.
    const fresh = await pullAll('expected-doc-lists');
    expect(visible(fresh.docs).sort()).toEqual(listing.sort());
  });

  it('does the same for workflows and intel templates', async () => {
    expectStatus(await c.post('/intel-templates/affordability/1/new-version'), 201);
    const templates = await pullAll('intel-templates');
    expect(templates.docs.get('official:affordability:1')).toMatchObject({ _deleted: true });
    expect(templates.docs.get('own:affordability:1')).toMatchObject({ _deleted: false });
    const workflows = await pullAll('workflows');
    // Every organization starts with its own copy of standard-intake, which hides the official one.
    expect(workflows.docs.get('own:standard-intake:1')).toMatchObject({ _deleted: false });
    expect(workflows.docs.get('official:standard-intake:1')?._deleted ?? true).toBe(true);
  });
});
