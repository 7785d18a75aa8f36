import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { OpenAiClient, type OpenAiClientOptions } from '../../src/research/openai/client.js';
import { estimateTokens, ModelResearchEngine } from '../../src/research/openai/model-engine.js';
import { ResearchError, type CaseCorpus, type CaseLine } from '../../src/research/types.js';
import { startFakeOpenAi, type FakeBehaviour, type FakeOpenAi } from './fake-openai-server.js';

const servers: FakeOpenAi[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function fake(script: FakeBehaviour[] | ((i: number) => FakeBehaviour)): Promise<FakeOpenAi> {
  const s = await startFakeOpenAi({ respond: (_b, i) => (typeof script === 'function' ? script(i) : script[Math.min(i, script.length - 1)]!) });
  servers.push(s);
  return s;
}

function client(s: FakeOpenAi, o: Partial<OpenAiClientOptions> = {}): OpenAiClient {
  return new OpenAiClient({ baseUrl: s.baseUrl, timeoutMs: 2_000, maxRetries: 2, backoffMs: 5, random: () => 0.5, ...o });
}

const corpus: CaseCorpus = {
  applicantName: 'Ada Lovelace',
  lines: [
    { address: 'A.1', fileId: 'f1', page: 1, line: 0, text: 'Payslip March 2024' },
    { address: 'A.1', fileId: 'f1', page: 1, line: 1, text: 'Employer: Analytical Engines Ltd' },
    { address: 'A.1', fileId: 'f1', page: 1, line: 2, text: 'Net pay £2,140.00' },
    { address: null, fileId: 'f2', page: 3, line: 4, text: 'Bank statement closing balance £310.12' },
  ],
  documents: [
    {
      address: 'A.1',
      title: 'Payslip March',
      docType: 'payslip',
      docTypeName: 'Payslip',
      keyData: [{ field: 'net_pay', label: 'Net pay', value: 2140, confidence: 0.9, fileId: 'f1', page: 1, line: 2 }],
    },
  ],
};

const question = { prompt: 'What is the net pay?', answerType: 'amount' as const, guidance: 'Monthly, after tax.' };
const good = (answer = '£2,140.00 per month') => ({ json: { answer, citations: [{ ref: 'L3', quote: 'Net pay £2,140.00' }] } });
const engine = (s: FakeOpenAi, o: Partial<OpenAiClientOptions> = {}, maxPromptTokens?: number) =>
  new ModelResearchEngine({ client: client(s, o), model: 'gpt-test', ...(maxPromptTokens ? { maxPromptTokens } : {}) });

async function failure(p: Promise<unknown>): Promise<ResearchError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ResearchError);
  return err as ResearchError;
}

