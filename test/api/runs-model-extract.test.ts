import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GateRefused, type DocumentEntry } from '@portal/shared';
import { buildTestApp, signUp, type Session, type TestApp } from '../helper.js';
import { startFakeOpenAi, type FakeBehaviour, type FakeChatBody, type FakeOpenAi } from '../../sync-server/test/research/fake-openai-server.js';
import { cleanPacket, form } from './applications-helpers.js';
import { corpusPacket, researchDriver } from './briefs-helpers.js';

/** What the extract model was sent, all messages joined. */
const prompt = (body: FakeChatBody) => (body.messages ?? []).map((m) => m.content).join('\n');

interface SentLine {
  ref: string;
  page: number;
  line: number;
  text: string;
}

/** The numbered lines of the document in a request: `[L<n>] p<page> l<line> text`. */
function sentLines(body: FakeChatBody): SentLine[] {
  const out: SentLine[] = [];
  for (const row of prompt(body).split('\n')) {
    const m = /^\[(L\d+)\] p(\d+) l(\d+) (.*)$/.exec(row);
    if (m) out.push({ ref: m[1]!, page: Number(m[2]), line: Number(m[3]), text: m[4]! });
  }
  return out;
}

const docType = (body: FakeChatBody) => /^Document type: (.+)$/m.exec(prompt(body))?.[1];

/**
 * A model that reads a payslip for real: its net pay from the line that says "Net pay" (the
 * amount parsed from the text after it), with a confidence no built-in reader gives; a pay date
 * that is not a date, a field no schema has, and a value cited on a line it was never sent, all
 * of which must be dropped. Other documents: nothing found.
 */
function readingModel(body: FakeChatBody): FakeBehaviour {
  const usage = { promptTokens: 700, completionTokens: 40 };
  if (docType(body) !== 'payslip') return { json: { fields: [] }, usage };
  const lines = sentLines(body);
  const at = lines.findIndex((l) => /net pay/i.test(l.text));
  // The amount after the label, on its line or the next (a table cell below it).
  const printed = at < 0 ? null : /(\d[\d,]*\.\d{2})/.exec(`${lines[at]!.text.replace(/^.*?net pay/i, '')} ${lines[at + 1]?.text ?? ''}`);
  if (!printed) return { json: { fields: [] }, usage };
  const net = lines[at]!;
  const amount = Number(printed[1]!.replace(/,/g, ''));
  return {
    json: {
      fields: [
        { field: 'netPay', value: { amount, currency: 'GBP' }, ref: net.ref, confidence: 0.87 },
        { field: 'payDate', value: '31/02/2025', ref: net.ref, confidence: 0.9 },
        { field: 'bonus', value: { amount: 100, currency: 'GBP' }, ref: net.ref, confidence: 0.9 },
        { field: 'employerName', value: 'Invented Employer Ltd', ref: 'L9999', confidence: 0.9 },
      ],
    },
    usage,
  };
}

const payslips = (docs: readonly DocumentEntry[]) => docs.filter((d) => d.document.docType === 'payslip');

