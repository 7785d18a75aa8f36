import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisIngest, type Application } from '@portal/shared';
import { buildTestApp, DRIVER, signUp, type Session, type TestApp } from '../helper.js';
import { form, textPdf } from './applications-helpers.js';
import { documentsDriver } from './documents-helpers.js';

/**
 * Issue 37, point 5: an Azure ingest whose `fields.X.valueArray` held `{"valueCurrency":
 * {"amount": "12"}}` (or `{}`, `null`, an object as amount) was a 500 (a TypeError taking the
 * value apart). Every part of an Azure body, at every level, is replaced by values of the wrong
 * type and wrong shape; each answer must be a 201 (what could not be taken listed in `ignored`)
 * or a 400 naming what is wrong, never a 5xx.
 */

const at = (x: number, y: number, w: number, h: number) => [x, y, x + w, y, x + w, y + h, x, y + h];

/** A well-formed analyzeResult of one payslip page, with a field of every value kind and two lists. */
const base = () => ({
  format: 'azure-document-intelligence',
  engine: 'Azure prebuilt-payStub 2024-11-30',
  docTypeMap: { 'payStub.us': 'payslip' },
  fieldMap: { EmployeePay: 'netPay' },
  analyzeResult: {
    apiVersion: '2024-11-30',
    modelId: 'prebuilt-payStub.us',
    pages: [
      {
        pageNumber: 1,
        width: 8.5,
        height: 11,
        unit: 'inch',
        lines: [
          { content: 'Hartwell Logistics Ltd', polygon: at(0.8, 0.8, 3, 0.2) },
          { content: 'Net pay 2,568.20', polygon: at(0.8, 1.2, 2, 0.2) },
        ],
      },
    ],
    documents: [
      {
        docType: 'payStub.us',
        boundingRegions: [{ pageNumber: 1, polygon: at(0, 0, 8.5, 11) }],
        confidence: 0.9,
        fields: {
          EmployeePay: { type: 'currency', valueCurrency: { amount: 2568.2, currencyCode: 'GBP', currencySymbol: '£' }, content: '2,568.20', confidence: 0.9, boundingRegions: [{ pageNumber: 1, polygon: at(1.5, 1.2, 1, 0.2) }] },
          PayDate: { type: 'date', valueDate: '2025-03-28', confidence: 0.8 },
          EmployeeName: { type: 'string', valueString: 'Sarah Whitcombe' },
          Hours: { type: 'number', valueNumber: 37.5 },
          Weeks: { type: 'integer', valueInteger: 4 },
          Salaried: { type: 'boolean', valueBoolean: true },
          Signed: { type: 'selectionMark', valueSelectionMark: 'selected' },
          Country: { type: 'countryRegion', valueCountryRegion: 'GBR' },
          Phone: { type: 'phoneNumber', valuePhoneNumber: '+441172345678' },
          Deductions: { type: 'array', valueArray: [{ type: 'currency', valueCurrency: { amount: 412.4, currencyCode: 'GBP' } }, { type: 'currency', valueCurrency: { amount: 120, currencySymbol: '£' } }] },
          Notes: { type: 'array', valueArray: [{ type: 'string', valueString: 'a' }, { type: 'string', content: 'b' }] },
          Employer: { type: 'object', valueObject: { Name: { type: 'string', valueString: 'Hartwell' } }, content: 'Hartwell Logistics Ltd' },
        },
      },
    ],
  },
});

/** Values of the wrong type or shape, from scalars to the shapes of the issue. */
const HOSTILE: unknown[] = [
  null,
  '12',
  12,
  -1,
  1e308,
  true,
  '',
  {},
  [],
  [null],
  [[]],
  [[[[[['deep']]]]]],
  { amount: '12' },
  { amount: {} },
  { amount: null },
  { valueCurrency: { amount: '12' } },
  { valueCurrency: {} },
  { valueCurrency: null },
  { valueCurrency: { amount: { value: 12 } } },
  [{ valueCurrency: { amount: '12' } }],
  [{}],
  [{ valueArray: [{ valueArray: [{ valueCurrency: { amount: '12' } }] }] }],
  { valueArray: [null, 12, '12', [], {}] },
  { valueObject: null },
  { pageNumber: '1' },
  'x'.repeat(20_000),
];

/** Keys of an Azure field (and of a list item) to set to each hostile value. */
const FIELD_KEYS = [
  'type',
  'content',
  'confidence',
  'boundingRegions',
  'valueString',
  'valueDate',
  'valueTime',
  'valueNumber',
  'valueInteger',
  'valueBoolean',
  'valueSelectionMark',
  'valuePhoneNumber',
  'valueCountryRegion',
  'valueCurrency',
  'valueAddress',
  'valueArray',
  'valueObject',
];

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Every path to a node of `v`, the root left out. */
function paths(v: Json, at: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = at.length ? [at] : [];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...paths(x, [...at, i])));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) out.push(...paths(x, [...at, k]));
  return out;
}

function setAt(root: Json, path: (string | number)[], value: unknown): Json {
  const copy = structuredClone(root) as Json;
  let node = copy as Record<string | number, Json>;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string | number, Json>;
  node[path.at(-1)!] = value as Json;
  return copy;
}