describe('ModelResearchEngine over an OpenAI-compatible server', () => {
  it('asks with numbered lines and a JSON schema, maps refs back to lines and reports progress', async () => {
    const s = await fake([{ ...good(), usage: { promptTokens: 120, completionTokens: 30 } }]);
    const retrieved: (CaseLine & { score: number })[] = [];
    const deltas: string[] = [];
    const out = await engine(s).answer(question, corpus, {
      progress: { retrieved: (l) => retrieved.push(...l), delta: (t) => deltas.push(t) },
    });
    expect(out).toEqual({
      answer: '£2,140.00 per month',
      citations: [{ address: 'A.1', fileId: 'f1', page: 1, line: 2, quote: 'Net pay £2,140.00' }],
      usage: { promptTokens: 120, completionTokens: 30 },
    });
    const body = s.chatRequests()[0]!.body!;
    expect(body.model).toBe('gpt-test');
    expect(body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'case_answer', strict: true } });
    const user = body.messages!.find((m) => m.role === 'user')!.content;
    // Documents by their names, never ids the model could repeat to a reviewer (issue 38, point 11).
    expect(user).toContain('[L3] (Payslip “Payslip March”, page 1, line 3) Net pay £2,140.00');
    expect(user).toContain('[L4] (no document, page 3, line 5) Bank statement');
    expect(user).not.toMatch(/\bA\.1\b|\bf1\b|\bf2\b/);
    expect(user).toContain('Net pay = 2140 [L3]');
    expect(user).toContain('Question: What is the net pay?');
    expect(user).toContain('Guidance: Monthly, after tax.');
    expect(body.messages![0]!.content).toMatch(/no evidence found/i);
    expect(retrieved).toHaveLength(4);
    expect(retrieved[0]!.text).toBe('Net pay £2,140.00');
    expect(retrieved[0]!.score).toBeGreaterThan(retrieved[3]!.score);
    expect(deltas.join('')).toBe('£2,140.00 per month');
  });

  it('says a document the model names by its address by the document’s name, and leaves other ids out', async () => {
    const withIds: CaseCorpus = {
      ...corpus,
      lines: corpus.lines.map((l) => ({ ...l, address: l.address && 'fil_abcdefghijkl:p1-1' })),
      documents: corpus.documents.map((d) => ({ ...d, address: 'fil_abcdefghijkl:p1-1' })),
    };
    const s = await fake([good('Net pay is £2,140.00 (fil_abcdefghijkl:p1-1), per fil_zzzzzzzzzzzz [L3]')]);
    const out = await engine(s).answer(question, withIds);
    expect(out.answer).toBe('Net pay is £2,140.00 (Payslip “Payslip March”), per [1]');
  });

  it('passes the conversation so far', async () => {
    const s = await fake([good()]);
    await engine(s).answer({ prompt: 'And the employer?', history: [{ question: 'Net pay?', answer: '£2,140' }] }, corpus);
    expect(s.chatRequests()[0]!.body!.messages![1]!.content).toContain('Q: Net pay?\nA: £2,140');
  });

  it('asks again after malformed JSON and sums the usage of both calls', async () => {
    const s = await fake([{ raw: 'Sure! The net pay is', usage: { promptTokens: 100, completionTokens: 5 } }, { ...good(), usage: { promptTokens: 110, completionTokens: 20 } }]);
    const out = await engine(s).answer(question, corpus);
    expect(out.answer).toBe('£2,140.00 per month');
    expect(out.usage).toEqual({ promptTokens: 210, completionTokens: 25 });
    const retry = s.chatRequests()[1]!.body!.messages!;
    expect(retry.at(-2)).toEqual({ role: 'assistant', content: 'Sure! The net pay is' });
    expect(retry.at(-1)!.content).toMatch(/not the JSON asked for/);
  });

  it('fails with bad_response after two malformed replies, with their usage', async () => {
    const s = await fake([{ raw: '{"answer": 42}', usage: { promptTokens: 7, completionTokens: 1 } }]);
    const err = await failure(engine(s).answer(question, corpus));
    expect(err.code).toBe('bad_response');
    expect(err.usage).toEqual({ promptTokens: 14, completionTokens: 2 });
    expect(s.chatRequests()).toHaveLength(2);
  });

  it('drops citations whose ref names no line shown, keeps quotes as given', async () => {
    const s = await fake([
      { json: { answer: 'x', citations: [{ ref: 'L99', quote: 'nope' }, { ref: '[L2]', quote: 'Analytical Engines' }, { ref: 'Lx', quote: 'bad' }] } },
    ]);
    const out = await engine(s).answer(question, corpus);
    expect(out.citations).toEqual([{ address: 'A.1', fileId: 'f1', page: 1, line: 1, quote: 'Analytical Engines' }]);
  });

  it('waits out a 429 Retry-After, then succeeds', async () => {
    const s = await fake([{ status: 429, retryAfter: 1 }, good()]);
    const started = Date.now();
    const out = await engine(s).answer(question, corpus);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(out.citations).toHaveLength(1);
    expect(s.chatRequests()).toHaveLength(2);
  });

  it('gives up with rate_limited after the retries', async () => {
    const s = await fake([{ status: 429, message: 'slow down' }]);
    const err = await failure(engine(s, { maxRetries: 2 }).answer(question, corpus));
    expect(err.code).toBe('rate_limited');
    expect(err.message).toContain('slow down');
    expect(s.chatRequests()).toHaveLength(3);
  });

  it('retries a 5xx, and refuses a 400 at once with the server message', async () => {
    const s = await fake([{ status: 500 }, good()]);
    expect((await engine(s).answer(question, corpus)).answer).toBe('£2,140.00 per month');
    const r = await fake([{ status: 400, message: 'model not found: gpt-test' }]);
    const err = await failure(engine(r).answer(question, corpus));
    expect(err.code).toBe('refused');
    expect(err.message).toContain('model not found: gpt-test');
    expect(r.chatRequests()).toHaveLength(1);
  });

  it('times out a silent server within the time limit', async () => {
    const s = await fake([{ hang: true }]);
    const started = Date.now();
    const err = await failure(engine(s, { timeoutMs: 300, maxRetries: 1 }).answer(question, corpus));
    const took = Date.now() - started;
    expect(err.code).toBe('timeout');
    expect(err.message).toContain('did not answer within 0.3 s');
    expect(took).toBeGreaterThanOrEqual(590);
    expect(took).toBeLessThan(1_500);
    expect(s.chatRequests()).toHaveLength(2);
  });

  it("stops at once when the caller's signal aborts", async () => {
    const s = await fake([{ hang: true }]);
    const err = await engine(s, { timeoutMs: 5_000 })
      .answer(question, corpus, { signal: AbortSignal.timeout(100) })
      .catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(ResearchError);
    expect((err as Error).name).toBe('TimeoutError');
    expect(s.chatRequests()).toHaveLength(1);
  });

  it('narrows a long case under maxPromptTokens around the lines that bear on the question', async () => {
    const lines: CaseLine[] = Array.from({ length: 3_000 }, (_, i) => ({
      address: 'B.1',
      fileId: 'big',
      page: 1 + Math.floor(i / 50),
      line: i % 50,
      text: i === 2_222 ? 'Overdraft limit agreed at £500' : `Filler transaction number ${i} grocery shop card payment`,
    }));
    const s = await fake([{ json: { answer: '£500', citations: [{ ref: 'L2223', quote: 'Overdraft limit agreed at £500' }] } }]);
    const retrieved: (CaseLine & { score: number })[] = [];
    const maxPromptTokens = 2_000;
    const out = await engine(s, {}, maxPromptTokens).answer({ prompt: 'What overdraft limit was agreed?' }, { applicantName: 'Ada', lines, documents: [] }, {
      progress: { retrieved: (l) => retrieved.push(...l) },
    });
    const req = s.chatRequests()[0]!;
    const promptChars = req.body!.messages!.reduce((n, m) => n + m.content.length, 0);
    expect(promptChars).toBeLessThanOrEqual(maxPromptTokens * 4);
    expect(estimateTokens(lines.map((l) => l.text).join('\n'))).toBeGreaterThan(maxPromptTokens * 5);
    const user = req.body!.messages![1]!.content;
    // The hit and its neighbours on the page, in case order.
    const refs = [...user.matchAll(/^\[L(\d+)\]/gm)].map((m) => Number(m[1]));
    expect(refs).toEqual(expect.arrayContaining([2221, 2222, 2223, 2224, 2225]));
    expect(refs).toEqual([...refs].sort((a, b) => a - b));
    expect(refs.length).toBeLessThan(lines.length);
    expect(retrieved[0]!.text).toBe('Overdraft limit agreed at £500');
    expect(out.citations).toEqual([{ address: 'B.1', fileId: 'big', page: 45, line: 22, quote: 'Overdraft limit agreed at £500' }]);
  });
});

