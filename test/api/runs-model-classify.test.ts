import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GateRefused, type DocumentEntry } from '@portal/shared';
import { buildTestApp, signUp, type Session, type TestApp } from '../helper.js';
import { startFakeOpenAi, type FakeBehaviour, type FakeChatBody, type FakeOpenAi } from '../../sync-server/test/research/fake-openai-server.js';
import { A4, makePdf, scanPage } from '../../sync-server/test/analyzer/fixtures/pages.js';
import { form, textPdf } from './applications-helpers.js';
import { researchDriver } from './briefs-helpers.js';

/** A message's content, text or parts (text and images). */
type Content = string | ({ type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } })[];
const contents = (body: FakeChatBody) => (body.messages ?? []).map((m) => m.content as unknown as Content);
const prompt = (body: FakeChatBody) => contents(body).map((c) => (typeof c === 'string' ? c : c.map((p) => (p.type === 'text' ? p.text : '[image]')).join('\n'))).join('\n');
const isClassify = (body: FakeChatBody | undefined) => body?.response_format?.json_schema?.name === 'documents';

/**
 * Four pages no built-in reader makes much of: a covering note, then what an applicant's scanner
 * software printed over a payslip (two pages) and a passport page. The model reads them as a
 * two-page payslip and a passport: a split and types the built-in engine does not find.
 */
const ambiguous = () =>
  textPdf([
    ['Covering note', 'Please find my documents enclosed.', 'Kind regards, Sarah Whitcombe'],
    ['Scanned with QuickScan Pro', 'Document 2 of 3', 'Reference 7741-A', 'Sarah Whitcombe'],
    ['Scanned with QuickScan Pro', 'Document 2 of 3 (continued)', 'Reference 7741-A'],
    ['Scanned with QuickScan Pro', 'Document 3 of 3', 'Reference 9921-B', 'Sarah Whitcombe'],
  ]);

const MODEL_SPLIT = [
  { pages: [1], docType: 'fallback', confidence: 0.8 },
  { pages: [2, 3], docType: 'payslip', confidence: 0.91 },
  { pages: [4], docType: 'passport', confidence: 0.88 },
];

const shape = (docs: readonly DocumentEntry[]) =>
  docs.map((d) => ({ pages: d.spans.flatMap((s) => s.pages), docType: d.document.docType })).sort((a, b) => a.pages[0]! - b.pages[0]!);

