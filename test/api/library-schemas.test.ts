import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeySession, buildTestApp, DRIVER, signUp, type TestApp } from '../helper.js';
import { client, expectStatus, type Client } from './library-helpers.js';

/** Key fields of DOC-TYPES.md, by document type, with the schema type each maps to. */
const KEY_FIELDS: Record<string, Record<string, string>> = {
  passport: { fullName: 'text', documentNumber: 'text', nationality: 'text', dateOfBirth: 'date', issueDate: 'date', expiryDate: 'date' },
  'national-id-card': { fullName: 'text', documentNumber: 'text', nationality: 'text', dateOfBirth: 'date', expiryDate: 'date' },
  'driving-licence': { fullName: 'text', licenceNumber: 'text', dateOfBirth: 'date', issueDate: 'date', expiryDate: 'date', address: 'text' },
  'bank-statement': { accountHolder: 'text', bankName: 'text', accountNumberLast4: 'text', periodStart: 'date', periodEnd: 'date', openingBalance: 'money', closingBalance: 'money' },
  'credit-card-statement': { cardholderName: 'text', issuerName: 'text', cardNumberLast4: 'text', statementDate: 'date', paymentDueDate: 'date', newBalance: 'money', minimumPayment: 'money' },
  payslip: { employeeName: 'text', employerName: 'text', payDate: 'date', grossPay: 'money', netPay: 'money' },
  p60: { employeeName: 'text', employerName: 'text', taxYearEnd: 'date', totalPay: 'money', totalTax: 'money', nationalInsuranceNumber: 'text' },
  'tax-return': { taxpayerName: 'text', taxYear: 'text', totalIncome: 'money', totalTax: 'money' },
  'employment-letter': { employeeName: 'text', employerName: 'text', jobTitle: 'text', startDate: 'date', annualSalary: 'money', letterDate: 'date' },
  'utility-bill': { customerName: 'text', supplierName: 'text', billDate: 'date', serviceAddress: 'text', amountDue: 'money', accountNumber: 'text' },
  'council-tax-bill': { residentName: 'text', councilName: 'text', propertyAddress: 'text', band: 'enum', annualCharge: 'money', billDate: 'date' },
  'tenancy-agreement': { tenantNames: 'text', landlordName: 'text', propertyAddress: 'text', startDate: 'date', endDate: 'date', monthlyRent: 'money', deposit: 'money' },
  'mortgage-statement': { borrowerName: 'text', lenderName: 'text', propertyAddress: 'text', statementDate: 'date', outstandingBalance: 'money', monthlyPayment: 'money', jointBorrower: 'text' },
  'pension-statement': { memberName: 'text', providerName: 'text', statementDate: 'date', totalValue: 'money' },
  'company-registration-certificate': { companyName: 'text', companyNumber: 'text', incorporationDate: 'date', jurisdiction: 'text' },
  invoice: { supplierName: 'text', customerName: 'text', invoiceNumber: 'text', invoiceDate: 'date', dueDate: 'date', totalAmount: 'money' },
  'reference-letter': { subjectName: 'text', refereeName: 'text', refereeOrganisation: 'text', letterDate: 'date' },
  fallback: {},
};

const field = (name: string, type = 'text', extra: object = {}) => ({ name, type, ...extra });