describe('OpenAiClient', () => {
  it('sends the bearer key when there is one, and none without', async () => {
    const s = await fake([{ raw: 'hi' }]);
    await client(s, { apiKey: 'sk-test-123' }).chat({ model: 'm', messages: [{ role: 'user', content: 'q' }] });
    await client(s).chat({ model: 'm', messages: [{ role: 'user', content: 'q' }] });
    expect(s.chatRequests()[0]!.headers.authorization).toBe('Bearer sk-test-123');
    expect(s.chatRequests()[1]!.headers.authorization).toBeUndefined();
    expect(s.chatRequests()[1]!.body!.response_format).toBeUndefined();
  });

  it('pings: true for a live server, false for a closed port', async () => {
    const s = await fake([{ raw: 'x' }]);
    expect(await client(s, { apiKey: 'k' }).ping()).toBe(true);
    expect(s.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/models', headers: { authorization: 'Bearer k' } });
    const port = await closedPort();
    const dead = new OpenAiClient({ baseUrl: `http://127.0.0.1:${port}/v1`, timeoutMs: 1_000, maxRetries: 0 });
    expect(await dead.ping()).toBe(false);
  });

  it('calls an unreachable server unreachable after the retries', async () => {
    const port = await closedPort();
    const c = new OpenAiClient({ baseUrl: `http://127.0.0.1:${port}/v1`, timeoutMs: 1_000, maxRetries: 1, backoffMs: 5 });
    const err = await failure(c.chat({ model: 'm', messages: [] }));
    expect(err.code).toBe('unreachable');
    expect(err.message).toContain('ECONNREFUSED');
  });

  it('streams deltas with the usage of the final event', async () => {
    const s = await fake([{ raw: 'The net pay is £2,140.00 a month.', usage: { promptTokens: 9, completionTokens: 8 } }]);
    const pieces: string[] = [];
    const out = await client(s).streamChat({ model: 'm', messages: [{ role: 'user', content: 'q' }] }, { onDelta: (t) => pieces.push(t) });
    expect(pieces.length).toBeGreaterThan(2);
    expect(pieces.join('')).toBe('The net pay is £2,140.00 a month.');
    expect(out).toEqual({ content: 'The net pay is £2,140.00 a month.', usage: { promptTokens: 9, completionTokens: 8 }, model: 'm' });
    expect(s.chatRequests()[0]!.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });
});

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const { port } = srv.address() as AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}