describe('the extract stage on an OpenAI-compatible model', () => {
  let t: TestApp;
  let model: FakeOpenAi;
  let mode: 'read' | 'malformed' | 'silent' = 'read';
  const warnings: string[] = [];
  const d = researchDriver(() => t);
  let manager: Session;

  beforeAll(async () => {
    model = await startFakeOpenAi({
      respond: (body) => (mode === 'read' ? readingModel(body) : mode === 'malformed' ? { raw: 'Sure! The net pay is 2,568.20.' } : { hang: true }),
    });
    t = await buildTestApp({
      // 2 s: the fake model answers in this process, behind page rendering on a busy machine.
      config: { openai: { baseUrl: model.baseUrl, apiKey: 'sk-test', models: ['fake-model'] }, research: { parallel: 1, modelTimeoutMs: 2_000, modelRetries: 1, maxPromptTokens: 12_000 } },
      // The run's warnings, as the server logs them.
      logger: { level: 'warn', stream: { write: (line: string) => void warnings.push(line) } },
    });
    manager = await signUp(t.app);
    const chosen = await d.inject(manager, 'PUT', '/api/models/extract', { option: 'openai:fake-model' });
    expect(chosen.statusCode, chosen.body).toBe(200);
  }, 30_000);
  afterAll(async () => {
    await t?.close();
    await model?.close();
  });

  it('keeps the values the model read, each at the line it cited, and drops what does not fit', async () => {
    mode = 'read';
    const before = model.chatRequests().length;
    const c = await d.corpusCase(manager, 'p01.pdf', 'Niamh Holloway');
    expect(c.run.state).toBe('report');
    const docs = await d.documents(manager, c.id);
    const lines = await d.storedLines(c.id);
    expect(payslips(docs)).toHaveLength(2);
    for (const p of payslips(docs)) {
      // Both payslips print 3,570.26 as their net pay.
      expect(p.document.extractKeyData.netPay).toEqual({ amount: '3570.26', currency: 'GBP' });
      const at = p.document.keyFields.netPay!;
      expect(at.confidence).toBe(0.87);
      expect(lines.get(`${at.fileId}:${at.page}`)![at.line]).toMatch(/net pay/i);
      expect(p.spans[0]!.pages).toContain(at.page);
      // "31/02/2025" is no ISO date, `bonus` no field of the schema, L9999 no line that was sent.
      expect(p.document.extractKeyData).not.toHaveProperty('payDate');
      expect(p.document.extractKeyData).not.toHaveProperty('bonus');
      expect(p.document.extractKeyData).not.toHaveProperty('employerName');
      expect(Object.keys(p.document.keyFields).sort()).toEqual(Object.keys(p.document.extractKeyData).sort());
    }

    // The model was asked once per document it read, with the schema and the numbered lines.
    const sent = model.chatRequests().slice(before);
    const payslipCalls = sent.filter((r) => docType(r.body!) === 'payslip');
    expect(payslipCalls).toHaveLength(2);
    const first = payslipCalls[0]!.body!;
    expect(first.model).toBe('fake-model');
    expect(payslipCalls[0]!.headers.authorization).toBe('Bearer sk-test');
    expect(first.response_format).toMatchObject({ type: 'json_schema', json_schema: { strict: true } });
    expect(prompt(first)).toMatch(/- netPay; label "[^"]+"; type money/);
    expect(prompt(first)).toMatch(/YYYY-MM-DD/);
    expect(sentLines(first).length).toBeGreaterThan(5);

    // Its spend is on the run's report.
    const reported = (await d.events(manager, c.id)).find((e) => e.action === 'run.reported');
    expect(reported?.detail.modelUsage).toEqual({
      extract: { model: 'fake-model', promptTokens: 700 * sent.length, completionTokens: 40 * sent.length, documents: sent.length, fallbacks: [] },
    });
  }, 60_000);

  it('reads a document with the built-in extractor when the model replies with malformed JSON twice, and the run lands', async () => {
    mode = 'malformed';
    const before = model.chatRequests().length;
    warnings.length = 0;
    const c = await d.run(manager, 'standard-intake', d.newCase('Sarah Whitcombe', [{ name: 'clean.pdf', content: await cleanPacket() }]));
    expect(c.run.state).toBe('report');
    const docs = await d.documents(manager, c.id);
    const slips = payslips(docs);
    expect(slips).toHaveLength(3);
    // The built-in extractor's reading of the printed values.
    expect(slips.map((p) => p.document.extractKeyData.netPay)).toEqual([1, 2, 3].map(() => ({ amount: '2568.20', currency: 'GBP' })));
    expect(slips.map((p) => p.document.extractKeyData.payDate)).toEqual(['2025-03-28', '2025-04-28', '2025-05-28']);

    // One retry per document, then the fallback, recorded and logged.
    const calls = model.chatRequests().length - before;
    expect(calls).toBe(2 * docs.length);
    const reported = (await d.events(manager, c.id)).find((e) => e.action === 'run.reported');
    const spend = (reported?.detail.modelUsage as { extract: { documents: number; fallbacks: string[]; promptTokens: number } }).extract;
    expect(spend.documents).toBe(0);
    expect([...spend.fallbacks].sort()).toEqual(docs.map((x) => x.address).sort());
    expect(spend.promptTokens).toBeGreaterThan(0);
    expect(warnings.some((w) => /built-in extractor read the document instead/.test(w) && w.includes(c.id))).toBe(true);
  }, 30_000);

  it('sends the case back to the gate when the model does not answer during the run', async () => {
    mode = 'silent';
    const body = form(d.newCase('Sarah Whitcombe', [{ name: 'clean.pdf', content: await cleanPacket() }]));
    const res = await t.app.inject({ method: 'POST', url: '/api/workflows/standard-intake/runs', headers: { ...manager.headers, ...body.headers }, payload: body.payload });
    // At the run call the model server still answers GET /models: the run starts.
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    await expect(d.toReport(manager, id)).rejects.toThrow(/back to the gate/);
    const held = await d.get(manager, id);
    expect(held.run).toMatchObject({ state: 'gated', gateReason: 'failed' });
    expect(held.run.lastRunError).toMatch(/fake-model chosen for the extract stage did not answer.*did not answer within 2 s/);
    const failed = (await d.events(manager, id)).find((e) => e.action === 'run.failed');
    expect(failed?.detail).toMatchObject({ error: held.run.lastRunError, modelUsage: { extract: { model: 'fake-model' } } });
  }, 30_000);
});

