import { describe, expect, it } from 'vitest';
import type { ExpectedDoc } from '../src/contract/library.js';
import { ExtractionField } from '../src/contract/extraction-schemas.js';
import { BUILT_IN_REQUIREMENTS, normalizeCatalogSections, normalizeListSections } from '../src/library/list-rules.js';
import { labelOf, schemaIncompleteness, schemaProblems } from '../src/library/schema-rules.js';

const doc = (docType: string, kind: string, extra: Partial<ExpectedDoc> = {}): ExpectedDoc => ({
  id: docType,
  docType,
  name: docType.replace(/-/g, ' '),
  kind,
  description: `About ${docType}`,
  ...BUILT_IN_REQUIREMENTS,
  ...extra,
});
const chain = new Map(
  [doc('income', 'docKind'), doc('payslip', 'income', { minCount: 3, note: 'Three months' }), doc('blank-page', 'pageKind'), doc('default', 'default')].map((e) => [e.docType, e]),
);
const ctx = { lookup: (t: string) => chain.get(t), chainLabel: 'the test chain' };
const section = (lines: object[], extra: object = {}) => ({ name: 'Income', lines, subsections: [], ...extra }) as any;

describe('normalizeListSections', () => {
  it('fills left-out fields from the catalogue entry and generates unique ids', () => {
    const r = normalizeListSections([section([{ docType: 'payslip' }, { docType: 'payslip', minCount: 1 }, { docType: 'income' }])], ctx);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value[0]!.id).toBe('income');
    expect(r.value[0]!.lines.map((l) => [l.id, l.kind, l.minCount, l.note])).toEqual([
      ['payslip', 'income', 3, 'Three months'],
      ['payslip-2', 'income', 1, 'Three months'],
      ['income', 'docKind', 1, ''],
    ]);
  });

  it('never generates an id a later line asks for', () => {
    const r = normalizeListSections([section([{ docType: 'payslip' }, { id: 'payslip', docType: 'payslip' }])], ctx);
    expect(r.ok && r.value[0]!.lines.map((l) => l.id)).toEqual(['payslip-2', 'payslip']);
  });

  it('names each failing line', () => {
    const r = normalizeListSections(
      [
        section([{ id: 'a', docType: 'nope' }, { id: 'b', docType: 'blank-page' }, { id: 'c', docType: 'payslip', minCount: 4, maxCount: 2 }]),
        section([{ id: 'a', docType: 'payslip' }], { name: 'Second' }),
      ],
      ctx,
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems).toEqual([
      expect.stringMatching(/Line "a" \(section "Second", line 1\): the id "a" is used twice/),
      expect.stringMatching(/Line "a" \(section "Income", line 1\): the document type "nope" is not in the test chain/),
      expect.stringMatching(/Line "b" .*page kind/),
      expect.stringMatching(/Line "c" .*maxCount 2 is below minCount 4/),
    ]);
  });
});

describe('normalizeCatalogSections', () => {
  const below = new Map([...chain].filter(([k]) => k !== 'payslip'));

  it('defines entries by docType, with kinds from the chain and requirement defaults', () => {
    const r = normalizeCatalogSections([section([{ docType: 'p45', name: 'P45', kind: 'income' }, { docType: 'income', note: 'Overridden' }])], {
      below,
      defaults: { requirement: 'optional', minCount: 2, maxCount: null, note: '' },
    });
    expect(r.ok && r.value[0]!.lines.map((l) => [l.id, l.kind, l.requirement, l.minCount, l.note])).toEqual([
      ['p45', 'income', 'optional', 2, ''],
      ['income', 'docKind', 'required', 1, 'Overridden'],
    ]);
  });

  it('refuses repeated docTypes, unknown kinds and misuse of the default kind', () => {
    const r = normalizeCatalogSections(
      [section([{ docType: 'x', name: 'X', kind: 'income' }, { docType: 'x', name: 'X', kind: 'income' }, { docType: 'y', name: 'Y', kind: 'moon' }, { docType: 'z', name: 'Z', kind: 'default' }, { docType: 'w', name: 'W' }])],
      { below, defaults: BUILT_IN_REQUIREMENTS },
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems.join('\n')).toMatch(/Entry "x".*defined twice/);
    expect(r.problems.join('\n')).toMatch(/Entry "y".*"moon" is not a docKind/);
    expect(r.problems.join('\n')).toMatch(/Entry "z".*only the entry "default"/);
    expect(r.problems.join('\n')).toMatch(/Entry "w".*give its kind/);
  });

  it('lets only official catalogues define reserved ids; others may override what is below', () => {
    const entries = [section([{ docType: 'unmatched', name: 'Unmatched', kind: 'income' }, { docType: 'default', minCount: 2 }])];
    const custom = normalizeCatalogSections(entries, { below, defaults: BUILT_IN_REQUIREMENTS });
    expect(custom.ok ? [] : custom.problems).toEqual([expect.stringMatching(/Entry "unmatched".*reserved id/)]);
    expect(normalizeCatalogSections(entries, { below, defaults: BUILT_IN_REQUIREMENTS, mayDefineReserved: true }).ok).toBe(true);
  });
});

describe('schema rules', () => {
  const f = (o: object) => ExtractionField.parse(o);

  it('refuses repeated names and options on non-enum fields', () => {
    expect(schemaProblems([f({ name: 'a', type: 'text' }), f({ name: 'a', type: 'date' })])).toEqual([expect.stringMatching(/Field 2 \("a"\): the name is used twice/)]);
    expect(schemaProblems([f({ name: 'a', type: 'text', options: ['x'] })])).toEqual([expect.stringMatching(/only an enum/)]);
    expect(schemaProblems([f({ name: 'band', type: 'enum', options: ['A', 'A'] })])).toEqual([expect.stringMatching(/listed twice/)]);
  });

  it('activates only with fields (fallback excepted) and options for every enum', () => {
    expect(schemaIncompleteness('payslip', [])).toMatch(/no fields/);
    expect(schemaIncompleteness('fallback', [])).toBeNull();
    expect(schemaIncompleteness('council-tax-bill', [f({ name: 'band', type: 'enum' })])).toMatch(/"band" has no options/);
    expect(schemaIncompleteness('payslip', [f({ name: 'netPay', type: 'money' })])).toBeNull();
  });

  it('labels a field from its key when it has no label', () => {
    expect(labelOf({ name: 'dateOfBirth', label: '' })).toBe('Date of birth');
    expect(labelOf({ name: 'accountNumberLast4', label: '' })).toBe('Account number last4');
    expect(labelOf({ name: 'x', label: ' Given ' })).toBe('Given');
  });
});
