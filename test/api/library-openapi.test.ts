import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper.js';

/** The library operations of spec Part 4 (and the copies into lists we added), with the statuses the spec gives them. */
const OPERATIONS: [string, string, string, string[]][] = [
  ['get', '/expected-doc-lists', 'expected-doc-list-library', ['200']],
  ['post', '/expected-doc-lists', 'expected-doc-list-library', ['201', '400', '409']],
  ['get', '/expected-doc-lists/{expectedDocListId}/{version}', 'expected-doc-list-editor', ['200', '404']],
  ['put', '/expected-doc-lists/{expectedDocListId}/{version}', 'expected-doc-list-editor', ['200', '400', '409']],
  ['post', '/expected-doc-lists/{expectedDocListId}/{version}/new-version', 'expected-doc-list-library', ['201', '409']],
  ['post', '/expected-doc-lists/{expectedDocListId}/{version}/rename-as-new-version', 'expected-doc-list-library', ['201', '409']],
  ['post', '/expected-doc-lists/{expectedDocListId}/{version}/duplicate', 'expected-doc-list-library', ['201', '409']],
  ['post', '/expected-doc-lists/{expectedDocListId}/{version}/activate', 'expected-doc-list-library', ['200', '409']],
  ['post', '/expected-doc-lists/{expectedDocListId}/{version}/set-default', 'expected-doc-list-library', ['200', '404', '409']],
  ['post', '/expected-doc-lists/{expectedDocListId}/{version}/insert-bundle', 'expected-doc-list-editor', ['200', '404', '409']],
  ['post', '/expected-doc-lists/{expectedDocListId}/{version}/insert-saved-section', 'expected-doc-list-editor', ['200', '404', '409']],
  ['get', '/doc-type-catalog/marked', 'doc-type-extraction-schemas', ['200']],
  ['post', '/doc-types', 'doc-type-extraction-schemas', ['200', '201', '400']],
  ['get', '/document-types', 'doc-type-extraction-schemas', ['200']],
  ['put', '/organization/marked-doc-type-catalog', 'users', ['200', '403', '409']],
  ['post', '/doc-type-extraction-schemas', 'doc-type-extraction-schemas', ['200', '201', '400']],
  ['get', '/doc-type-extraction-schemas/{docType}/{version}', 'doc-type-extraction-schemas', ['200', '404']],
  ['put', '/doc-type-extraction-schemas/{docType}/{version}', 'doc-type-extraction-schemas', ['200', '400', '409']],
  ['post', '/doc-type-extraction-schemas/{docType}/{version}/new-version', 'doc-type-extraction-schemas', ['201', '409']],
  ['post', '/doc-type-extraction-schemas/{docType}/{version}/rename-as-new-version', 'doc-type-extraction-schemas', ['201', '409']],
  ['post', '/doc-type-extraction-schemas/{docType}/{version}/activate', 'doc-type-extraction-schemas', ['200', '409']],
  ['get', '/doc-type-extraction-schemas/{docType}/resolved', 'doc-type-extraction-schemas', ['200', '404']],
  ['get', '/saved-sections', 'saved-sections', ['200']],
  ['post', '/saved-sections', 'saved-sections', ['201']],
  ['delete', '/saved-sections/{savedSectionId}', 'saved-sections', ['204', '404']],
  ['get', '/document-bundles', 'bundle-catalogue', ['200']],
  ['post', '/document-bundles', 'bundle-catalogue', ['201', '400', '409']],
  ['put', '/document-bundles/{bundleId}', 'bundle-catalogue', ['200', '400', '404']],
  ['delete', '/document-bundles/{bundleId}', 'bundle-catalogue', ['204', '404']],
];

describe('the library in the OpenAPI document', () => {
  let t: TestApp;
  let doc: Record<string, any>;
  beforeAll(async () => {
    t = await buildTestApp();
    doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  });
  afterAll(() => t?.close());

  it('documents every operation under its spec tag, with the statuses the spec lists', () => {
    for (const [method, path, tag, statuses] of OPERATIONS) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.tags, `${method} ${path}`).toEqual([tag]);
      expect(Object.keys(op.responses), `${method} ${path}`).toEqual(expect.arrayContaining([...statuses, '401']));
    }
  });

  it('names the resources the spec names', () => {
    const names = Object.keys(doc.components.schemas);
    for (const name of [
      'ExpectedDoc',
      'ExpectedDocList',
      'ExpectedDocListRef',
      'ExpectedDocListListing',
      'ExpectedDocListKind',
      'ExpectedDocListDuplicateInput',
      'RenameInput',
      'CoinDocTypeInput',
      'MarkedDocTypeCatalog',
      'DocumentTypeListing',
      'DocTypeExtractionSchema',
      'DocTypeExtractionSchemaRef',
      'DocumentBundle',
      'SavedSection',
    ]) {
      expect(names, name).toContain(name);
    }
    expect(doc.components.schemas.ExpectedDocListKind.enum).toEqual([
      'expectedDocListCatalogOfficial',
      'expectedDocListCatalogOrgCustom',
      'docTypeCatalogOfficial',
      'docTypeCatalogOrgCustom',
    ]);
  });
});
