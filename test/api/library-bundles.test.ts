import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addColleague, buildTestApp, DRIVER, signUp, type TestApp } from '../helper.js';
import { client, expectStatus, lines, type Client } from './library-helpers.js';

describe(`bundles and saved sections on ${DRIVER}`, () => {
  let t: TestApp;
  let a: Client;
  let b: Client;
  beforeAll(async () => {
    t = await buildTestApp();
    a = client(t.app, await signUp(t.app, { orgName: 'Bundle Alpha' }));
    b = client(t.app, await signUp(t.app, { orgName: 'Bundle Beta' }));
  });
  afterAll(() => t?.close());

  describe('bundles', () => {
    it('creates, lists by name, replaces and deletes bundles', async () => {
      const id = expectStatus(await a.post('/document-bundles', { name: 'Proof of identity', members: ['passport', 'driving-licence'] }), 201);
      expect(id).toMatchObject({ name: 'Proof of identity', members: ['passport', 'driving-licence'], id: expect.stringMatching(/^bdl_/) });
      expectStatus(await a.post('/document-bundles', { name: 'affordability', members: ['payslip', 'bank-statement', 'p60'] }), 201);
      expect(expectStatus(await a.get('/document-bundles'), 200).map((x: any) => x.name)).toEqual(['affordability', 'Proof of identity']);

      const replaced = expectStatus(await a.put(`/document-bundles/${id.id}`, { name: 'Photo ID', members: ['passport', 'national-id-card', 'identity'] }), 200);
      expect(replaced).toMatchObject({ id: id.id, name: 'Photo ID', members: ['passport', 'national-id-card', 'identity'] });
      expectStatus(await a.del(`/document-bundles/${id.id}`), 204);
      expectStatus(await a.del(`/document-bundles/${id.id}`), 404);
      expectStatus(await a.put(`/document-bundles/${id.id}`, { name: 'Photo ID', members: ['passport'] }), 404);
      expect(expectStatus(await a.get('/document-bundles'), 200).map((x: any) => x.name)).toEqual(['affordability']);
      // A deleted bundle frees its name.
      expectStatus(await a.post('/document-bundles', { name: 'Photo ID', members: ['passport'] }), 201);
    });

    it('refuses an empty name, no members, a repeated or unknown member (400) and a taken name (409)', async () => {
      expect(expectStatus(await a.post('/document-bundles', { name: '  ', members: ['passport'] }), 400).error).toMatch(/body\.name: must not be empty/);
      expect(expectStatus(await a.post('/document-bundles', { name: 'Nothing', members: [] }), 400).error).toMatch(/body\.members: needs at least one member/);
      expect(expectStatus(await a.post('/document-bundles', { name: 'Twice', members: ['payslip', 'p60', 'payslip'] }), 400).error).toMatch(/body\.members\.2: repeats the member "payslip"/);
      expect(expectStatus(await a.post('/document-bundles', { name: 'Unknown', members: ['passport', 'moon-rock'] }), 400).error).toMatch(/body\.members\.1: "moon-rock" is not a document type/);
      expect(expectStatus(await a.post('/document-bundles', { name: 'Pages', members: ['blank-page'] }), 400).error).toMatch(/not a document type/);
      expectStatus(await a.post('/document-bundles', { members: ['passport'] }), 400);
      expect(expectStatus(await a.post('/document-bundles', { name: 'AFFORDABILITY', members: ['payslip'] }), 409).error).toMatch(/already exists/);
      const other = expectStatus(await a.post('/document-bundles', { name: 'Renamable', members: ['invoice'] }), 201);
      expectStatus(await a.put(`/document-bundles/${other.id}`, { name: 'Affordability', members: ['invoice'] }), 409);
      expectStatus(await a.put(`/document-bundles/${other.id}`, { name: 'Renamable', members: ['invoice', 'invoice'] }), 400);
    });

    it('are invisible to other organizations (404)', async () => {
      const mine = expectStatus(await a.post('/document-bundles', { name: 'Alpha only', members: ['invoice'] }), 201);
      expect(expectStatus(await b.get('/document-bundles'), 200)).toEqual([]);
      expectStatus(await b.put(`/document-bundles/${mine.id}`, { name: 'Taken over', members: ['invoice'] }), 404);
      expectStatus(await b.del(`/document-bundles/${mine.id}`), 404);
      const { id } = expectStatus(await b.post('/expected-doc-lists', { name: 'Beta list' }), 201);
      expectStatus(await b.post(`/expected-doc-lists/${id}/1/insert-bundle`, { bundleId: mine.id, sectionId: 'documents' }), 404);
      // The same name is free in another organization.
      expectStatus(await b.post('/document-bundles', { name: 'Alpha only', members: ['invoice'] }), 201);
    });

    it('inserts into a draft as a copied subsection that outlives changes to the bundle', async () => {
      const bundle = expectStatus(await a.post('/document-bundles', { name: 'Income pack', members: ['payslip', 'p60'] }), 201);
      const { id } = expectStatus(await a.post('/expected-doc-lists', { name: 'With bundle' }), 201);
      expectStatus(await a.put(`/expected-doc-lists/${id}/1`, { sections: [{ id: 'income', name: 'Income', lines: [{ id: 'payslip', docType: 'payslip' }] }] }), 200);
      const list = expectStatus(await a.post(`/expected-doc-lists/${id}/1/insert-bundle`, { bundleId: bundle.id, sectionId: 'income' }), 200);
      const sub = list.sections[0].subsections[0];
      expect(sub).toMatchObject({ id: 'income-pack', name: 'Income pack', origin: { type: 'bundle', id: bundle.id, name: 'Income pack' } });
      // Line ids stay unique in the list: the bundle's payslip does not take the existing line's id.
      expect(sub.lines.map((l: any) => [l.id, l.docType, l.minCount])).toEqual([['payslip-2', 'payslip', 1], ['p60', 'p60', 1]]);

      expectStatus(await a.put(`/document-bundles/${bundle.id}`, { name: 'Income pack', members: ['invoice'] }), 200);
      expectStatus(await a.del(`/document-bundles/${bundle.id}`), 204);
      const after = expectStatus(await a.get(`/expected-doc-lists/${id}/1`), 200);
      expect(after.sections[0].subsections[0].lines.map((l: any) => l.docType)).toEqual(['payslip', 'p60']);

      const again = expectStatus(await a.post('/document-bundles', { name: 'Another pack', members: ['invoice'] }), 201);
      expect(expectStatus(await a.post(`/expected-doc-lists/${id}/1/insert-bundle`, { bundleId: again.id, sectionId: 'nope' }), 400).error).toMatch(/no section "nope"/);
      expectStatus(await a.post(`/expected-doc-lists/${id}/1/insert-bundle`, { bundleId: bundle.id, sectionId: 'income' }), 404);
      expectStatus(await a.post(`/expected-doc-lists/${id}/9/insert-bundle`, { bundleId: again.id, sectionId: 'income' }), 404);
      expectStatus(await a.post(`/expected-doc-lists/${id}/1/activate`), 200);
      expectStatus(await a.post(`/expected-doc-lists/${id}/1/insert-bundle`, { bundleId: again.id, sectionId: 'income' }), 409);
      expectStatus(await a.post('/expected-doc-lists/mortgage-application/1/insert-bundle', { bundleId: again.id, sectionId: 'income' }), 409);
    });

    it('are library.edit operations an Originator may use', async () => {
      const manager = await signUp(t.app, { orgName: 'Bundle Gamma' });
      const originator = client(t.app, await addColleague(t.app, manager, 'Originator'));
      const made = expectStatus(await originator.post('/document-bundles', { name: 'Originator pack', members: ['passport'] }), 201);
      expectStatus(await originator.put(`/document-bundles/${made.id}`, { name: 'Originator pack 2', members: ['passport'] }), 200);
      expectStatus(await originator.del(`/document-bundles/${made.id}`), 204);
    });
  });

  describe('saved sections', () => {
    let listId: string;
    beforeAll(async () => {
      listId = expectStatus(await a.post('/expected-doc-lists', { name: 'Section source' }), 201).id;
      expectStatus(
        await a.put(`/expected-doc-lists/${listId}/1`, {
          sections: [{ id: 'banking', name: 'Banking', note: 'Main account', lines: [{ docType: 'bank-statement', minCount: 3 }], subsections: [{ name: 'Cards', lines: lines('credit-card-statement') }] }],
        }),
        200,
      );
    });

    it('copies a section of a list version, which later edits of the list do not reach', async () => {
      const saved = expectStatus(await a.post('/saved-sections', { from: { expectedDocListId: listId, version: 1, sectionId: 'banking' } }), 201);
      expect(saved).toMatchObject({
        name: 'Banking',
        note: 'Main account',
        lines: [{ docType: 'bank-statement', minCount: 3 }],
        subsections: [{ name: 'Cards', lines: [{ docType: 'credit-card-statement' }] }],
        derivedFrom: { expectedDocListId: listId, version: 1, sectionId: 'banking', source: 'own' },
      });
      expectStatus(await a.put(`/expected-doc-lists/${listId}/1`, { sections: [{ id: 'banking', name: 'Banking', lines: lines('payslip') }] }), 200);
      const listed = expectStatus(await a.get('/saved-sections'), 200).find((s: any) => s.id === saved.id);
      expect(listed.lines.map((l: any) => l.docType)).toEqual(['bank-statement']);
    });

    it('copies a section of an official template, and takes content given directly', async () => {
      const official = expectStatus(await a.post('/saved-sections', { name: 'Mortgage income', from: { expectedDocListId: 'mortgage-application', version: 1, sectionId: 'income' } }), 201);
      expect(official).toMatchObject({ name: 'Mortgage income', derivedFrom: { expectedDocListId: 'mortgage-application', source: 'official' } });
      expect(official.lines.length).toBe(4);
      const direct = expectStatus(await a.post('/saved-sections', { name: 'Address', lines: [{ docType: 'utility-bill', note: 'Recent' }, { docType: 'council-tax-bill' }] }), 201);
      expect(direct).toMatchObject({ derivedFrom: null, lines: [{ id: 'utility-bill', docType: 'utility-bill', note: 'Recent' }, { id: 'council-tax-bill' }] });
      expect(expectStatus(await a.get('/saved-sections'), 200).map((s: any) => s.name)).toEqual(['Address', 'Banking', 'Mortgage income']);
    });

    it('refuses invalid input (400) and unknown sources (404)', async () => {
      expect(expectStatus(await a.post('/saved-sections', { name: 'Bad', lines: lines('unicorn-passport') }), 400).error).toMatch(/"unicorn-passport" is not in your marked catalogue chain/);
      expect(expectStatus(await a.post('/saved-sections', { lines: lines('passport') }), 400).error).toMatch(/body\.name/);
      expectStatus(await a.post('/saved-sections', { name: 'Both', lines: lines('passport'), from: { expectedDocListId: listId, version: 1, sectionId: 'banking' } }), 400);
      expectStatus(await a.post('/saved-sections', { name: 'Neither' }), 400);
      expectStatus(await a.post('/saved-sections', { from: { expectedDocListId: listId, version: 1, sectionId: 'nope' } }), 404);
      expectStatus(await a.post('/saved-sections', { from: { expectedDocListId: listId, version: 4, sectionId: 'banking' } }), 404);
      expectStatus(await b.post('/saved-sections', { from: { expectedDocListId: listId, version: 1, sectionId: 'banking' } }), 404);
    });

    it('inserts into a draft as a new section with ids of that list; deletes', async () => {
      const saved = expectStatus(await a.get('/saved-sections'), 200).find((s: any) => s.name === 'Banking');
      const { id } = expectStatus(await a.post('/expected-doc-lists', { name: 'Gets a section' }), 201);
      expectStatus(await a.put(`/expected-doc-lists/${id}/1`, { sections: [{ id: 'banking', name: 'Existing', lines: [{ id: 'bank-statement', docType: 'bank-statement' }] }] }), 200);
      const list = expectStatus(await a.post(`/expected-doc-lists/${id}/1/insert-saved-section`, { savedSectionId: saved.id, position: 0 }), 200);
      expect(list.sections.map((s: any) => [s.id, s.name])).toEqual([['banking-2', 'Banking'], ['banking', 'Existing']]);
      expect(list.sections[0]).toMatchObject({ origin: { type: 'savedSection', id: saved.id }, lines: [{ id: 'bank-statement-2' }], subsections: [{ id: 'cards' }] });

      expectStatus(await b.post(`/expected-doc-lists/${id}/1/insert-saved-section`, { savedSectionId: saved.id }), 404);
      const { id: betaList } = expectStatus(await b.post('/expected-doc-lists', { name: 'Beta gets nothing' }), 201);
      expectStatus(await b.post(`/expected-doc-lists/${betaList}/1/insert-saved-section`, { savedSectionId: saved.id }), 404);

      expectStatus(await a.del(`/saved-sections/${saved.id}`), 204);
      expectStatus(await a.del(`/saved-sections/${saved.id}`), 404);
      expectStatus(await a.post(`/expected-doc-lists/${id}/1/insert-saved-section`, { savedSectionId: saved.id }), 404);
      // The list keeps its copy.
      expect(expectStatus(await a.get(`/expected-doc-lists/${id}/1`), 200).sections).toHaveLength(2);
    });
  });
});
