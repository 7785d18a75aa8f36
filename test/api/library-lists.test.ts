import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addColleague, apiKeySession, buildTestApp, DRIVER, signUp, type TestApp } from '../helper.js';
import { activeList, client, expectStatus, lines, type Client } from './library-helpers.js';

describe(`expected document lists on ${DRIVER}`, () => {
  let t: TestApp;
  let a: Client;
  let b: Client;
  beforeAll(async () => {
    t = await buildTestApp();
    a = client(t.app, await signUp(t.app, { orgName: 'Alpha Lending' }));
    b = client(t.app, await signUp(t.app, { orgName: 'Beta Lettings' }));
  });
  afterAll(() => t?.close());

  describe('create', () => {
    it('creates v1, a draft holding a blank scaffold, under the slug of the name', async () => {
      const ref = expectStatus(await a.post('/expected-doc-lists', { name: 'Remortgage – Prime (2025)', description: 'For remortgages' }), 201);
      expect(ref).toEqual({ id: 'remortgage-prime-2025', version: 1, name: 'Remortgage – Prime (2025)', kind: 'expectedDocListCatalogOrgCustom', status: 'draft', source: 'own' });
      const list = expectStatus(await a.get('/expected-doc-lists/remortgage-prime-2025/1'), 200);
      expect(list).toMatchObject({ status: 'draft', isDefault: false, description: 'For remortgages', parent: null, derivedFrom: null, activatedAt: null });
      expect(list.sections).toEqual([{ id: 'documents', name: 'Documents', note: '', lines: [], subsections: [], origin: null }]);
    });

    it('answers 409 when the family exists, also when the id is an official list’s', async () => {
      expectStatus(await a.post('/expected-doc-lists', { name: 'Duplicate me' }), 201);
      expect(expectStatus(await a.post('/expected-doc-lists', { name: 'DUPLICATE  me!' }), 409).error).toMatch(/already/);
      expect(expectStatus(await a.post('/expected-doc-lists', { name: 'Mortgage application' }), 409).error).toMatch(/official/);
      expectStatus(await a.post('/expected-doc-lists', { name: 'Generic' }), 409);
    });

    it('answers 400 for a name with no usable id and for reserved ids', async () => {
      for (const name of ['!!!', '2024', '—']) {
        expect(expectStatus(await a.post('/expected-doc-lists', { name }), 400).error, name).toMatch(/no usable id/);
      }
      for (const name of ['Default', 'Fallback', 'Custom documents', 'Unmatched', 'Marked', 'New']) {
        expect(expectStatus(await a.post('/expected-doc-lists', { name }), 400).error, name).toMatch(/reserved/);
      }
      expect(expectStatus(await a.post('/expected-doc-lists', { name: '  ' }), 400).error).toMatch(/body\.name/);
      expectStatus(await a.post('/expected-doc-lists', {}), 400);
    });

    it('lists each version with its line count, subsections included, as counted from the stored list', async () => {
      const { id } = expectStatus(await a.post('/expected-doc-lists', { name: 'Counted list' }), 201);
      const sections = [
        { name: 'Identity', lines: lines('passport', 'driving-licence'), subsections: [{ name: 'Address', lines: lines('utility-bill', 'council-tax-bill') }] },
        { name: 'Income', lines: lines('payslip'), subsections: [{ name: 'Empty', lines: [] }] },
        { name: 'Nothing yet', lines: [] },
      ];
      expectStatus(await a.put(`/expected-doc-lists/${id}/1`, { sections }), 200);
      const row = expectStatus(await a.get('/expected-doc-lists'), 200).find((r: { id: string }) => r.id === id);
      expect(row).toMatchObject({ lineCount: 5, isDefault: false, status: 'draft' });
      const generic = expectStatus(await a.get('/expected-doc-lists'), 200).find((r: { id: string }) => r.id === 'generic');
      const stored = expectStatus(await a.get(`/expected-doc-lists/generic/${generic.version}`), 200);
      const counted = stored.sections.reduce((n: number, s: any) => n + s.lines.length + s.subsections.reduce((m: number, u: any) => m + u.lines.length, 0), 0);
      expect(generic.lineCount).toBe(counted);
    });

    it('needs credentials', async () => {
      expectStatus(await client(t.app, { headers: {} }).get('/expected-doc-lists'), 401);
      expectStatus(await client(t.app, { headers: {} }).post('/expected-doc-lists', { name: 'x' }), 401);
    });
  });

  describe('save', () => {
    let id: string;
    beforeAll(async () => {
      id = expectStatus(await a.post('/expected-doc-lists', { name: 'Save target' }), 201).id;
    });

    it('saves a draft, filling left-out fields from the catalogue entry and generating ids', async () => {
      const saved = expectStatus(
        await a.put(`/expected-doc-lists/${id}/1`, {
          description: 'Edited',
          sections: [
            {
              name: 'Income',
              lines: [{ docType: 'payslip', minCount: 3, maxCount: 3 }, { docType: 'payslip', name: 'Second job payslip', requirement: 'optional' }],
              subsections: [{ name: 'Self-employed', lines: [{ id: 'sa302', docType: 'tax-return', note: 'Two years' }] }],
            },
            { id: 'who', name: 'Identity', lines: lines('identity') },
          ],
        }),
        200,
      );
      expect(saved.description).toBe('Edited');
      const [income, who] = saved.sections;
      expect(income.id).toBe('income');
      expect(income.lines.map((l: any) => l.id)).toEqual(['payslip', 'payslip-2']);
      expect(income.lines[0]).toMatchObject({ docType: 'payslip', name: 'Payslip', kind: 'income', requirement: 'required', minCount: 3, maxCount: 3 });
      expect(income.lines[1]).toMatchObject({ name: 'Second job payslip', requirement: 'optional', minCount: 1, maxCount: null });
      expect(income.subsections[0]).toMatchObject({ id: 'self-employed', lines: [{ id: 'sa302', docType: 'tax-return', kind: 'tax', note: 'Two years' }] });
      // A docKind is a document type too: "any proof of identity".
      expect(who.lines[0]).toMatchObject({ docType: 'identity', kind: 'docKind' });
      expect(expectStatus(await a.get(`/expected-doc-lists/${id}/1`), 200).sections).toEqual(saved.sections);
    });

    it('accepts a list as read back unchanged (round trip)', async () => {
      const read = expectStatus(await a.get(`/expected-doc-lists/${id}/1`), 200);
      expect(expectStatus(await a.put(`/expected-doc-lists/${id}/1`, read), 200).sections).toEqual(read.sections);
    });

    it('refuses contract violations with 400 naming the line', async () => {
      const cases: [unknown, RegExp][] = [
        [[{ name: 'Docs', lines: [{ id: 'x1', docType: 'passport' }, { id: 'x2', docType: 'no-such-type' }] }], /Line "x2" \(section "Docs", line 2\): the document type "no-such-type" is not in your marked catalogue chain/],
        [[{ name: 'Docs', lines: [{ id: 'same', docType: 'passport' }, { id: 'same', docType: 'payslip' }] }], /Line "same".*used twice/],
        [[{ name: 'Docs', lines: [{ id: 'p', docType: 'passport', name: '  ' }] }], /Line "p".*name must not be empty/],
        [[{ name: 'Docs', lines: [{ id: 'p', docType: 'payslip', minCount: 3, maxCount: 2 }] }], /Line "p".*maxCount 2 is below minCount 3/],
        [[{ name: 'Docs', lines: [{ id: 'b', docType: 'blank-page' }] }], /Line "b".*page kind, not a document type/],
        [[{ name: 'Docs', lines: [{ id: 'd', docType: 'default' }] }], /Line "d".*not a document type/],
        [[{ name: ' ', lines: [] }], /Section 1: the name must not be empty/],
        [[{ id: 's', name: 'A', lines: [] }, { id: 's', name: 'B', lines: [] }], /id "s" is used twice/],
        [[{ name: 'Docs', lines: [{ docType: 'Not A Slug' }] }], /body\.sections\.0\.lines\.0\.docType/],
      ];
      for (const [sections, message] of cases) {
        expect(expectStatus(await a.put(`/expected-doc-lists/${id}/1`, { sections }), 400).error).toMatch(message);
      }
    });

    it('refuses a body about another list or version, and a changed name', async () => {
      expect(expectStatus(await a.put(`/expected-doc-lists/${id}/1`, { id: 'other', sections: [] }), 400).error).toMatch(/body\.id/);
      expect(expectStatus(await a.put(`/expected-doc-lists/${id}/1`, { version: 2, sections: [] }), 400).error).toMatch(/body\.version/);
      expect(expectStatus(await a.put(`/expected-doc-lists/${id}/1`, { name: 'Renamed', sections: [] }), 400).error).toMatch(/rename-as-new-version/);
    });

    it('answers 404 for an unknown list or version, and 400 for a version below 1', async () => {
      expectStatus(await a.put('/expected-doc-lists/no-such-list/1', { sections: [] }), 404);
      expectStatus(await a.put(`/expected-doc-lists/${id}/9`, { sections: [] }), 404);
      expectStatus(await a.get(`/expected-doc-lists/${id}/0`), 400);
      expectStatus(await a.get(`/expected-doc-lists/${id}/one`), 400);
    });

    it('keeps active and superseded versions immutable (409)', async () => {
      const listId = await activeList(a, 'Immutable');
      expect(expectStatus(await a.put(`/expected-doc-lists/${listId}/1`, { sections: [] }), 409).error).toMatch(/active and immutable/);
      expectStatus(await a.post(`/expected-doc-lists/${listId}/1/new-version`), 201);
      expectStatus(await a.post(`/expected-doc-lists/${listId}/2/activate`), 200);
      expect(expectStatus(await a.put(`/expected-doc-lists/${listId}/1`, { sections: [] }), 409).error).toMatch(/superseded and immutable/);
    });
  });

  describe('versions', () => {
    it('new-version copies the latest version into v(N+1), a draft; 409 from an older version', async () => {
      const id = await activeList(a, 'Versioned', [{ name: 'Identity', lines: lines('passport', 'utility-bill') }]);
      const ref = expectStatus(await a.post(`/expected-doc-lists/${id}/1/new-version`), 201);
      expect(ref).toMatchObject({ id, version: 2, status: 'draft', name: 'Versioned' });
      const v2 = expectStatus(await a.get(`/expected-doc-lists/${id}/2`), 200);
      expect(v2.sections).toEqual(expectStatus(await a.get(`/expected-doc-lists/${id}/1`), 200).sections);
      expect(v2.derivedFrom).toEqual({ id, version: 1, source: 'own' });
      expect(expectStatus(await a.post(`/expected-doc-lists/${id}/1/new-version`), 409).error).toMatch(/Version 2 already exists/);
      // The source stays active while v2 is a draft.
      expect(expectStatus(await a.get(`/expected-doc-lists/${id}/1`), 200).status).toBe('active');
      expectStatus(await a.post(`/expected-doc-lists/${id}/7/new-version`), 404);
      expectStatus(await a.post('/expected-doc-lists/nothing/1/new-version'), 404);
    });

    it('rename-as-new-version names the next version; the old one keeps its name and the id stays', async () => {
      const id = await activeList(a, 'Old name');
      const ref = expectStatus(await a.post(`/expected-doc-lists/${id}/1/rename-as-new-version`, { name: 'New name' }), 201);
      expect(ref).toMatchObject({ id: 'old-name', version: 2, name: 'New name', status: 'draft' });
      expect(expectStatus(await a.get(`/expected-doc-lists/${id}/1`), 200)).toMatchObject({ name: 'Old name', status: 'active' });
      expect(expectStatus(await a.post(`/expected-doc-lists/${id}/1/rename-as-new-version`, { name: 'Third' }), 409).error).toMatch(/already exists/);
      expectStatus(await a.post(`/expected-doc-lists/${id}/2/rename-as-new-version`, { name: '' }), 400);
      expectStatus(await a.post(`/expected-doc-lists/${id}/5/rename-as-new-version`, { name: 'x' }), 404);
    });

    it('activate supersedes the active version in the same write; 409 on non-drafts, incomplete or outdated drafts', async () => {
      const id = await activeList(a, 'Activation');
      expect(expectStatus(await a.post(`/expected-doc-lists/${id}/1/activate`), 409).error).toMatch(/only a draft/);
      expectStatus(await a.post(`/expected-doc-lists/${id}/1/new-version`), 201);
      const row = expectStatus(await a.post(`/expected-doc-lists/${id}/2/activate`), 200);
      expect(row).toMatchObject({ id, version: 2, status: 'active', lineCount: 1, isDefault: false });
      const statuses = expectStatus(await a.get('/expected-doc-lists'), 200)
        .filter((r: any) => r.id === id)
        .map((r: any) => [r.version, r.status]);
      expect(statuses).toEqual([[1, 'superseded'], [2, 'active']]);
      expect(expectStatus(await a.post(`/expected-doc-lists/${id}/1/activate`), 409).error).toMatch(/superseded/);

      // A draft is edited in place, never versioned again (Part 3 starts new-version at active).
      expectStatus(await a.post(`/expected-doc-lists/${id}/2/new-version`), 201);
      expect(expectStatus(await a.post(`/expected-doc-lists/${id}/3/new-version`), 409).error).toMatch(/Version 3 is draft/);
      expectStatus(await a.post(`/expected-doc-lists/${id}/3/activate`), 200);

      const empty = expectStatus(await a.post('/expected-doc-lists', { name: 'Empty list' }), 201).id;
      expect(expectStatus(await a.post(`/expected-doc-lists/${empty}/1/activate`), 409).error).toMatch(/not complete enough to activate: it has no lines/);
      expectStatus(await a.post(`/expected-doc-lists/${empty}/2/activate`), 404);
    });

    it('duplicate copies a version into a new list, v1 draft of the caller', async () => {
      const id = await activeList(a, 'Original', [{ name: 'Income', lines: lines('payslip') }]);
      const ref = expectStatus(await a.post(`/expected-doc-lists/${id}/1/duplicate`, { name: 'Copy of original' }), 201);
      expect(ref).toEqual({ id: 'copy-of-original', version: 1, name: 'Copy of original', kind: 'expectedDocListCatalogOrgCustom', status: 'draft', source: 'own' });
      const copy = expectStatus(await a.get('/expected-doc-lists/copy-of-original/1'), 200);
      expect(copy.sections[0].lines[0].docType).toBe('payslip');
      expect(copy.derivedFrom).toEqual({ id, version: 1, source: 'own' });
      expect(expectStatus(await a.post(`/expected-doc-lists/${id}/1/duplicate`, { name: 'Copy of Original' }), 409).error).toMatch(/already have/);
      expectStatus(await a.post(`/expected-doc-lists/${id}/1/duplicate`, { name: 'Unmatched' }), 400);
      expectStatus(await a.post(`/expected-doc-lists/${id}/1/duplicate`, { name: '???' }), 400);
      expectStatus(await a.post(`/expected-doc-lists/${id}/4/duplicate`, { name: 'Nope' }), 404);
      expectStatus(await a.post('/expected-doc-lists/generic/1/duplicate', { name: 'My generic' }), 409);
    });
  });

  describe('set-default', () => {
    it('moves the organization-default flag, on the active version only', async () => {
      const first = await activeList(a, 'Default one');
      const second = await activeList(a, 'Default two');
      let library = expectStatus(await a.post(`/expected-doc-lists/${first}/1/set-default`), 200);
      const defaults = (rows: any[]) => [...new Set(rows.filter((r) => r.isDefault).map((r) => r.id))];
      expect(defaults(library)).toEqual([first]);
      library = expectStatus(await a.post(`/expected-doc-lists/${second}/1/set-default`), 200);
      expect(defaults(library)).toEqual([second]);

      // The flag is the list's, across versions.
      expectStatus(await a.post(`/expected-doc-lists/${second}/1/new-version`), 201);
      const rows = expectStatus(await a.get('/expected-doc-lists'), 200).filter((r: any) => r.id === second);
      expect(rows.map((r: any) => r.isDefault)).toEqual([true, true]);
      expect(expectStatus(await a.get(`/expected-doc-lists/${second}/2`), 200).isDefault).toBe(true);

      expect(expectStatus(await a.post(`/expected-doc-lists/${second}/2/set-default`), 409).error).toMatch(/draft/);
      expectStatus(await a.post(`/expected-doc-lists/${second}/2/activate`), 200);
      expect(expectStatus(await a.post(`/expected-doc-lists/${second}/1/set-default`), 409).error).toMatch(/superseded/);
      expectStatus(await a.post(`/expected-doc-lists/${second}/9/set-default`), 404);
      expectStatus(await a.post('/expected-doc-lists/nope/1/set-default'), 404);
      expect(expectStatus(await a.post('/expected-doc-lists/generic/1/set-default'), 409).error).toMatch(/catalogue/);
    });

    it('can make an official list template the default', async () => {
      const c = client(t.app, await signUp(t.app, { orgName: 'Gamma' }));
      const library = expectStatus(await c.post('/expected-doc-lists/tenancy-application/1/set-default'), 200);
      expect(library.filter((r: any) => r.isDefault).map((r: any) => [r.id, r.source])).toEqual([['tenancy-application', 'official']]);
    });
  });

  describe('official templates', () => {
    it('are listed and readable, read-only to others', async () => {
      const library = expectStatus(await b.get('/expected-doc-lists'), 200);
      const official = library.filter((r: any) => r.source === 'official').map((r: any) => [r.id, r.kind, r.status]);
      expect(official).toEqual(
        expect.arrayContaining([
          ['mortgage-application', 'expectedDocListCatalogOfficial', 'active'],
          ['tenancy-application', 'expectedDocListCatalogOfficial', 'active'],
          ['business-account-onboarding', 'expectedDocListCatalogOfficial', 'active'],
          ['generic', 'docTypeCatalogOfficial', 'active'],
          ['finance', 'docTypeCatalogOfficial', 'active'],
        ]),
      );
      const mortgage = expectStatus(await b.get('/expected-doc-lists/mortgage-application/1'), 200);
      expect(mortgage.sections.map((s: any) => s.name)).toEqual(['Identity', 'Address', 'Income', 'Banking', 'Property and commitments']);
      expectStatus(await b.put('/expected-doc-lists/mortgage-application/1', { sections: [] }), 409);
      expectStatus(await b.post('/expected-doc-lists/mortgage-application/1/activate'), 409);
      expect(expectStatus(await b.post('/expected-doc-lists/mortgage-application/1/rename-as-new-version', { name: 'Mine' }), 409).error).toMatch(/official/);
      expectStatus(await b.post('/expected-doc-lists/mortgage-application/2/new-version'), 404);
    });

    it('new-version gives the caller its own v1 draft copy, then 409 for the official one', async () => {
      const ref = expectStatus(await b.post('/expected-doc-lists/tenancy-application/1/new-version'), 201);
      expect(ref).toEqual({ id: 'tenancy-application', version: 1, name: 'Tenancy application', kind: 'expectedDocListCatalogOrgCustom', status: 'draft', source: 'own' });
      const mine = expectStatus(await b.get('/expected-doc-lists/tenancy-application/1'), 200);
      expect(mine).toMatchObject({ source: 'own', derivedFrom: { id: 'tenancy-application', version: 1, source: 'official' } });
      expect(expectStatus(await b.post('/expected-doc-lists/tenancy-application/1/new-version?source=official'), 409).error).toMatch(/already have/);
      // While the copy is a draft the official list stays in the caller's library (issue 38); the official one is still there for others.
      const rows = expectStatus(await b.get('/expected-doc-lists'), 200).filter((r: any) => r.id === 'tenancy-application');
      expect(rows.map((r: any) => r.source).sort()).toEqual(['official', 'own']);
      expect(expectStatus(await b.get('/expected-doc-lists/tenancy-application/1?source=official'), 200).source).toBe('official');
      expect(expectStatus(await a.get('/expected-doc-lists/tenancy-application/1'), 200).source).toBe('official');
      // The copy is the caller's to edit and activate.
      expectStatus(await b.put('/expected-doc-lists/tenancy-application/1', { ...mine, sections: [...mine.sections, { name: 'Pets', lines: lines('reference-letter') }] }), 200);
      expectStatus(await b.post('/expected-doc-lists/tenancy-application/1/activate'), 200);
      // Active, the caller's copy replaces the official family in its library.
      const after = expectStatus(await b.get('/expected-doc-lists'), 200).filter((r: any) => r.id === 'tenancy-application');
      expect(after.map((r: any) => r.source)).toEqual(['own']);
    });

    it('official catalogues have no new versions (409)', async () => {
      expect(expectStatus(await b.post('/expected-doc-lists/finance/1/new-version'), 409).error).toMatch(/custom-documents/);
      expectStatus(await b.post('/expected-doc-lists/generic/1/new-version'), 409);
    });
  });

  describe('organizations', () => {
    it('do not see each other’s lists (404)', async () => {
      const id = await activeList(a, 'Alpha private');
      expectStatus(await b.get(`/expected-doc-lists/${id}/1`), 404);
      expectStatus(await b.put(`/expected-doc-lists/${id}/1`, { sections: [] }), 404);
      expectStatus(await b.post(`/expected-doc-lists/${id}/1/new-version`), 404);
      expectStatus(await b.post(`/expected-doc-lists/${id}/1/rename-as-new-version`, { name: 'x' }), 404);
      expectStatus(await b.post(`/expected-doc-lists/${id}/1/duplicate`, { name: 'Stolen' }), 404);
      expectStatus(await b.post(`/expected-doc-lists/${id}/1/activate`), 404);
      expectStatus(await b.post(`/expected-doc-lists/${id}/1/set-default`), 404);
      expect(expectStatus(await b.get('/expected-doc-lists'), 200).some((r: any) => r.id === id)).toBe(false);
      // The same id is free for another organization.
      expectStatus(await b.post('/expected-doc-lists', { name: 'Alpha private' }), 201);
    });

    it('let an Originator and an API key edit the library', async () => {
      const manager = await signUp(t.app, { orgName: 'Delta' });
      for (const session of [await addColleague(t.app, manager, 'Originator'), await apiKeySession(t.app, manager)]) {
        const c = client(t.app, session);
        const id = await activeList(c, `Made by ${session.user ? 'originator' : 'key'}`);
        expectStatus(await c.post(`/expected-doc-lists/${id}/1/new-version`), 201);
        expectStatus(await c.post(`/expected-doc-lists/${id}/1/duplicate`, { name: `${id} copy` }), 201);
        expectStatus(await c.post(`/expected-doc-lists/${id}/1/set-default`), 200);
      }
    });
  });
});
