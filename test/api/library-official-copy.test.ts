import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DRIVER, signUp, type TestApp } from '../helper.js';
import { client, expectStatus, type Client } from './library-helpers.js';

type Row = { id: string; version: number; source: string; status: string };

/**
 * Issue 38, point 1: "Make my own copy" of an official list must not stop new cases of that kind.
 * The organization's copy replaces the official list under its id only once the copy has an
 * active version; until then the official list stays in the library's listing and a case (or a
 * run) given the id uses it. A second copy is still 409 (spec Part 3), in words that say the
 * copy is a draft rather than pointing at an active version that does not exist.
 */
describe(`an official list stays in use until the organization's copy is activated, on ${DRIVER}`, () => {
  let t: TestApp;
  let c: Client;
  beforeAll(async () => {
    t = await buildTestApp();
    c = client(t.app, await signUp(t.app, { orgName: 'Copying Lenders' }));
  });
  afterAll(() => t?.close());

  const listed = async (id: string) =>
    (expectStatus(await c.get('/expected-doc-lists'), 200) as Row[])
      .filter((r) => r.id === id)
      .map((r) => `${r.source}:${r.version}:${r.status}`)
      .sort();
  const newCase = async (expectedDocListId: string, version?: number) =>
    c.post('/applications', { applicantName: 'Ada Borrower', expectedDocListId, ...(version === undefined ? {} : { version }) });

  it('keeps the official list listed and used for new cases while the copy is a draft', async () => {
    expect(await listed('mortgage-application')).toEqual(['official:1:active']);
    const copy = expectStatus(await c.post('/expected-doc-lists/mortgage-application/1/new-version?source=official'), 201);
    expect(copy).toMatchObject({ id: 'mortgage-application', version: 1, status: 'draft', source: 'own' });

    // Both are listed: the official list, which new cases use, and the draft copy being edited.
    expect(await listed('mortgage-application')).toEqual(['official:1:active', 'own:1:draft']);

    // A case given the id (or id and version) is pinned to the official list, not refused for want of an active copy.
    const byId = expectStatus(await newCase('mortgage-application'), 201);
    expect(byId.expectedDocList).toMatchObject({ id: 'mortgage-application', version: 1, source: 'official' });
    const byVersion = expectStatus(await newCase('mortgage-application', 1), 201);
    expect(byVersion.expectedDocList).toMatchObject({ id: 'mortgage-application', version: 1, source: 'official' });

    // The copy itself is still the caller's to read and edit under the id.
    expect(expectStatus(await c.get('/expected-doc-lists/mortgage-application/1'), 200)).toMatchObject({ source: 'own', status: 'draft' });
  });

  it('refuses a second copy with 409 that says the copy is a draft, to edit and activate', async () => {
    const refusal = expectStatus(await c.post('/expected-doc-lists/mortgage-application/1/new-version?source=official'), 409);
    expect(refusal.error).toMatch(/already have the expected document list "mortgage-application" of your own/);
    expect(refusal.error).toMatch(/your copy of “Mortgage application”, version 1, is a draft/);
    expect(refusal.error).toMatch(/official one stays in use/);
    expect(refusal.error).not.toMatch(/from its active version/);
    // Still exactly one copy.
    expect(await listed('mortgage-application')).toEqual(['official:1:active', 'own:1:draft']);
  });

  it('hands the id to the copy once it is activated: the official list leaves the listing, new cases use the copy', async () => {
    expectStatus(await c.post('/expected-doc-lists/mortgage-application/1/activate'), 200);
    expect(await listed('mortgage-application')).toEqual(['own:1:active']);
    const created = expectStatus(await newCase('mortgage-application'), 201);
    expect(created.expectedDocList).toMatchObject({ id: 'mortgage-application', version: 1, source: 'own' });
    // The official version stays readable by source: cases made before still pin it.
    expectStatus(await c.get('/expected-doc-lists/mortgage-application/1?source=official'), 200);

    const refusal = expectStatus(await c.post('/expected-doc-lists/mortgage-application/1/new-version?source=official'), 409);
    expect(refusal.error).toMatch(/in use at version 1; make new versions of yours from it/);
  });

  it('keeps an id without any active version a 409 for new cases (own list never activated)', async () => {
    const { id } = expectStatus(await c.post('/expected-doc-lists', { name: 'Never activated' }), 201);
    expect(expectStatus(await newCase(id), 409).error).toMatch(/no active version/);
  });

  it('does the same for intel templates and workflows: an official one stays listed while your copy is a draft', async () => {
    expectStatus(await c.post('/intel-templates/affordability/1/new-version?source=official'), 201);
    const templates = (expectStatus(await c.get('/intel-templates'), 200) as { id: string; source: string }[]).filter((r) => r.id === 'affordability');
    expect(templates.map((r) => r.source).sort()).toEqual(['official', 'own']);

    // Every organization starts with its own active standard-intake: the official one is not listed.
    const workflows = (expectStatus(await c.get('/workflows'), 200) as { id: string; source: string }[]).filter((r) => r.id === 'standard-intake');
    expect(workflows.map((r) => r.source)).toEqual(['own']);
  });
});
