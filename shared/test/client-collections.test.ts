import { createHash } from 'node:crypto';
import { checkSchema } from 'rxdb/plugins/dev-mode';
import { describe, expect, it } from 'vitest';
import { rxCollections } from '../src/client/rx-collections.js';
import { markedChainOf, type ChainCatalog } from '../src/library/chain.js';
import { syncCollections, type SyncCollectionName } from '../src/sync/collections.js';
import { parseVersionKey, versionKey } from '../src/sync/version-key.js';

/**
 * The RxDB schema each collection is generated with, by version. A desktop that stored a
 * collection under one schema refuses to open it under another with the same version, so a
 * contract change that reaches a replicated document must bump the collection's version
 * (shared/src/sync/collections.ts; stored documents are kept) and pin the new fingerprint here.
 */
const PINNED: Record<SyncCollectionName, [version: number, fingerprint: string]> = {
  'expected-doc-lists': [1, '0d6d8c4b6a375223'],
  workflows: [1, '86046a763c0663c6'],
  'intel-templates': [1, '7d0584f9350c535f'],
  'extraction-schemas': [0, 'e5088f9bc90f3911'],
  'document-bundles': [1, '6d0199bbbfd54a15'],
  'saved-sections': [1, '2c00ed43f2940298'],
  'library-defaults': [1, 'cf0d73fa35424fa8'],
  organization: [1, '6900a9a352870db0'],
  applications: [3, 'dc359518604e2d6d'],
  'case-documents': [5, 'dcb37c59eb3f44fd'],
  decisions: [2, '9f7a4625c82911db'],
  ledger: [2, '4cf3f37e3cb4de69'],
  'decision-requests': [3, '5139d0a8e9183dfd'],
};

const fingerprint = (schema: object) => createHash('sha256').update(JSON.stringify({ ...schema, version: undefined })).digest('hex').slice(0, 16);

describe('the RxDB collections generated from the contract', () => {
  it('are valid RxDB schemas: a bounded string key, no `$ref`, no `_deleted` of our own', () => {
    for (const [name, { schema }] of Object.entries(rxCollections)) {
      expect(() => checkSchema(schema as never), name).not.toThrow();
      expect(schema.primaryKey, name).toBe('id');
      // A decision request's id is the client's, as short as the REST ids it stands beside.
      expect(schema.properties.id, name).toMatchObject({ type: 'string', maxLength: name === 'decision-requests' ? 64 : 300 });
      expect(Object.keys(schema.properties), name).not.toContain('_deleted');
      expect(schema.required, name).toEqual(expect.arrayContaining(['id', 'serverRev']));
      expect(JSON.stringify(schema), name).not.toMatch(/"\$ref"|"\$defs"|"default"/);
    }
  });

  it('follow the zod documents field by field, nested shapes included', () => {
    const lists = rxCollections['expected-doc-lists'].schema as unknown as { properties: Record<string, any> };
    const list = lists.properties.list;
    expect(Object.keys(list.properties)).toEqual(Object.keys(syncCollections['expected-doc-lists'].document.shape.list.shape));
    expect(list.properties.kind.enum).toContain('docTypeCatalogOfficial');
    expect(list.properties.sections.items.properties.lines.items.required).toEqual(expect.arrayContaining(['docType', 'requirement']));
    const bundles = rxCollections['document-bundles'].schema;
    expect(Object.keys(bundles.properties)).toEqual(['id', 'name', 'members', 'createdAt', 'updatedAt', 'serverRev']);
  });

  it('change only with a new schema version, and keep what is stored when they do', () => {
    const now = Object.fromEntries(
      Object.entries(rxCollections).map(([name, { schema }]) => [name, [schema.version, fingerprint(schema)]]),
    );
    expect(now, 'a replicated schema changed: bump its version in shared/src/sync/collections.ts and pin it here').toEqual(PINNED);
    for (const [name, { schema, migrationStrategies }] of Object.entries(rxCollections)) {
      const doc = { id: 'x', serverRev: 1 };
      for (let v = 1; v <= schema.version; v++) expect(migrationStrategies[v]?.(doc, undefined as never), `${name} v${v}`).toEqual(doc);
    }
  });
});

describe('version keys', () => {
  it('name a library version by source, id and version, and read back', () => {
    expect(versionKey('official', 'generic', 3)).toBe('official:generic:3');
    expect(parseVersionKey('own:mortgage-checklist:12')).toEqual({ source: 'own', id: 'mortgage-checklist', version: 12 });
    for (const bad of ['generic:3', 'mine:generic:3', 'own:generic:0', 'own:a:b:1']) expect(parseVersionKey(bad), bad).toBeNull();
  });
});

describe('markedChainOf', () => {
  const entry = (docType: string, kind: string, name = docType) => ({
    id: docType,
    docType,
    name,
    kind,
    description: '',
    requirement: 'required' as const,
    minCount: 1,
    maxCount: null,
    note: '',
  });
  const catalog = (id: string, parent: string | null, lines: ReturnType<typeof entry>[], source: 'own' | 'official' = 'official'): ChainCatalog => ({
    id,
    version: 2,
    name: id,
    kind: source === 'own' ? 'docTypeCatalogOrgCustom' : 'docTypeCatalogOfficial',
    source,
    parent,
    sections: [{ lines, subsections: [] }],
  });
  const official = new Map([
    ['generic', catalog('generic', null, [entry('identity', 'docKind'), entry('passport', 'identity')])],
    ['finance', catalog('finance', 'generic', [entry('passport', 'identity', 'Passport (photo page)'), entry('payslip', 'identity')])],
    ['unrelated', catalog('unrelated', 'generic', [entry('lease', 'identity')])],
  ]);

  it('merges the marked catalogue down to generic, root first, the organization’s custom-documents on top', () => {
    const chain = markedChainOf('finance', official, catalog('custom-documents', null, [entry('payslip', 'identity', 'Our payslip')], 'own'));
    expect(chain.layers.map((l) => `${l.source}:${l.id}`)).toEqual(['official:generic', 'official:finance', 'own:custom-documents']);
    expect(chain.entries.map((e) => [e.docType, e.name, e.definedIn.listId])).toEqual([
      ['identity', 'identity', 'generic'],
      ['passport', 'Passport (photo page)', 'finance'],
      ['payslip', 'Our payslip', 'custom-documents'],
    ]);
    expect(chain.lookup.get('passport')?.definedIn).toEqual({ listId: 'finance', version: 2, source: 'official' });
    expect(chain.lookup.has('lease')).toBe(false);
  });
});
