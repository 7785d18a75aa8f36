import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addColleague, apiKeySession, buildTestApp, DRIVER, signUp, type Session, type TestApp } from '../helper.js';
import { client, expectStatus, lines, type Client } from './library-helpers.js';

/** The 18 document types of the official corpus (DOC-TYPES.md) and the docKind each sits under. */
const CORPUS_TYPES: Record<string, string> = {
  passport: 'identity',
  'national-id-card': 'identity',
  'driving-licence': 'identity',
  'bank-statement': 'bank',
  'credit-card-statement': 'bank',
  payslip: 'income',
  p60: 'income',
  'tax-return': 'tax',
  'employment-letter': 'income',
  'utility-bill': 'address',
  'council-tax-bill': 'address',
  'tenancy-agreement': 'property',
  'mortgage-statement': 'property',
  'pension-statement': 'assets',
  'company-registration-certificate': 'business',
  invoice: 'business',
  'reference-letter': 'correspondence',
  fallback: 'other',
};

const entryOf = (catalog: any, docType: string) => catalog.entries.find((e: any) => e.docType === docType);

describe(`catalogues and document types on ${DRIVER}`, () => {
  let t: TestApp;
  let manager: Session;
  let m: Client;
  beforeAll(async () => {
    t = await buildTestApp();
    manager = await signUp(t.app, { orgName: 'Chain Test Ltd' });
    m = client(t.app, manager);
  });
  afterAll(() => t?.close());

  it('starts from generic: docKinds, page kinds, the requirement defaults and the 18 corpus types', async () => {
    const catalog = expectStatus(await m.get('/doc-type-catalog/marked'), 200);
    expect(catalog.marked).toBe('generic');
    expect(catalog.chain).toEqual([{ id: 'generic', version: 1, name: 'Generic documents', kind: 'docTypeCatalogOfficial', source: 'official' }]);
    const kinds = catalog.entries.filter((e: any) => e.kind === 'docKind').map((e: any) => e.docType);
    expect(kinds).toEqual(expect.arrayContaining(['identity', 'income', 'bank', 'address', 'tax', 'property', 'business', 'correspondence', 'other']));
    expect(catalog.entries.filter((e: any) => e.kind === 'pageKind').map((e: any) => e.docType)).toEqual(['blank-page', 'cover-page']);
    for (const [docType, kind] of Object.entries(CORPUS_TYPES)) {
      const e = entryOf(catalog, docType);
      expect(e, docType).toMatchObject({ docType, id: docType, kind, definedIn: { listId: 'generic', version: 1, source: 'official' } });
      expect(e.description.length, docType).toBeGreaterThan(30);
    }
    expect(entryOf(catalog, 'default')).toMatchObject({ kind: 'default', requirement: 'required', minCount: 1, maxCount: null });
  });

  it('merges the marked chain root-first, the more specific catalogue winning by docType', async () => {
    const org = expectStatus(await m.put('/organization/marked-doc-type-catalog', { catalogId: 'finance' }), 200);
    expect(org).toMatchObject({ markedDocTypeCatalog: 'finance', id: manager.organizationId });
    const catalog = expectStatus(await m.get('/doc-type-catalog/marked'), 200);
    expect(catalog.marked).toBe('finance');
    expect(catalog.chain.map((l: any) => l.id)).toEqual(['generic', 'finance']);
    // finance overrides payslip and bank-statement with its lending requirements…
    expect(entryOf(catalog, 'payslip')).toMatchObject({ minCount: 3, maxCount: 3, kind: 'income', definedIn: { listId: 'finance' } });
    expect(entryOf(catalog, 'bank-statement')).toMatchObject({ minCount: 3, definedIn: { listId: 'finance' } });
    // …keeps generic's entries it does not mention, and adds its own.
    expect(entryOf(catalog, 'passport').definedIn.listId).toBe('generic');
    expect(entryOf(catalog, 'credit-report')).toMatchObject({ kind: 'bank', definedIn: { listId: 'finance' } });
    // An overriding entry stays where the root put it: the order is root-first.
    const order = catalog.entries.map((e: any) => e.docType);
    expect(order.indexOf('payslip')).toBeLessThan(order.indexOf('credit-report'));
    expect(new Set(order).size).toBe(order.length);

    // A list line takes its defaults from the winning entry.
    const { id } = expectStatus(await m.post('/expected-doc-lists', { name: 'Chain lines' }), 201);
    const saved = expectStatus(await m.put(`/expected-doc-lists/${id}/1`, { sections: [{ name: 'Docs', lines: lines('payslip', 'credit-report') }] }), 200);
    expect(saved.sections[0].lines.map((l: any) => [l.docType, l.minCount])).toEqual([['payslip', 3], ['credit-report', 1]]);

    expectStatus(await m.put('/organization/marked-doc-type-catalog', { catalogId: 'generic' }), 200);
    const back = expectStatus(await m.get('/doc-type-catalog/marked'), 200);
    expect(entryOf(back, 'payslip').minCount).toBe(1);
    expect(entryOf(back, 'credit-report')).toBeUndefined();
  });

  it('sets the marked catalogue only to an official catalogue with an active version', async () => {
    for (const catalogId of ['custom-documents', 'mortgage-application', 'no-such-catalogue']) {
      expect(expectStatus(await m.put('/organization/marked-doc-type-catalog', { catalogId }), 409).error, catalogId).toMatch(/not an official document catalogue/);
    }
    expectStatus(await m.put('/organization/marked-doc-type-catalog', {}), 400);
  });

  it('keeps the marked catalogue to Managers: an Originator and an API key get 403', async () => {
    const originator = client(t.app, await addColleague(t.app, manager, 'Originator'));
    expectStatus(await originator.put('/organization/marked-doc-type-catalog', { catalogId: 'finance' }), 403);
    const key = client(t.app, await apiKeySession(t.app, manager));
    expectStatus(await key.put('/organization/marked-doc-type-catalog', { catalogId: 'finance' }), 403);
    // Reading the chain is fine for both.
    expectStatus(await originator.get('/doc-type-catalog/marked'), 200);
    expectStatus(await key.get('/document-types'), 200);
  });

  describe('coining', () => {
    let c: Client;
    beforeAll(async () => {
      c = client(t.app, await signUp(t.app, { orgName: 'Coiners' }));
    });

    it('coins into custom-documents (created on first use) with the requirement defaults', async () => {
      expectStatus(await c.get('/expected-doc-lists/custom-documents/1'), 404);
      const coined = expectStatus(await c.post('/doc-types', { name: 'Proof of deposit', kind: 'bank', description: 'Where the deposit comes from.' }), 201);
      expect(coined).toEqual({
        id: 'proof-of-deposit',
        docType: 'proof-of-deposit',
        name: 'Proof of deposit',
        kind: 'bank',
        description: 'Where the deposit comes from.',
        requirement: 'required',
        minCount: 1,
        maxCount: null,
        note: '',
      });
      const custom = expectStatus(await c.get('/expected-doc-lists/custom-documents/1'), 200);
      expect(custom).toMatchObject({ kind: 'docTypeCatalogOrgCustom', status: 'active', source: 'own' });
      const catalog = expectStatus(await c.get('/doc-type-catalog/marked'), 200);
      expect(catalog.chain.map((l: any) => l.id)).toEqual(['generic', 'custom-documents']);
      expect(entryOf(catalog, 'proof-of-deposit').definedIn).toEqual({ listId: 'custom-documents', version: 1, source: 'own' });

      // Each coin is the next active version of the catalogue; the previous one is superseded.
      expectStatus(await c.post('/doc-types', { name: 'Visa', kind: 'identity' }), 201);
      const versions = expectStatus(await c.get('/expected-doc-lists'), 200)
        .filter((r: any) => r.id === 'custom-documents')
        .map((r: any) => [r.version, r.status, r.lineCount]);
      expect(versions).toEqual([[1, 'superseded', 1], [2, 'active', 2]]);

      // A coined type can be a list line right away.
      const { id } = expectStatus(await c.post('/expected-doc-lists', { name: 'Uses coined' }), 201);
      expectStatus(await c.put(`/expected-doc-lists/${id}/1`, { sections: [{ name: 'Docs', lines: lines('visa', 'proof-of-deposit') }] }), 200);
    });

    it('answers the existing entry with 200 and writes nothing when the chain has the id', async () => {
      const before = expectStatus(await c.get('/expected-doc-lists'), 200).filter((r: any) => r.id === 'custom-documents').length;
      const existing = expectStatus(await c.post('/doc-types', { name: 'Passport', kind: 'income' }), 200);
      expect(existing).toMatchObject({ docType: 'passport', kind: 'identity', name: 'Passport' });
      expectStatus(await c.post('/doc-types', { name: 'VISA', kind: 'identity' }), 200);
      expect(expectStatus(await c.post('/doc-types', { name: 'Other document', kind: 'other' }), 201).docType).toBe('other-document');
      expectStatus(await c.post('/doc-types', { name: 'Fallback', kind: 'other' }), 200);
      const after = expectStatus(await c.get('/expected-doc-lists'), 200).filter((r: any) => r.id === 'custom-documents').length;
      expect(after).toBe(before + 1);
    });

    it('refuses unusable and reserved ids and kinds that are not docKinds (400)', async () => {
      expect(expectStatus(await c.post('/doc-types', { name: '***', kind: 'other' }), 400).error).toMatch(/no usable/);
      for (const name of ['Default', 'Unmatched', 'Custom documents', 'Marked', 'New']) {
        expect(expectStatus(await c.post('/doc-types', { name, kind: 'other' }), 400).error, name).toMatch(/reserved/);
      }
      expect(expectStatus(await c.post('/doc-types', { name: 'Boarding pass', kind: 'passport' }), 400).error).toMatch(/not a docKind/);
      expectStatus(await c.post('/doc-types', { name: 'Boarding pass', kind: 'blank-page' }), 400);
      expectStatus(await c.post('/doc-types', { name: 'Boarding pass', kind: 'nothing' }), 400);
      expectStatus(await c.post('/doc-types', { name: 'Boarding pass' }), 400);
    });

    it('overrides entries and the requirement defaults through a draft of custom-documents', async () => {
      const latest = expectStatus(await c.get('/expected-doc-lists'), 200).filter((r: any) => r.id === 'custom-documents').at(-1);
      const draft = expectStatus(await c.post(`/expected-doc-lists/custom-documents/${latest.version}/new-version`), 201);
      const current = expectStatus(await c.get(`/expected-doc-lists/custom-documents/${draft.version}`), 200);

      // While a draft is open, coining would be lost on its activation: 409.
      expect(expectStatus(await c.post('/doc-types', { name: 'Bank reference', kind: 'bank' }), 409).error).toMatch(/draft/);

      const overrides = {
        name: 'Overrides',
        lines: [
          { docType: 'passport', note: 'Valid for at least six more months.' },
          { docType: 'default', minCount: 2, note: 'Ask twice.' },
          { docType: 'boarding-pass', name: 'Boarding pass', kind: 'correspondence' },
        ],
      };
      expect(expectStatus(await c.put(`/expected-doc-lists/custom-documents/${draft.version}`, { sections: [...current.sections, { ...overrides, lines: [{ docType: 'x-ray', name: 'X-ray' }] }] }), 400).error).toMatch(/give its kind/);
      expect(expectStatus(await c.put(`/expected-doc-lists/custom-documents/${draft.version}`, { sections: [...current.sections, { name: 'Bad', lines: [{ docType: 'visa', kind: 'identity' }] }] }), 400).error).toMatch(/defined twice/);
      expectStatus(await c.put(`/expected-doc-lists/custom-documents/${draft.version}`, { sections: [...current.sections, overrides] }), 200);
      expectStatus(await c.post(`/expected-doc-lists/custom-documents/${draft.version}/activate`), 200);

      const catalog = expectStatus(await c.get('/doc-type-catalog/marked'), 200);
      expect(entryOf(catalog, 'passport')).toMatchObject({ kind: 'identity', name: 'Passport', note: 'Valid for at least six more months.', definedIn: { listId: 'custom-documents' } });
      expect(entryOf(catalog, 'boarding-pass')).toMatchObject({ kind: 'correspondence', minCount: 1 });
      // Coined entries take the organization's own requirement defaults from now on.
      expect(expectStatus(await c.post('/doc-types', { name: 'Bank reference', kind: 'bank' }), 201)).toMatchObject({ minCount: 2, note: 'Ask twice.' });
    });
  });

  it('lists the document types of the chain: fallback first, then by name; no page kinds or defaults', async () => {
    const c = client(t.app, await signUp(t.app, { orgName: 'Listing Ltd' }));
    expectStatus(await c.post('/doc-types', { name: 'Aardvark licence', kind: 'other' }), 201);
    const rows = expectStatus(await c.get('/document-types'), 200);
    expect(rows[0].docType).toBe('fallback');
    const names = rows.slice(1).map((r: any) => r.name);
    expect(names).toEqual([...names].sort((x: string, y: string) => x.localeCompare(y, 'en', { sensitivity: 'base' })));
    const ids = rows.map((r: any) => r.docType);
    expect(ids).not.toContain('default');
    expect(ids).not.toContain('blank-page');
    expect(ids).not.toContain('cover-page');
    expect(ids).toEqual(expect.arrayContaining([...Object.keys(CORPUS_TYPES), 'identity', 'aardvark-licence']));
    expect(new Set(ids).size).toBe(ids.length);

    const passport = rows.find((r: any) => r.docType === 'passport');
    expect(passport).toMatchObject({ kind: 'identity', definedIn: { listId: 'generic', version: 1, source: 'official' } });
    expect(passport.schemas).toEqual([{ version: 1, name: 'Passport', status: 'active', source: 'official' }]);
    expect(rows.find((r: any) => r.docType === 'aardvark-licence')).toMatchObject({ definedIn: { listId: 'custom-documents', source: 'own' }, schemas: [] });

    // The organization's own schema versions are listed next to the official ones.
    expectStatus(await c.post('/doc-type-extraction-schemas/passport/1/new-version'), 201);
    const after = expectStatus(await c.get('/document-types'), 200).find((r: any) => r.docType === 'passport');
    expect(after.schemas).toEqual([
      { version: 1, name: 'Passport', status: 'draft', source: 'own' },
      { version: 1, name: 'Passport', status: 'active', source: 'official' },
    ]);
  });
});