describe(`malformed Azure ingests are refused or left out, never a 5xx, on ${DRIVER}`, () => {
  let t: TestApp;
  let manager: Session;
  let app: Application;
  const d = documentsDriver(() => t);

  beforeAll(async () => {
    // Thousands of ingests of one file: the rate and quota of ingests are not what is tested here.
    t = await buildTestApp({ config: { analysisIngests: { maxBytes: 8 * 1024 * 1024, perFile: 3, quotaMiB: { max: 100_000, windowMs: 3_600_000 }, rate: { max: 1_000_000, windowMs: 3_600_000 } } } });
    manager = await signUp(t.app, { orgName: 'Harbour Lettings' });
    const created = await d.inject(manager, 'POST', '/api/applications', { expectedDocListId: 'tenancy-application', applicantName: 'Sarah Whitcombe' });
    const upload = form([{ name: 'files', filename: 'payslip.pdf', content: await textPdf([['Hartwell Logistics Ltd', 'Net pay 2,568.20']]) }]);
    app = (await t.app.inject({ method: 'POST', url: `/api/applications/${created.json().id}/files`, headers: { ...manager.headers, ...upload.headers }, payload: upload.payload })).json();
  }, 60_000);
  afterAll(() => t?.close());

  const ingestUrl = () => `/api/applications/${app.id}/files/${app.files[0]!.id}/analysis`;
  const send = (body: unknown) => d.inject(manager, 'POST', ingestUrl(), body);

  it('takes the well-formed body, lists what it cannot take', async () => {
    const res = await send(base());
    expect(res.statusCode, res.body).toBe(201);
    const got = AnalysisIngest.parse(res.json());
    expect(got.documents[0]).toMatchObject({ docType: 'payslip', fields: expect.arrayContaining(['netPay', 'payDate', 'employeeName']) });
  });

  it('the issue’s shapes: a list item of the wrong shape is a 400 naming it; a list inside a list, or an object, is left out and listed', async () => {
    const field = (f: unknown) => {
      const b = base();
      (b.analyzeResult.documents[0]!.fields as Record<string, unknown>).Deductions = f;
      return b;
    };
    for (const item of [{ valueCurrency: { amount: '12' } }, { valueCurrency: {} }, null, { valueCurrency: { amount: { value: 12 } } }, { valueCurrency: { amount: null } }, 12, '12']) {
      const res = await send(field({ type: 'array', valueArray: [item] }));
      expect(res.statusCode, `${JSON.stringify(item)}: ${res.body}`).toBe(400);
      expect(res.json().error).toMatch(/Deductions.*valueArray/);
    }
    for (const [value, why] of [
      [{ valueArray: [{ valueArray: [{ valueCurrency: { amount: '12' } }] }] }, /itself a list/],
      [{ valueArray: [{ valueObject: { A: {} } }] }, /valueArray\[0\] is an object/],
      [{ valueObject: { A: null } }, /object \(valueObject\) with no content/],
      [{ type: 'currency' }, /carries no value/],
    ] as const) {
      const res = await send(field(value));
      expect(res.statusCode, `${JSON.stringify(value)}: ${res.body}`).toBe(201);
      const ignored = AnalysisIngest.parse(res.json()).ignored.find((i) => i.where === 'analyzeResult.documents[0].fields.Deductions');
      expect(ignored?.why, JSON.stringify(value)).toMatch(why);
    }
  });

  it('every node of the body replaced by every hostile value, and every field and list item given every key with every hostile value: 201 or 400, never a 5xx', async () => {
    const body = base() as unknown as Json;
    const bodies: { what: string; body: Json }[] = [];
    for (const path of paths(body)) for (const v of HOSTILE) bodies.push({ what: `${path.join('.')} = ${JSON.stringify(v).slice(0, 60)}`, body: setAt(body, path, v) });
    const fields = ['analyzeResult', 'documents', 0, 'fields'];
    for (const where of [
      [...fields, 'EmployeePay'],
      [...fields, 'Deductions', 'valueArray', 0],
      [...fields, 'Notes', 'valueArray', 1],
    ]) {
      for (const k of FIELD_KEYS) for (const v of HOSTILE) bodies.push({ what: `${where.join('.')}.${k} = ${JSON.stringify(v).slice(0, 60)}`, body: setAt(body, [...where, k], v) });
    }
    // A list nested far deeper than any reader goes, written as text: the JSON.stringify that
    // pdf.js's core-js installs in this worker recurses too deep for it.
    const deep = `${'{"valueArray":['.repeat(2_000)}{"valueString":"bottom"}${']}'.repeat(2_000)}`;
    const text = JSON.stringify(setAt(body, [...fields, 'Notes'], '__DEEP__')).replace('"__DEEP__"', deep);
    bodies.push({ what: 'a list 2,000 deep', body: text });
    expect(bodies.length).toBeGreaterThan(1_500);

    const seen = new Map<number, number>();
    const failures: string[] = [];
    for (const { what, body: b } of bodies) {
      const res = typeof b === 'string' ? await d.inject(manager, 'POST', ingestUrl(), b, { 'content-type': 'application/json' }) : await send(b);
      seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 500 || ![201, 400].includes(res.statusCode)) failures.push(`${what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      else if (res.statusCode === 400) expect(typeof res.json().error, what).toBe('string');
    }
    expect(failures).toEqual([]);
    // Both outcomes were reached: the bodies exercise the checks and the taking apart alike.
    expect(seen.get(201)).toBeGreaterThan(100);
    expect(seen.get(400)).toBeGreaterThan(100);
  }, 300_000);
});