describe('the classify stage on an OpenAI-compatible model', () => {
  let t: TestApp;
  let model: FakeOpenAi;
  let mode: 'split' | 'garbage' | 'silent' = 'split';
  const warnings: string[] = [];
  const d = researchDriver(() => t);
  let manager: Session;
  let localShape: ReturnType<typeof shape>;

  beforeAll(async () => {
    model = await startFakeOpenAi({
      respond: (body, i): FakeBehaviour => {
        const usage = { promptTokens: 900, completionTokens: 60 };
        if (!isClassify(body)) return { json: { fields: [] }, usage };
        if (mode === 'silent') return { hang: true };
        if (mode === 'garbage') {
          // Three kinds of unusable: words, a type outside the catalogue, a split that loses a page.
          const bad = [{ raw: 'It looks like a payslip to me.' }, { json: { documents: [{ pages: [1, 2, 3, 4], docType: 'love-letter', confidence: 0.9 }] } }, { json: { documents: [{ pages: [1, 2], docType: 'payslip', confidence: 0.9 }] } }];
          return { ...bad[i % bad.length]!, usage } as FakeBehaviour;
        }
        return { json: { documents: MODEL_SPLIT }, usage };
      },
    });
    t = await buildTestApp({
      // 2 s: the fake model answers in this process, behind page rendering on a busy machine (at
      // 0.4 s a CI run once timed out a call that carried a scanned page).
      config: { openai: { baseUrl: model.baseUrl, apiKey: 'sk-test', models: ['fake-model'] }, research: { parallel: 1, modelTimeoutMs: 2_000, modelRetries: 1, maxPromptTokens: 12_000 } },
      logger: { level: 'warn', stream: { write: (line: string) => void warnings.push(line) } },
    });
    manager = await signUp(t.app);
    // What the built-in engine makes of the packet, before a model is chosen.
    const local = await d.run(manager, 'standard-intake', d.newCase('Sarah Whitcombe', [{ name: 'scans.pdf', content: await ambiguous() }]));
    expect(local.run.state).toBe('report');
    localShape = shape(await d.documents(manager, local.id));
    expect(localShape).not.toEqual(MODEL_SPLIT.map(({ pages, docType }) => ({ pages, docType })));
    const chosen = await d.inject(manager, 'PUT', '/api/models/classify', { option: 'openai:fake-model' });
    expect(chosen.statusCode, chosen.body).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await model?.close();
  });

  it('lists the documents the model split and typed, filed against the list, with its spend on the report', async () => {
    mode = 'split';
    const before = model.chatRequests().length;
    const c = await d.run(manager, 'standard-intake', d.newCase('Sarah Whitcombe', [{ name: 'scans.pdf', content: await ambiguous() }]));
    expect(c.run.state).toBe('report');
    const docs = await d.documents(manager, c.id);
    expect(shape(docs)).toEqual(MODEL_SPLIT.map(({ pages, docType }) => ({ pages, docType })));
    const payslip = docs.find((x) => x.document.docType === 'payslip')!;
    expect(payslip.document.confidence).toBe(0.91);
    // Filed against the list's payslip line like any payslip; the built-in guesses stay as alternatives.
    expect(payslip.expectedDocId).toEqual(expect.any(String));
    expect(payslip.document.alternatives.every((a) => a.docType !== 'payslip' && a.confidence <= 0.91)).toBe(true);

    // One call for the file, strict structured output, the catalogue's types and every page's lines as text.
    const calls = model.chatRequests().slice(before).filter((r) => isClassify(r.body));
    expect(calls).toHaveLength(1);
    const body = calls[0]!.body!;
    expect(body.model).toBe('fake-model');
    expect(body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'documents', strict: true } });
    expect(prompt(body)).toMatch(/^- payslip: /m);
    expect(prompt(body)).toMatch(/^- fallback: /m);
    expect(prompt(body)).toMatch(/=== Page 4 ===\nScanned with QuickScan Pro\nDocument 3 of 3/);
    expect(contents(body).every((x) => typeof x === 'string')).toBe(true);

    const reported = (await d.events(manager, c.id)).find((e) => e.action === 'run.reported');
    expect(reported?.detail.modelUsage).toEqual({ classify: { model: 'fake-model', promptTokens: 900, completionTokens: 60, documents: 1, fallbacks: [] } });
  }, 60_000);

  it('reads the file with the built-in engine when the model’s replies are unusable, and says so', async () => {
    mode = 'garbage';
    warnings.length = 0;
    const before = model.chatRequests().length;
    const c = await d.run(manager, 'standard-intake', d.newCase('Sarah Whitcombe', [{ name: 'scans.pdf', content: await ambiguous() }]));
    expect(c.run.state).toBe('report');
    expect(shape(await d.documents(manager, c.id))).toEqual(localShape);
    // One retry, then the fallback.
    expect(model.chatRequests().slice(before).filter((r) => isClassify(r.body))).toHaveLength(2);
    const reported = (await d.events(manager, c.id)).find((e) => e.action === 'run.reported');
    const spend = (reported?.detail.modelUsage as { classify: { documents: number; fallbacks: string[]; promptTokens: number } }).classify;
    expect(spend).toMatchObject({ documents: 0, fallbacks: [c.files[0]!.id], promptTokens: 1800 });
    expect(warnings.some((w) => /built-in splitter and classifier read the file instead/.test(w) && w.includes(c.id))).toBe(true);
  }, 60_000);

  it('sends scanned pages as images when the workflow asks for it, text pages as text', async () => {
    mode = 'split';
    const created = await d.inject(manager, 'POST', '/api/workflows', { name: 'Intake with page images' });
    const id = created.json().id as string;
    const steps = [{ tool: 'preview' }, { tool: 'parse' }, { tool: 'classify-and-file', settings: { pageImages: true } }, { tool: 'completeness-report' }];
    expect((await d.inject(manager, 'PUT', `/api/workflows/${id}/1`, { steps })).statusCode).toBe(200);
    expect((await d.inject(manager, 'POST', `/api/workflows/${id}/1/activate`)).statusCode).toBe(200);
    const pdf = await makePdf([
      { kind: 'text', lines: ['Covering note', 'Please find my documents enclosed.'].map((text, i) => ({ text, x: 60, y: 60 + i * 18 })) },
      { kind: 'text', lines: ['Scanned with QuickScan Pro', 'Document 2 of 3', 'Reference 7741-A'].map((text, i) => ({ text, x: 60, y: 60 + i * 18 })) },
      { kind: 'text', lines: ['Scanned with QuickScan Pro', 'Document 2 of 3 (continued)'].map((text, i) => ({ text, x: 60, y: 60 + i * 18 })) },
      await scanPage(
        A4,
        200,
        [
          { text: 'PASSPORT', x: 1, y: 1, size: 28 },
          { text: 'Surname WHITCOMBE', x: 1, y: 2, size: 16 },
          { text: 'Given names SARAH JANE', x: 1, y: 2.5, size: 16 },
          { text: 'Date of birth 14 MAR 1988', x: 1, y: 3, size: 16 },
        ],
        7,
      ),
    ]);
    const before = model.chatRequests().length;
    const c = await d.run(manager, id, d.newCase('Sarah Whitcombe', [{ name: 'mixed.pdf', content: pdf }]));
    expect(c.run.state).toBe('report');
    const body = model.chatRequests().slice(before).find((r) => isClassify(r.body))!.body!;
    const parts = contents(body).find((x) => typeof x !== 'string') as Exclude<Content, string>;
    const images = parts.filter((p) => p.type === 'image_url');
    expect(images).toHaveLength(1);
    expect((images[0] as { image_url: { url: string } }).image_url.url).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    // The image follows its page's heading; the text pages went as text.
    const at = parts.indexOf(images[0]!);
    expect((parts[at - 1] as { text: string }).text).toMatch(/=== Page 4 ===/);
    expect(parts.filter((p) => p.type === 'text').map((p) => (p as { text: string }).text).join('\n')).toMatch(/=== Page 2 ===\nScanned with QuickScan Pro/);
    expect(shape(await d.documents(manager, c.id))).toEqual(MODEL_SPLIT.map(({ pages, docType }) => ({ pages, docType })));
  }, 120_000);

  it('sends the case back to the gate when the model does not answer during the run', async () => {
    mode = 'silent';
    const body = form(d.newCase('Sarah Whitcombe', [{ name: 'scans.pdf', content: await ambiguous() }]));
    const res = await t.app.inject({ method: 'POST', url: '/api/workflows/standard-intake/runs', headers: { ...manager.headers, ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    await expect(d.toReport(manager, id)).rejects.toThrow(/back to the gate/);
    const held = await d.get(manager, id);
    expect(held.run).toMatchObject({ state: 'gated', gateReason: 'failed' });
    expect(held.run.lastRunError).toMatch(/The classify-and-file stage failed|fake-model chosen for the classify stage did not answer.*did not answer within 2 s/);
    expect(held.run.lastRunError).toMatch(/fake-model chosen for the classify stage did not answer/);
    const failed = (await d.events(manager, id)).find((e) => e.action === 'run.failed');
    expect(failed?.detail).toMatchObject({ error: held.run.lastRunError, modelUsage: { classify: { model: 'fake-model' } } });
  }, 30_000);
});

describe('the run call when the classify model cannot be reached', () => {
  let t: TestApp;
  const d = researchDriver(() => t);
  afterAll(() => t?.close());

  it('answers 502 naming the model and the stage, and holds the case at the gate', async () => {
    t = await buildTestApp({
      config: { openai: { baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'sk-test', models: ['fake-model'] }, research: { parallel: 1, modelTimeoutMs: 400, modelRetries: 1, maxPromptTokens: 12_000 } },
    });
    const manager = await signUp(t.app);
    expect((await d.inject(manager, 'PUT', '/api/models/classify', { option: 'openai:fake-model' })).statusCode).toBe(200);
    const body = form(d.newCase('Sarah Whitcombe', [{ name: 'scans.pdf', content: await ambiguous() }]));
    const res = await t.app.inject({ method: 'POST', url: '/api/workflows/standard-intake/runs', headers: { ...manager.headers, ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(502);
    const refused = GateRefused.parse(res.json());
    const held = await d.get(manager, refused.applicationId!);
    expect(held.run).toMatchObject({ state: 'gated', gateReason: 'analyzerUnreachable', lastRunError: expect.stringMatching(/model fake-model chosen for the classify stage could not be reached/) });
  }, 30_000);
});