describe('the run call when the extract model cannot be reached', () => {
  let t: TestApp;
  const d = researchDriver(() => t);
  afterAll(() => t?.close());

  it('answers 502 with applicationId and holds the case at the gate, naming the model', async () => {
    t = await buildTestApp({
      config: { openai: { baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'sk-test', models: ['fake-model'] }, research: { parallel: 1, modelTimeoutMs: 400, modelRetries: 1, maxPromptTokens: 12_000 } },
    });
    const manager = await signUp(t.app);
    expect((await d.inject(manager, 'PUT', '/api/models/extract', { option: 'openai:fake-model' })).statusCode).toBe(200);
    const body = form(d.newCase('Niamh Holloway', [{ name: 'p01.pdf', content: await corpusPacket('p01.pdf') }]));
    const res = await t.app.inject({ method: 'POST', url: '/api/workflows/standard-intake/runs', headers: { ...manager.headers, ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(502);
    const refused = GateRefused.parse(res.json());
    expect(refused.error).toMatch(/fake-model.*could not be reached/);
    const held = await d.get(manager, refused.applicationId!);
    expect(held.run).toMatchObject({ state: 'gated', gateReason: 'analyzerUnreachable', lastRunError: expect.stringMatching(/model fake-model chosen for the extract stage could not be reached/) });
    expect(held.files).toHaveLength(1);
    const gate = (await d.events(manager, held.id)).find((e) => e.action === 'gate.refused');
    expect(gate?.detail).toMatchObject({ reason: 'analyzerUnreachable', error: held.run.lastRunError });
    expect((await d.events(manager, held.id)).some((e) => e.action === 'run.started')).toBe(false);

    // Back on the built-in extractor, the same case runs.
    expect((await d.inject(manager, 'PUT', '/api/models/extract', { option: 'local' })).statusCode).toBe(200);
    const again = form([{ name: 'applicationId', value: held.id }]);
    const retry = await t.app.inject({ method: 'POST', url: '/api/workflows/standard-intake/runs', headers: { ...manager.headers, ...again.headers }, payload: again.payload });
    expect(retry.statusCode, retry.body).toBe(201);
  }, 30_000);
});
