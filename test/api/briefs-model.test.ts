import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Application, AssistantTurn, Conversation, IntelBrief } from '@portal/shared';
import { buildTestApp, signUp, until, type Session, type TestApp } from '../helper.js';
import { startFakeOpenAi, type FakeBehaviour, type FakeChatBody, type FakeOpenAi } from '../../sync-server/test/research/fake-openai-server.js';
import { textPdf } from './applications-helpers.js';
import { fold, researchDriver } from './briefs-helpers.js';

/** The user message a model was sent: the question and the case's numbered lines. */
const prompt = (body: FakeChatBody) => (body.messages ?? []).map((m) => m.content).join('\n');

/** The reference of the first numbered line whose text matches, e.g. `L12`. */
function refOf(body: FakeChatBody, pattern: RegExp): { ref: string; text: string } {
  for (const line of prompt(body).split('\n')) {
    const m = /^\[(L\d+)\] \([^)]*\) (.*)$/.exec(line);
    if (m && pattern.test(m[2]!)) return { ref: m[1]!, text: m[2]! };
  }
  throw new Error(`no line matching ${pattern} was sent`);
}

/**
 * A model scripted by question: income answers with one true and one invented citation;
 * stability stays silent; consistency answers with malformed JSON; outgoings is rate limited
 * once; the rest answer with a citation to a line that exists but a quote it does not hold.
 */
function scripted(body: FakeChatBody, calls: Map<string, number>): FakeBehaviour {
  const text = prompt(body);
  const key = /net monthly income/.test(text)
    ? 'income'
    : /stable and likely/.test(text)
      ? 'stable'
      : /agree across/.test(text)
        ? 'agree'
        : /committed monthly outgoings/.test(text)
          ? 'outgoings'
          : /net pay on the payslips/.test(text)
            ? 'assistant'
            : 'other';
  const n = (calls.get(key) ?? 0) + 1;
  calls.set(key, n);
  const usage = { promptTokens: 1000 + n, completionTokens: 50 };
  switch (key) {
    case 'income':
    case 'assistant': {
      const net = refOf(body, /net pay/i);
      return {
        json: {
          answer: `Net pay is shown on the payslips [${net.ref}]. The applicant also receives rental income of GBP 900 [L3].`,
          citations: [
            { ref: net.ref, quote: net.text },
            { ref: 'L3', quote: 'Rental income GBP 900 per month' },
          ],
        },
        usage,
      };
    }
    case 'stable':
      return { hang: true };
    case 'agree':
      return { raw: 'Sure! Here is my answer: the figures agree.', usage };
    case 'outgoings': {
      if (n === 1) return { status: 429, retryAfter: 0 };
      const line = refOf(body, /.{6,}/);
      return { json: { answer: 'Outgoings are listed.', citations: [{ ref: line.ref, quote: line.text }] }, usage };
    }
    default: {
      const line = refOf(body, /.{6,}/);
      return { json: { answer: 'An unsupported claim.', citations: [{ ref: line.ref, quote: 'words that are on no page of this case' }] }, usage };
    }
  }
}

