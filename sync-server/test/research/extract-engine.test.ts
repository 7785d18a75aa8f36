import { afterEach, describe, expect, it } from 'vitest';
import type { AnalyzerSchema } from '../../src/analyzer/catalogue.js';
import type { ParsedPage } from '../../src/analyzer/types.js';
import { OpenAiClient } from '../../src/research/openai/client.js';
import { checkValue, ModelExtractor, parseExtractReply } from '../../src/research/openai/extract-engine.js';
import { ResearchError } from '../../src/research/types.js';
import { startFakeOpenAi, type FakeBehaviour, type FakeChatBody, type FakeOpenAi } from './fake-openai-server.js';

const servers: FakeOpenAi[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function fake(respond: (body: FakeChatBody, i: number) => FakeBehaviour): Promise<FakeOpenAi> {
  const s = await startFakeOpenAi({ respond });
  servers.push(s);
  return s;
}

const extractor = (s: FakeOpenAi, maxPromptTokens = 12_000) =>
  new ModelExtractor({ client: new OpenAiClient({ baseUrl: s.baseUrl, timeoutMs: 300, maxRetries: 0, backoffMs: 5 }), model: 'fake-model', maxPromptTokens });

const page = (n: number, texts: string[]): ParsedPage => ({
  page: n,
  width: 595,
  height: 842,
  source: 'text',
  lines: texts.map((text, i) => ({ text, box: { x: 0, y: i * 12, w: 100, h: 10 }, confidence: 1 })),
  images: [],
});

const schema: AnalyzerSchema = {
  docType: 'payslip',
  fields: [
    { name: 'employeeName', label: 'Employee', type: 'name' },
    { name: 'payDate', label: 'Pay date', type: 'date' },
    { name: 'netPay', label: 'Net pay', type: 'money' },
    { name: 'tenantNames', label: 'Tenants', type: 'name', multiple: true },
  ],
};

const pages = [page(2, ['Kestrel Ltd', 'PAYSLIP', 'Employee: Ms Niamh Holloway', 'Pay date 24/01/2025']), page(3, ['', 'NET PAY £3,570.26'])];

const prompt = (b: FakeChatBody) => (b.messages ?? []).map((m) => m.content).join('\n');

describe('ModelExtractor', () => {
  it('numbers the lines by page and line, maps each ref back, and keeps only checked values of the schema', async () => {
    const s = await fake(() => ({
      json: {
        fields: [
          { field: 'employeeName', value: 'Ms Niamh Holloway', ref: 'L3', confidence: 0.95 },
          { field: 'payDate', value: '2025-01-24', ref: '[L4]', confidence: 0.9 },
          { field: 'netPay', value: { amount: 3570.26, currency: 'gbp' }, ref: 'L5', confidence: 1.4 },
          { field: 'tenantNames', value: 'Niamh Holloway', ref: 'L3', confidence: 0.7 },
          { field: 'tenantNames', value: 'Ciaran Holloway', ref: 'L3', confidence: 0.6 },
          { field: 'grossPay', value: { amount: 1, currency: 'GBP' }, ref: 'L5', confidence: 1 },
        ],
      },
      usage: { promptTokens: 300, completionTokens: 30 },
    }));
    const r = await extractor(s).extract('payslip', pages, schema);
    const text = prompt(s.chatRequests()[0]!.body!);
    // The blank line 0 of page 3 is not sent, but line indexes stay those of the page.
    expect(text).toContain('[L5] p3 l1 NET PAY £3,570.26');
    expect(text).toContain('[L3] p2 l2 Employee: Ms Niamh Holloway');
    expect(text).toMatch(/- netPay; label "Net pay"; type money/);
    expect(r.usage).toEqual({ promptTokens: 300, completionTokens: 30 });
    expect(r.fields).toEqual({
      employeeName: { value: 'Niamh Holloway', confidence: 0.95, page: 2, line: 2 },
      payDate: { value: '2025-01-24', confidence: 0.9, page: 2, line: 3 },
      netPay: { value: { amount: '3570.26', currency: 'GBP' }, confidence: 1, page: 3, line: 1 },
      tenantNames: { value: ['Niamh Holloway', 'Ciaran Holloway'], confidence: 0.6, page: 2, line: 2 },
    });
  });

  it('drops values that do not fit their type or cite an unknown line', async () => {
    const s = await fake(() => ({
      json: {
        fields: [
          { field: 'payDate', value: '31/02/2025', ref: 'L4', confidence: 0.9 },
          { field: 'netPay', value: { currency: 'GBP' }, ref: 'L5', confidence: 0.9 },
          { field: 'employeeName', value: 'Niamh Holloway', ref: 'L42', confidence: 0.9 },
        ],
      },
    }));
    expect((await extractor(s).extract('payslip', pages, schema)).fields).toEqual({});
  });

  it('asks again once after malformed JSON, then says so with what was spent', async () => {
    const good = await fake((_b, i) => (i === 0 ? { raw: 'Here you go: netPay is 3570.26', usage: { promptTokens: 10, completionTokens: 5 } } : { json: { fields: [] }, usage: { promptTokens: 20, completionTokens: 5 } }));
    const once = await extractor(good).extract('payslip', pages, schema);
    expect(once).toMatchObject({ fields: {}, usage: { promptTokens: 30, completionTokens: 10 } });
    expect(prompt(good.chatRequests()[1]!.body!)).toMatch(/That reply was not the JSON asked for/);

    const bad = await fake(() => ({ raw: 'no json at all', usage: { promptTokens: 10, completionTokens: 5 } }));
    const err = await extractor(bad).extract('payslip', pages, schema).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResearchError);
    expect(err).toMatchObject({ code: 'bad_response', usage: { promptTokens: 20, completionTokens: 10 } });
    expect(bad.chatRequests()).toHaveLength(2);
  });

  it('spends nothing without fields to read or lines to read them from, and sends only what fits the budget', async () => {
    const s = await fake(() => ({ json: { fields: [] } }));
    expect(await extractor(s).extract('fallback', pages, { docType: 'fallback', fields: [] })).toMatchObject({ fields: {}, linesLeftOut: 0 });
    expect(await extractor(s).extract('payslip', [page(1, ['', ' '])], schema)).toMatchObject({ fields: {} });
    expect(s.chatRequests()).toHaveLength(0);

    const long = [page(1, Array.from({ length: 2_000 }, (_, i) => `Transaction ${i} groceries and household shopping 12.34`))];
    const r = await extractor(s, 1_000).extract('bank-statement', long, schema);
    expect(r.linesLeftOut).toBeGreaterThan(1_500);
    expect(prompt(s.chatRequests()[0]!.body!).length / 4).toBeLessThanOrEqual(1_000);
  });
});

