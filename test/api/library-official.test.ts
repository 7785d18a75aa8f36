import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officialContent } from '../../sync-server/src/library/official/content.js';
import { seedOfficialContent } from '../../sync-server/src/library/official/seed.js';
import { buildTestApp, DRIVER, signUp, type TestApp } from '../helper.js';
import { client, expectStatus, type Client } from './library-helpers.js';

const countRows = async (t: TestApp) => {
  const { rows } = await t.app.db.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM library_versions)::int + (SELECT count(*) FROM library_families)::int + (SELECT count(*) FROM organizations WHERE is_official)::int AS n`,
  );
  return rows[0]!.n;
};

describe(`official content on ${DRIVER}`, () => {
  let t: TestApp;
  let officialOrgId: string;
  let c: Client;
  beforeAll(async () => {
    t = await buildTestApp();
    officialOrgId = (await t.app.db.query<{ id: string }>('SELECT id FROM organizations WHERE is_official')).rows[0]!.id;
    c = client(t.app, await signUp(t.app, { orgName: 'Reader Ltd' }));
  });
  afterAll(() => t?.close());

  it('is owned by the one official organization, all active', async () => {
    const { rows } = await t.app.db.query<{ family_kind: string; id: string; version: number; status: string }>(
      `SELECT family_kind, id, version, status FROM library_versions
        WHERE org_id = $1 AND family_kind IN ('expected-doc-list', 'extraction-schema') ORDER BY family_kind, id`,
      [officialOrgId],
    );
    const content = officialContent();
    expect(rows).toHaveLength(content.catalogs.length + content.templates.length + content.schemas.length);
    expect(rows.every((r) => r.status === 'active')).toBe(true);
    expect(rows.filter((r) => r.family_kind === 'extraction-schema')).toHaveLength(18);
    // A second official organization cannot exist.
    await expect(t.app.db.query(`INSERT INTO organizations (id, name, is_official) VALUES ('org_second', 'Second', true)`)).rejects.toThrow();
    // Signing up never makes an official organization.
    const org = expectStatus(await c.get('/organization'), 200);
    expect(org).toMatchObject({ isOfficial: false, markedDocTypeCatalog: 'generic' });
  });

  it('official list templates activate cleanly in a fresh organization’s chain', async () => {
    for (const id of ['mortgage-application', 'tenancy-application', 'business-account-onboarding']) {
      const fresh = client(t.app, await signUp(t.app, { orgName: `Fresh ${id}` }));
      expectStatus(await fresh.post(`/expected-doc-lists/${id}/1/new-version`), 201);
      expectStatus(await fresh.post(`/expected-doc-lists/${id}/1/activate`), 200);
    }
  });

  it('reseeding is a no-op', async () => {
    const before = await countRows(t);
    expect(await seedOfficialContent(t.app.db)).toEqual({ orgId: officialOrgId, published: [] });
    expect(await countRows(t)).toBe(before);
  });

  it('hides official drafts from everyone else', async () => {
    await t.app.db.query(
      `INSERT INTO library_versions (org_id, family_kind, id, version, name, status, content)
       SELECT org_id, family_kind, id, 2, name, 'draft', content FROM library_versions WHERE org_id = $1 AND family_kind = 'expected-doc-list' AND id = 'tenancy-application'`,
      [officialOrgId],
    );
    expectStatus(await c.get('/expected-doc-lists/tenancy-application/2'), 404);
    expectStatus(await c.post('/expected-doc-lists/tenancy-application/2/activate'), 404);
    expect(expectStatus(await c.get('/expected-doc-lists'), 200).filter((r: any) => r.id === 'tenancy-application').map((r: any) => r.version)).toEqual([1]);
  });
});

describe(`a later official content release on ${DRIVER}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('adds versions: the new one active, the previous superseded; what organizations copied stays theirs', async () => {
    const c = client(t.app, await signUp(t.app, { orgName: 'Release watcher' }));
    expectStatus(await c.post('/expected-doc-lists/mortgage-application/1/new-version'), 201);

    const release = officialContent();
    const generic = release.catalogs.find((x) => x.id === 'generic')!;
    const generic2 = structuredClone(generic);
    generic2.version = 2;
    generic2.sections.find((s) => s.id === 'identity-documents')!.lines.push({
      docType: 'residence-permit',
      name: 'Residence permit',
      kind: 'identity',
      description: 'A biometric residence permit card, both sides.',
    });
    release.catalogs.push(generic2);
    const payslip2 = structuredClone(release.schemas.find((s) => s.docType === 'payslip')!);
    payslip2.version = 2;
    payslip2.fields.push({ ...payslip2.fields[0]!, name: 'taxCode', label: 'Tax code', description: 'The PAYE tax code.', hints: [] });
    release.schemas.push(payslip2);

    const { published } = await seedOfficialContent(t.app.db, release);
    expect(published.sort()).toEqual(['expected-doc-list/generic/2', 'extraction-schema/payslip/2']);
    expect((await seedOfficialContent(t.app.db, release)).published).toEqual([]);

    const catalog = expectStatus(await c.get('/doc-type-catalog/marked'), 200);
    expect(catalog.chain).toEqual([expect.objectContaining({ id: 'generic', version: 2 })]);
    expect(catalog.entries.find((e: any) => e.docType === 'residence-permit')).toMatchObject({ kind: 'identity', definedIn: { version: 2 } });
    expect(expectStatus(await c.get('/expected-doc-lists/generic/1'), 200).status).toBe('superseded');
    expect(expectStatus(await c.get('/doc-type-extraction-schemas/payslip/resolved'), 200).schema).toMatchObject({ version: 2, source: 'official' });
    expect(expectStatus(await c.get('/doc-type-extraction-schemas/payslip/1'), 200).status).toBe('superseded');
    // The organization's own copy of the template is untouched.
    expect(expectStatus(await c.get('/expected-doc-lists/mortgage-application/1'), 200)).toMatchObject({ source: 'own', status: 'draft' });
  });

  it('refuses invalid official content instead of publishing it', async () => {
    const broken = officialContent();
    const template = structuredClone(broken.templates[0]!);
    template.version = 2;
    template.sections[0]!.lines.push({ docType: 'no-such-type' });
    broken.templates.push(template);
    await expect(seedOfficialContent(t.app.db, broken)).rejects.toThrow(/mortgage-application v2 is invalid/);
  });
});