describe(`extraction schemas on ${DRIVER}`, () => {
  let t: TestApp;
  let a: Client;
  let b: Client;
  beforeAll(async () => {
    t = await buildTestApp();
    a = client(t.app, await signUp(t.app, { orgName: 'Schema Alpha' }));
    b = client(t.app, await signUp(t.app, { orgName: 'Schema Beta' }));
  });
  afterAll(() => t?.close());

  it('has an active official schema for every corpus type, with its key fields', async () => {
    for (const [docType, fields] of Object.entries(KEY_FIELDS)) {
      const s = expectStatus(await a.get(`/doc-type-extraction-schemas/${docType}/1`), 200);
      expect(s, docType).toMatchObject({ docType, version: 1, status: 'active', source: 'official' });
      expect(Object.fromEntries(s.fields.map((f: any) => [f.name, f.type])), docType).toEqual(fields);
      for (const f of s.fields) expect(f.label && f.description, `${docType}.${f.name}`).toBeTruthy();
    }
    const licence = expectStatus(await a.get('/doc-type-extraction-schemas/driving-licence/1'), 200);
    expect(licence.fields.find((f: any) => f.name === 'address').required).toBe(false);
    const tenancy = expectStatus(await a.get('/doc-type-extraction-schemas/tenancy-agreement/1'), 200);
    expect(tenancy.fields.find((f: any) => f.name === 'tenantNames').multiple).toBe(true);
    const council = expectStatus(await a.get('/doc-type-extraction-schemas/council-tax-bill/1'), 200);
    expect(council.fields.find((f: any) => f.name === 'band').options).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);
  });

  describe('create', () => {
    it('creates v1 draft for a new document type, coining it into custom-documents', async () => {
      const ref = expectStatus(await a.post('/doc-type-extraction-schemas', { name: 'Gift letter', kind: 'correspondence', description: 'A gifted deposit.' }), 201);
      expect(ref).toEqual({ docType: 'gift-letter', version: 1, name: 'Gift letter', status: 'draft', source: 'own' });
      const s = expectStatus(await a.get('/doc-type-extraction-schemas/gift-letter/1'), 200);
      expect(s).toMatchObject({ description: 'A gifted deposit.', fields: [], derivedFrom: null });
      const type = expectStatus(await a.get('/document-types'), 200).find((r: any) => r.docType === 'gift-letter');
      expect(type).toMatchObject({ kind: 'correspondence', definedIn: { listId: 'custom-documents', source: 'own' }, schemas: [{ version: 1, status: 'draft', source: 'own' }] });
    });

    it('answers 200 with the schema a name already means, writing nothing', async () => {
      expect(expectStatus(await a.post('/doc-type-extraction-schemas', { name: 'Payslip' }), 200)).toEqual({
        docType: 'payslip', version: 1, name: 'Payslip', status: 'active', source: 'official',
      });
      expect(expectStatus(await a.post('/doc-type-extraction-schemas', { name: 'GIFT letter' }), 200)).toMatchObject({ docType: 'gift-letter', source: 'own' });
      expectStatus(await a.post('/doc-type-extraction-schemas', { name: 'Fallback' }), 200);
    });

    it('creates a schema for a document type of the chain that has none (a docKind)', async () => {
      const ref = expectStatus(await a.post('/doc-type-extraction-schemas', { name: 'Identity' }), 201);
      expect(ref).toMatchObject({ docType: 'identity', name: 'Identity document', status: 'draft' });
    });

    it('refuses no usable id, reserved ids, page kinds and a bad kind for a new type (400)', async () => {
      expect(expectStatus(await a.post('/doc-type-extraction-schemas', { name: '%%%' }), 400).error).toMatch(/no usable/);
      for (const name of ['Default', 'Unmatched', 'Custom documents', 'Resolved']) {
        expect(expectStatus(await a.post('/doc-type-extraction-schemas', { name }), 400).error, name).toMatch(/reserved/);
      }
      expect(expectStatus(await a.post('/doc-type-extraction-schemas', { name: 'Blank page' }), 400).error).toMatch(/page kind/);
      expect(expectStatus(await a.post('/doc-type-extraction-schemas', { name: 'Ship manifest', kind: 'cargo' }), 400).error).toMatch(/not a docKind/);
    });
  });

  describe('lifecycle', () => {
    it('saves drafts, refuses contract violations (400), activates only when complete (409)', async () => {
      expectStatus(await a.post('/doc-type-extraction-schemas', { name: 'Share certificate', kind: 'assets' }), 201);
      const url = '/doc-type-extraction-schemas/share-certificate/1';
      expect(expectStatus(await a.post(`${url}/activate`), 409).error).toMatch(/no fields/);

      expect(expectStatus(await a.put(url, { fields: [field('holder'), field('holder')] }), 400).error).toMatch(/Field 2 \("holder"\): the name is used twice/);
      expect(expectStatus(await a.put(url, { fields: [field('holder', 'text', { options: ['x'] })] }), 400).error).toMatch(/only an enum field has options/);
      expect(expectStatus(await a.put(url, { fields: [field('Holder Name')] }), 400).error).toMatch(/body\.fields\.0\.name/);
      expect(expectStatus(await a.put(url, { fields: [field('holder', 'colour')] }), 400).error).toMatch(/body\.fields\.0\.type/);
      expect(expectStatus(await a.put(url, { name: 'Other name', fields: [] }), 400).error).toMatch(/rename-as-new-version/);

      const saved = expectStatus(await a.put(url, { description: 'Shares held', fields: [field('holderName'), field('shareClass', 'enum'), field('issued', 'date', { hints: ['Top right'] })] }), 200);
      expect(saved.fields[0]).toEqual({ name: 'holderName', label: 'Holder name', type: 'text', required: true, multiple: false, description: '', hints: [], options: [] });
      expect(saved.fields[2].hints).toEqual(['Top right']);
      expect(expectStatus(await a.post(`${url}/activate`), 409).error).toMatch(/enum field "shareClass" has no options/);

      const read = expectStatus(await a.get(url), 200);
      read.fields[1].options = ['Ordinary', 'Preference'];
      expectStatus(await a.put(url, read), 200);
      expect(expectStatus(await a.post(`${url}/activate`), 200)).toMatchObject({ status: 'active', activatedAt: expect.any(String) });
      expect(expectStatus(await a.put(url, read), 409).error).toMatch(/immutable/);
      expect(expectStatus(await a.post(`${url}/activate`), 409).error).toMatch(/only a draft/);
      expectStatus(await a.put('/doc-type-extraction-schemas/share-certificate/3', read), 404);
      expectStatus(await a.get('/doc-type-extraction-schemas/share-certificate/0'), 400);
    });

    it('new-version and rename-as-new-version make v(N+1); activating it supersedes vN', async () => {
      const url = '/doc-type-extraction-schemas/share-certificate';
      expect(expectStatus(await a.post(`${url}/1/rename-as-new-version`, { name: 'Share certificate (UK)' }), 201)).toMatchObject({ version: 2, name: 'Share certificate (UK)', status: 'draft' });
      expect(expectStatus(await a.post(`${url}/1/new-version`), 409).error).toMatch(/already exists/);
      expect(expectStatus(await a.post(`${url}/1/rename-as-new-version`, { name: 'x' }), 409).error).toMatch(/already exists/);
      expect(expectStatus(await a.get(`${url}/1`), 200).name).toBe('Share certificate');
      expectStatus(await a.post(`${url}/2/activate`), 200);
      expect(expectStatus(await a.get(`${url}/1`), 200).status).toBe('superseded');
      expect(expectStatus(await a.post(`${url}/2/new-version`), 201)).toMatchObject({ version: 3, name: 'Share certificate (UK)' });
      expectStatus(await a.post(`${url}/9/new-version`), 404);
      expectStatus(await a.post('/doc-type-extraction-schemas/nothing-here/1/activate'), 404);
    });
  });

  describe('official schemas', () => {
    it('are read-only; new-version gives the caller its own v1 draft copy, once', async () => {
      expectStatus(await b.put('/doc-type-extraction-schemas/payslip/1', { fields: [] }), 409);
      expectStatus(await b.post('/doc-type-extraction-schemas/payslip/1/activate'), 409);
      expect(expectStatus(await b.post('/doc-type-extraction-schemas/payslip/1/rename-as-new-version', { name: 'Pay slip' }), 409).error).toMatch(/official/);
      const ref = expectStatus(await b.post('/doc-type-extraction-schemas/payslip/1/new-version'), 201);
      expect(ref).toEqual({ docType: 'payslip', version: 1, name: 'Payslip', status: 'draft', source: 'own' });
      const mine = expectStatus(await b.get('/doc-type-extraction-schemas/payslip/1'), 200);
      const official = expectStatus(await b.get('/doc-type-extraction-schemas/payslip/1?source=official'), 200);
      expect(mine.fields).toEqual(official.fields);
      expect(mine.derivedFrom).toEqual({ id: 'payslip', version: 1, source: 'official' });
      expect(expectStatus(await b.post('/doc-type-extraction-schemas/payslip/1/new-version?source=official'), 409).error).toMatch(/already have/);
      expectStatus(await b.put('/doc-type-extraction-schemas/payslip/1?source=official', { fields: [] }), 409);
      // Another organization still sees only the official one.
      expect(expectStatus(await a.get('/doc-type-extraction-schemas/payslip/1'), 200).source).toBe('official');
    });

    it('answers 404 for another organization’s schema', async () => {
      expectStatus(await b.get('/doc-type-extraction-schemas/share-certificate/1'), 404);
      expectStatus(await b.put('/doc-type-extraction-schemas/share-certificate/1', { fields: [] }), 404);
      expectStatus(await b.post('/doc-type-extraction-schemas/share-certificate/1/new-version'), 404);
      expectStatus(await b.get('/doc-type-extraction-schemas/share-certificate/resolved'), 404);
    });
  });

  it('resolves down the ladder: own active, official active, the docKind’s schema, then fallback', async () => {
    const c = client(t.app, await signUp(t.app, { orgName: 'Ladder Ltd' }));
    const resolved = async (docType: string) => expectStatus(await c.get(`/doc-type-extraction-schemas/${docType}/resolved`), 200);

    expect(await resolved('passport')).toMatchObject({ docType: 'passport', step: 'docType', schema: { docType: 'passport', source: 'official' } });

    // An own draft is not read; once active it wins over the official schema.
    expectStatus(await c.post('/doc-type-extraction-schemas/passport/1/new-version'), 201);
    expect((await resolved('passport')).schema.source).toBe('official');
    const own = expectStatus(await c.get('/doc-type-extraction-schemas/passport/1'), 200);
    expectStatus(await c.put('/doc-type-extraction-schemas/passport/1', { ...own, fields: [...own.fields, field('placeOfBirth')] }), 200);
    expectStatus(await c.post('/doc-type-extraction-schemas/passport/1/activate'), 200);
    const mine = await resolved('passport');
    expect(mine).toMatchObject({ step: 'docType', schema: { source: 'own', version: 1 } });
    expect(mine.schema.fields.map((f: any) => f.name)).toContain('placeOfBirth');

    // A type with no schema falls to fallback…
    expectStatus(await c.post('/doc-types', { name: 'Residence permit', kind: 'identity' }), 201);
    expect(await resolved('residence-permit')).toMatchObject({ docType: 'residence-permit', step: 'fallback', schema: { docType: 'fallback', fields: [] } });
    // …until its docKind has an active schema.
    expectStatus(await c.post('/doc-type-extraction-schemas', { name: 'Identity' }), 201);
    expectStatus(await c.put('/doc-type-extraction-schemas/identity/1', { fields: [field('fullName'), field('dateOfBirth', 'date')] }), 200);
    expectStatus(await c.post('/doc-type-extraction-schemas/identity/1/activate'), 200);
    expect(await resolved('residence-permit')).toMatchObject({ step: 'docKind', schema: { docType: 'identity', source: 'own' } });
    expect(await resolved('fallback')).toMatchObject({ step: 'docType', schema: { docType: 'fallback' } });
    expectStatus(await c.get('/doc-type-extraction-schemas/no-such-type/resolved'), 404);
    expectStatus(await c.get('/doc-type-extraction-schemas/blank-page/resolved'), 404);

    // The resolver extraction calls is the same function, also for a type the chain does not know.
    const officialOrgId = (await t.app.db.query<{ id: string }>('SELECT id FROM organizations WHERE is_official')).rows[0]!.id;
    const orgId = (await t.app.db.query<{ id: string }>(`SELECT id FROM organizations WHERE name = 'Ladder Ltd'`)).rows[0]!.id;
    const schemas = t.api.library.schemas;
    expect(await schemas.resolveFor(t.app.db, orgId, 'not-in-any-catalogue')).toMatchObject({
      step: 'fallback',
      version: { id: 'fallback', orgId: officialOrgId },
    });
    expect(await schemas.resolveFor(t.app.db, orgId, 'passport')).toMatchObject({ step: 'docType', version: { orgId } });
  });

  it('lets an API key create, edit and activate schemas', async () => {
    const key = client(t.app, await apiKeySession(t.app, await signUp(t.app, { orgName: 'Keyed' })));
    expectStatus(await key.post('/doc-type-extraction-schemas', { name: 'Boat registration', kind: 'property' }), 201);
    expectStatus(await key.put('/doc-type-extraction-schemas/boat-registration/1', { fields: [field('vesselName')] }), 200);
    expectStatus(await key.post('/doc-type-extraction-schemas/boat-registration/1/activate'), 200);
  });
});