describe('checkValue', () => {
  it('holds each type to the DOC-TYPES conventions', () => {
    expect(checkValue({ type: 'date' }, '2024-02-29')).toBe('2024-02-29');
    expect(checkValue({ type: 'date' }, '2025-02-29')).toBeUndefined();
    expect(checkValue({ type: 'date' }, '24 Jan 2025')).toBeUndefined();
    expect(checkValue({ type: 'money' }, { amount: -45.2, currency: 'GBP' })).toEqual({ amount: '-45.20', currency: 'GBP' });
    expect(checkValue({ type: 'money' }, { amount: '1234.5', currency: 'EUR' })).toEqual({ amount: '1234.50', currency: 'EUR' });
    expect(checkValue({ type: 'money' }, { amount: 10, currency: '£' })).toBeUndefined();
    expect(checkValue({ type: 'money' }, '£10.00')).toBeUndefined();
    expect(checkValue({ type: 'country' }, 'gbr')).toBe('GBR');
    expect(checkValue({ type: 'country' }, 'Atlantis')).toBeUndefined();
    expect(checkValue({ type: 'name' }, 'Dr. Imran Pritchard')).toBe('Imran Pritchard');
    expect(checkValue({ type: 'number' }, '12')).toBe(12);
    expect(checkValue({ type: 'number' }, 'twelve')).toBeUndefined();
    expect(checkValue({ type: 'boolean' }, true)).toBe(true);
    expect(checkValue({ type: 'enum', options: ['A', 'B'] }, 'b')).toBe('B');
    expect(checkValue({ type: 'enum', options: ['A', 'B'] }, 'C')).toBeUndefined();
    expect(checkValue({ type: 'string' }, 538960943)).toBe('538960943');
    expect(checkValue({ type: 'string' }, '  ')).toBeUndefined();
    expect(checkValue({ type: 'string' }, null)).toBeUndefined();
  });

  it('parses replies with fences and rejects the wrong shape', () => {
    expect(parseExtractReply('```json\n{"fields": []}\n```')).toEqual({ entries: [] });
    expect(parseExtractReply('{"answer": "x"}')).toEqual({ reason: '"fields" is not a list' });
    expect(parseExtractReply('{"fields": [{"value": 1}]}')).toEqual({ reason: 'an entry has no "field"' });
    expect(parseExtractReply('nothing')).toEqual({ reason: 'no JSON object' });
  });
});