describe('briefs and the assistant with an OpenAI-compatible model', () => {
  let t: TestApp;
  let model: FakeOpenAi;
  const calls = new Map<string, number>();
  const d = researchDriver(() => t);
  let manager: Session;
  let packet: Application;

  beforeAll(async () => {
    model = await startFakeOpenAi({ respond: (body) => scripted(body, calls) });
    t = await buildTestApp({ config: { openai: { baseUrl: model.baseUrl, apiKey: 'sk-test', models: ['fake-model'] }, research: { parallel: 2, modelTimeoutMs: 400, modelRetries: 1, maxPromptTokens: 12_000 } } });
    manager = await signUp(t.app);
    packet = await d.corpusCase(manager, 'p01.pdf', 'Niamh Holloway');
    for (const stage of ['intel', 'assistant']) {
      const chosen = await d.inject(manager, 'PUT', `/api/models/${stage}`, { option: 'openai:fake-model' });
      expect(chosen.statusCode, chosen.body).toBe(200);
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await model?.close();
  });

  it('keeps the model’s checked citations, drops invented ones, records spend, and fails a silent section inside a ready brief', async () => {
    const started = await d.startBrief(manager, packet.id, { templateId: 'affordability' });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json().model).toMatchObject({ id: 'openai:fake-model', provider: 'openai' });
    await d.drainResearch();
    const b = await d.brief(manager, packet.id, started.json().id);
    expect(b.status).toBe('ready');
    const [income, stable, agree, outgoings, remains] = b.sections as IntelBrief['sections'];

    // One true citation kept, the invented one dropped and counted; the usage the model reported.
    expect(income).toMatchObject({ status: 'done', noEvidence: false, droppedCitations: 1 });
    expect(income!.citations).toHaveLength(1);
    const lines = await d.storedLines(packet.id);
    const c = income!.citations[0]!;
    expect(fold(lines.get(`${c.fileId}:${c.page}`)![c.line]!)).toBe(fold(c.quote));
    expect(fold(c.quote)).toContain('net pay');
    expect(income!.usage).toEqual({ promptTokens: 1001, completionTokens: 50 });
    // Its line references are the numbers of the citations kept; the invented one's is gone.
    expect(income!.answer).toMatch(/payslips \[1\]\./);
    expect(income!.answer).not.toMatch(/\[L\d+\]|\[2\]/);
    expect(income!.model).toMatchObject({ id: 'openai:fake-model' });

    // Silence past the time limit (and its retry): failed, with the reason, inside the ready brief.
    expect(stable).toMatchObject({ status: 'failed', answer: null });
    expect(stable!.error).toMatch(/did not answer within/);
    // Malformed JSON twice: failed as such.
    expect(agree!.status).toBe('failed');
    expect(agree!.error).toMatch(/JSON|json/);
    expect(agree!.usage!.promptTokens).toBeGreaterThan(0);
    // A 429, then an answer.
    expect(outgoings).toMatchObject({ status: 'done', noEvidence: false });
    // Every citation invented: "no evidence found" instead of the unsupported claim.
    expect(remains).toMatchObject({ status: 'done', noEvidence: true, citations: [], droppedCitations: 1 });
    expect(remains!.answer).toMatch(/no evidence found/i);
    expect(b.sectionsFailed).toBe(2);
    expect(b.usage.promptTokens).toBe(b.sections.reduce((n, s) => n + (s.usage?.promptTokens ?? 0), 0));

    // The model was sent the case's lines, with the key, and asked for structured output.
    const sent = model.chatRequests();
    expect(sent.length).toBeGreaterThanOrEqual(6);
    expect(sent[0]!.headers.authorization).toBe('Bearer sk-test');
    expect(sent[0]!.body!.model).toBe('fake-model');
    expect((sent[0]!.body!.response_format as { type: string }).type).toBe('json_schema');

    const ready = (await d.events(manager, packet.id)).find((e) => e.action === 'brief.ready' && e.target === `brief:${b.id}`);
    // Income's invented citation, and the two sections whose every citation was invented.
    expect(ready?.detail).toMatchObject({ sectionsDone: 4, sectionsFailed: 2, droppedCitations: 3 });
  });

  it('streams the model’s answer in the assistant with checked citations', async () => {
    const conversation = (await d.inject(manager, 'POST', `/api/applications/${packet.id}/assistant/conversations`, {})).json() as Conversation;
    const turn = (await d.inject(manager, 'POST', `/api/applications/${packet.id}/assistant/conversations/${conversation.id}/turns`, { question: 'What is the net pay on the payslips?' })).json() as AssistantTurn;
    await d.drainResearch();
    const done = (await d.inject(manager, 'GET', `/api/applications/${packet.id}/assistant/conversations/${conversation.id}`)).json() as Conversation;
    expect(done.turns[0]).toMatchObject({ id: turn.id, status: 'done', droppedCitations: 1, model: { id: 'openai:fake-model' } });
    expect(done.turns[0]!.citations).toHaveLength(1);
    expect(done.turns[0]!.usage!.promptTokens).toBeGreaterThan(1000);
    const stream = await t.app.inject({ method: 'GET', url: turn.streamUrl, headers: manager.headers });
    expect(stream.statusCode).toBe(200);
    const kinds = [...stream.body.matchAll(/^event: (\w+)$/gm)].map((m) => m[1]);
    expect(kinds).toEqual(['retrieval', 'delta', 'citation', 'usage', 'done']);
  });

  it('answers 502 when the chosen model cannot be reached, and starts nothing', async () => {
    const unreachable = await buildTestApp({ config: { openai: { baseUrl: 'http://127.0.0.1:9/v1', models: ['fake-model'] }, research: { parallel: 1, modelTimeoutMs: 400, modelRetries: 0, maxPromptTokens: 12_000 } } });
    try {
      const ud = researchDriver(() => unreachable);
      const m = await signUp(unreachable.app);
      // Any case a run has read will do: a one-page text packet is quick.
      const c = await ud.run(m, 'standard-intake', ud.newCase('Niamh Holloway', [{ name: 'letter.pdf', content: await textPdf([['Employment letter', 'Niamh Holloway is employed by Kestrel Facilities']]) }]));
      await ud.inject(m, 'PUT', '/api/models/intel', { option: 'openai:fake-model' });
      const res = await ud.startBrief(m, c.id, { templateId: 'affordability' });
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toMatch(/could not be reached/);
      expect((await ud.inject(m, 'GET', `/api/applications/${c.id}/intel-briefs`)).json()).toEqual([]);
      await until(async () => !(await ud.events(m, c.id)).some((e) => e.action === 'brief.started'), 'no brief in the ledger');
    } finally {
      await unreachable.close();
    }
  }, 120_000);
});
