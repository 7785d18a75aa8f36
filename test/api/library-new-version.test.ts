import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DRIVER, signUp, type TestApp } from '../helper.js';
import { activeList, client, expectStatus, type Client } from './library-helpers.js';

/**
 * Spec Part 3: new-version starts from an `active` version, for every kind. A draft is edited in
 * place; versioning it again would make a second draft of one line of work. This also covers the
 * caller's own draft copy of official content: a second "new version of the official template"
 * finds the caller's copy (a draft) and is refused, as the spec's "409 if the caller already has
 * that id" says.
 */
describe(`new-version needs an active source, for every kind, on ${DRIVER}`, () => {
  let t: TestApp;
  let c: Client;
  beforeAll(async () => {
    t = await buildTestApp();
    c = client(t.app, await signUp(t.app, { orgName: 'Versioning Ltd' }));
  });
  afterAll(() => t?.close());

  it('lists: 409 on the caller’s own draft, 201 from the active version', async () => {
    const { id } = expectStatus(await c.post('/expected-doc-lists', { name: 'Draft only list' }), 201);
    expect(expectStatus(await c.post(`/expected-doc-lists/${id}/1/new-version`), 409).error).toMatch(/draft.*active version/);
    expect(expectStatus(await c.post(`/expected-doc-lists/${id}/1/rename-as-new-version`, { name: 'Other' }), 409).error).toMatch(/draft/);
    const active = await activeList(c, 'Active list');
    expectStatus(await c.post(`/expected-doc-lists/${active}/1/new-version`), 201);
    // v2 is a draft now: versioning it again is refused too.
    expectStatus(await c.post(`/expected-doc-lists/${active}/2/new-version`), 409);
  });

  it('official list template: the first new-version copies it; a second one finds your draft copy and is 409', async () => {
    const copy = expectStatus(await c.post('/expected-doc-lists/mortgage-application/1/new-version'), 201);
    expect(copy).toMatchObject({ id: 'mortgage-application', version: 1, status: 'draft', source: 'own', kind: 'expectedDocListCatalogOrgCustom' });
    expectStatus(await c.post('/expected-doc-lists/mortgage-application/1/new-version'), 409);
    expect(expectStatus(await c.post('/expected-doc-lists/mortgage-application/1/new-version?source=official'), 409).error).toMatch(/already have/);
    // The official list stays listed beside the draft copy until the copy is activated (issue 38).
    const versions = expectStatus(await c.get('/expected-doc-lists'), 200).filter((r: { id: string }) => r.id === 'mortgage-application');
    expect(versions.map((r: { version: number; source: string }) => `${r.source}:${r.version}`).sort()).toEqual(['official:1', 'own:1']);
  });

  it('extraction schemas: the official copy once, then 409; your own draft is not versioned', async () => {
    const copy = expectStatus(await c.post('/doc-type-extraction-schemas/passport/1/new-version'), 201);
    expect(copy).toMatchObject({ docType: 'passport', version: 1, status: 'draft', source: 'own' });
    expectStatus(await c.post('/doc-type-extraction-schemas/passport/1/new-version'), 409);
    expectStatus(await c.post('/doc-type-extraction-schemas/passport/1/new-version?source=official'), 409);
  });

  it('workflows: 409 on a draft, 201 from an active version', async () => {
    const { id } = expectStatus(await c.post('/workflows', { name: 'Draft workflow' }), 201);
    expectStatus(await c.post(`/workflows/${id}/1/new-version`), 409);
    // Every organization starts with its own active copy of standard-intake.
    expectStatus(await c.post('/workflows/standard-intake/1/new-version'), 201);
    expectStatus(await c.post('/workflows/standard-intake/2/new-version'), 409);
  });

  it('intel templates: 409 on a draft, the official copy once', async () => {
    const { id } = expectStatus(await c.post('/intel-templates', { name: 'Draft template' }), 201);
    expectStatus(await c.post(`/intel-templates/${id}/1/new-version`), 409);
    expectStatus(await c.post('/intel-templates/affordability/1/new-version'), 201);
    expectStatus(await c.post('/intel-templates/affordability/1/new-version'), 409);
  });
});
