import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DRIVER, signUp, type Session, type TestApp } from '../helper.js';
import { cleanPacket, form } from './applications-helpers.js';
import { activeList, client, expectStatus, type Client } from './library-helpers.js';

interface PulledDoc {
  id: string;
  serverRev: number;
  _deleted: boolean;
}

/**
 * Sync reads library versions through the same engine as the REST listings. The listings hide an
 * official family the caller has its own copy of; sync keeps replicating its published versions
 * (the client shadows them in the library itself), because cases pin official versions by
 * source, id and version and must still open on the device after "Make my own copy" (issue #29,
 * item 6). Only deleted versions and official drafts are sent as gone.
 */
describe(`sync keeps what a caller's cases pin; REST lists what it may choose, on ${DRIVER}`, () => {
  let t: TestApp;
  let c: Client;
  let session: Session;
  beforeAll(async () => {
    t = await buildTestApp();
    session = await signUp(t.app, { orgName: 'Mirror Ltd' });
    c = client(t.app, session);
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

  it('replicates what the listing shows, and after a copy keeps the official versions the listing no longer shows', async () => {
    await activeList(c, 'Own list');
    const first = await pullAll('expected-doc-lists');
    expect(visible(first.docs).sort()).toEqual((await restKeys()).sort());
    expect(first.docs.has('official:mortgage-application:1')).toBe(true);

    expectStatus(await c.post('/expected-doc-lists/mortgage-application/1/new-version'), 201);
    // While the copy is a draft the official list stays listed (issue 38); activating the copy hides it.
    expect(await restKeys()).toContain('official:mortgage-application:1');
    expectStatus(await c.post('/expected-doc-lists/mortgage-application/1/activate'), 200);
    const listing = await restKeys();
    expect(listing).toContain('own:mortgage-application:1');
    expect(listing).not.toContain('official:mortgage-application:1');

    // A client that synced before the copy keeps the official version and gets the copy.
    const next = await pullAll('expected-doc-lists', first.rev);
    expect(next.docs.get('official:mortgage-application:1')?._deleted ?? false).toBe(false);
    expect(next.docs.get('own:mortgage-application:1')).toMatchObject({ _deleted: false });

    // A fresh client gets the listing plus the shadowed official version.
    const fresh = await pullAll('expected-doc-lists');
    expect(visible(fresh.docs).sort()).toEqual([...listing, 'official:mortgage-application:1'].sort());
  });

  it('keeps the official list version a case pins readable after the organization copies that list (issue #29, item 6)', async () => {
    const body = form([
      { name: 'applicant', value: 'Sarah Whitcombe' },
      { name: 'expectedDocList', value: 'tenancy-application' },
      { name: 'files', filename: 'packet.pdf', content: await cleanPacket() },
    ]);
    const started = await t.app.inject({ method: 'POST', url: '/api/workflows/standard-intake/runs', headers: { ...session.headers, ...body.headers }, payload: body.payload });
    expect(started.statusCode, started.body).toBe(201);
    const pinned = started.json().expectedDocList as { source: string; id: string; version: number };
    expect(pinned).toMatchObject({ source: 'official', id: 'tenancy-application' });
    const key = `official:tenancy-application:${pinned.version}`;

    const before = await pullAll('expected-doc-lists');
    expect(before.docs.get(key)).toMatchObject({ _deleted: false });

    // "Make my own copy", then activate the copy: the organization now has its own family of the id.
    const copy = expectStatus(await c.post(`/expected-doc-lists/tenancy-application/${pinned.version}/new-version`), 201) as { id: string; version: number; source: string };
    expect(copy).toMatchObject({ source: 'own', id: 'tenancy-application' });
    expectStatus(await c.post(`/expected-doc-lists/tenancy-application/${copy.version}/activate`), 200);

    const after = await pullAll('expected-doc-lists', before.rev);
    expect(after.docs.get(key)?._deleted ?? false).toBe(false);
    const fresh = await pullAll('expected-doc-lists');
    const doc = fresh.docs.get(key) as (PulledDoc & { list: { name: string; sections: { lines: { id: string; name: string }[] }[] } }) | undefined;
    expect(doc).toMatchObject({ _deleted: false });
    expect(doc!.list.sections.flatMap((s) => s.lines).length).toBeGreaterThan(0);
    expect(fresh.docs.get('own:tenancy-application:1')).toMatchObject({ _deleted: false });
  });

  it('does the same for workflows and intel templates', async () => {
    expectStatus(await c.post('/intel-templates/affordability/1/new-version'), 201);
    const templates = await pullAll('intel-templates');
    expect(templates.docs.get('official:affordability:1')).toMatchObject({ _deleted: false });
    expect(templates.docs.get('own:affordability:1')).toMatchObject({ _deleted: false });
    const workflows = await pullAll('workflows');
    // Every organization starts with its own copy of standard-intake; the official one stays replicated (runs pin it).
    expect(workflows.docs.get('own:standard-intake:1')).toMatchObject({ _deleted: false });
    expect(workflows.docs.get('official:standard-intake:1')).toMatchObject({ _deleted: false });
  });

  it('sends a version again when its family row changes (migration 030)', async () => {
    const id = await activeList(c, 'Family touched');
    const before = await pullAll('expected-doc-lists');
    const key = `own:${id}:1`;
    expect(before.docs.get(key)).toMatchObject({ _deleted: false });
    // No operation deletes a family yet; the rule must hold for whatever changes one.
    await t.app.db.query(`UPDATE library_families SET deleted = true WHERE org_id = $1 AND family_kind = 'expected-doc-list' AND id = $2`, [session.organizationId, id]);
    const after = await pullAll('expected-doc-lists', before.rev);
    expect([...after.docs.keys()]).toEqual([key]);
    expect(after.docs.get(key)).toMatchObject({ _deleted: true });
    expect(after.docs.get(key)!.serverRev).toBeGreaterThan(before.rev);
  });

  it('replicates extraction schemas the same way: the official ones, your own copy beside them, your drafts, no official draft', async () => {
    type SchemaDoc = PulledDoc & { schema: { docType: string; version: number; status: string; source: string; fields: { name: string; label: string }[] } };
    const first = await pullAll('extraction-schemas');
    const payslip = first.docs.get('official:payslip:1') as SchemaDoc | undefined;
    expect(payslip).toMatchObject({ _deleted: false, schema: { docType: 'payslip', version: 1, status: 'active', source: 'official' } });
    expect(payslip!.schema).toEqual(expectStatus(await c.get('/doc-type-extraction-schemas/payslip/1?source=official'), 200));
    expect([...first.docs.values()].every((d) => (d as SchemaDoc).schema.source === 'official' && (d as SchemaDoc).schema.status !== 'draft')).toBe(true);

    expectStatus(await c.post('/doc-type-extraction-schemas/payslip/1/new-version'), 201);
    const own = expectStatus(await c.get('/doc-type-extraction-schemas/payslip/1'), 200) as SchemaDoc['schema'];
    const fields = own.fields.map((f) => (f.name === 'employeeName' ? { ...f, label: 'Name on the payslip' } : f));
    expectStatus(await c.put('/doc-type-extraction-schemas/payslip/1', { fields }), 200);
    expectStatus(await c.post('/doc-type-extraction-schemas/payslip/1/activate'), 200);
    const next = await pullAll('extraction-schemas', first.rev);
    expect(next.docs.get('own:payslip:1')).toMatchObject({ _deleted: false, schema: { status: 'active', source: 'own' } });
    expect((next.docs.get('own:payslip:1') as SchemaDoc).schema.fields.find((f) => f.name === 'employeeName')?.label).toBe('Name on the payslip');
    // The official version the copy shadows stays on the device (the client hides it, as the resolver does).
    expect(next.docs.get('official:payslip:1')?._deleted ?? false).toBe(false);
    expect((await pullAll('extraction-schemas')).docs.get('official:payslip:1')).toMatchObject({ _deleted: false });
  });
});
