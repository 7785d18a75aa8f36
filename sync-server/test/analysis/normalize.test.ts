import { describe, expect, it } from 'vitest';
import type { AnalysisIngestInput } from '@portal/shared';
import { normalize, type NormalizeContext } from '../../src/analysis/normalize.js';
import { HttpError } from '../../src/http-error.js';

/**
 * normalize takes an Azure field apart as unknown (issue 37, point 5): whatever a looser schema
 * let through, a part of the wrong type leaves the field out, listed in `ignored`, and nothing
 * throws but a 4xx.
 */
const ctx: NormalizeContext = {
  file: { name: 'payslip.pdf', pageCount: 1 },
  types: new Set(['payslip']),
  fields: new Map([['payslip', new Map([['netPay', { type: 'money', multiple: false }], ['deductions', { type: 'money', multiple: true }], ['employeeName', { type: 'name', multiple: false }]])]]),
};

const withField = (field: unknown) =>
  ({
    format: 'azure-document-intelligence',
    analyzeResult: { pages: [{ pageNumber: 1, width: 8.5, height: 11 }], documents: [{ docType: 'payslip', boundingRegions: [{ pageNumber: 1 }], fields: { Deductions: field } }] },
  }) as unknown as AnalysisIngestInput;

const SHAPES: unknown[] = [null, 12, '12', true, [], {}, [null], { valueCurrency: null }, { valueCurrency: '12' }, { valueCurrency: { amount: '12' } }, { valueCurrency: { amount: {} } }, { valueCurrency: { amount: null } }];

describe('normalize: Azure fields of any shape', () => {
  it('leaves out, and lists, every field it cannot take, at the top and in lists, without throwing', () => {
    const cases = [
      ...SHAPES,
      ...SHAPES.map((s) => ({ valueArray: [s] })),
      ...SHAPES.map((s) => ({ valueArray: [{ valueArray: [s] }] })),
      ...['valueDate', 'valueNumber', 'valueInteger', 'valueBoolean', 'valueSelectionMark', 'valueString', 'valuePhoneNumber', 'valueCountryRegion', 'valueArray', 'content'].flatMap((k) =>
        SHAPES.filter((s) => typeof s !== 'string' && typeof s !== 'number' && typeof s !== 'boolean').map((s) => ({ [k]: s })),
      ),
    ];
    for (const field of cases) {
      let out: ReturnType<typeof normalize> | undefined;
      try {
        out = normalize(withField(field), ctx);
      } catch (e) {
        // Only a refusal naming the input may come out, never a TypeError.
        expect(e, JSON.stringify(field)).toBeInstanceOf(HttpError);
        expect((e as HttpError).status, JSON.stringify(field)).toBeLessThan(500);
        continue;
      }
      expect(out.documents[0]!.keyData, JSON.stringify(field)).toEqual({});
      expect(out.ignored.map((i) => i.where), JSON.stringify(field)).toEqual(['analyzeResult.documents[0].fields.Deductions']);
    }
  });

  it('takes well-formed money, alone and in a list', () => {
    const one = normalize(withField({ valueCurrency: { amount: 12, currencyCode: 'GBP' } }), { ...ctx, fields: new Map([['payslip', new Map([['deductions', { type: 'money', multiple: false }]])]]) });
    expect(one.documents[0]!.keyData).toEqual({ deductions: { amount: '12.00', currency: 'GBP' } });
    const list = normalize(withField({ valueArray: [{ valueCurrency: { amount: 1.5, currencySymbol: '£' } }, { valueCurrency: { amount: 2, currencyCode: 'GBP' } }] }), ctx);
    expect(list.documents[0]!.keyData).toEqual({ deductions: [{ amount: '1.50', currency: 'GBP' }, { amount: '2.00', currency: 'GBP' }] });
  });
});
