import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Application, AssistantTurn, Conversation, DocumentSpan, IntelBrief, IntelCitation } from '@portal/shared';
import { buildTestApp, signUp, type Session, type TestApp } from '../helper.js';
import { researchDriver } from './briefs-helpers.js';

const onPages = (c: Pick<IntelCitation, 'fileId' | 'page'>, spans: readonly DocumentSpan[]) => spans.some((s) => s.fileId === c.fileId && s.pages.includes(c.page));

/**
 * Issue 29 item 7: a page a reviewer junked is no evidence. Briefs and assistant turns started
 * after the junk never read nor cite it; undoing the junk makes it evidence again.
 */
describe('briefs and the assistant never cite junked pages', () => {
  let t: TestApp;
  const d = researchDriver(() => t);
  let manager: Session;
  let packet: Application;

  beforeAll(async () => {
    t = await buildTestApp();
    manager = await signUp(t.app);
    packet = await d.corpusCase(manager, 'p01.pdf', 'Niamh Holloway');
  }, 120_000);
  afterAll(() => t?.close());

  const brief = async (): Promise<IntelBrief> => {
    const started = await d.startBrief(manager, packet.id, { templateId: 'affordability' });
    expect(started.statusCode, started.body).toBe(202);
    await d.drainResearch();
    const ready = await d.brief(manager, packet.id, (started.json() as IntelBrief).id);
    expect(ready.status).toBe('ready');
    return ready;
  };
  const citationsOf = (b: IntelBrief) => b.sections.flatMap((s) => s.citations);

  const ask = async (question: string): Promise<{ turn: AssistantTurn; retrieved: { fileId: string; page: number }[] }> => {
    const conversations = `/api/applications/${packet.id}/assistant/conversations`;
    const conversation = (await d.inject(manager, 'POST', conversations, {})).json() as Conversation;
    const asked = await d.inject(manager, 'POST', `${conversations}/${conversation.id}/turns`, { question });
    expect(asked.statusCode, asked.body).toBe(202);
    await d.drainResearch();
    const turn = ((await d.inject(manager, 'GET', `${conversations}/${conversation.id}`)).json() as Conversation).turns[0]!;
    expect(turn.status).toBe('done');
    // The whole stream, replayed: its `retrieval` event names every line the engine read.
    const stream = await d.inject(manager, 'GET', turn.streamUrl);
    const retrieval = /event: retrieval\ndata: (.*)\n/.exec(stream.body);
    expect(retrieval, stream.body.slice(0, 200)).not.toBeNull();
    return { turn, retrieved: (JSON.parse(retrieval![1]!) as { lines: { fileId: string; page: number }[] }).lines };
  };

  it('a junked payslip is not cited by a new brief nor by the assistant, and is again once the junk is undone', async () => {
    const before = await brief();
    // The document the income question cites most: the one a reviewer would junk to test this.
    const documents = await d.documents(manager, packet.id);
    const income = before.sections[0]!;
    const cited = documents
      .map((doc) => ({ doc, n: income.citations.filter((c) => onPages(c, doc.spans)).length }))
      .sort((a, b) => b.n - a.n)[0]!;
    expect(cited.n, 'the income question cites a listed document').toBeGreaterThan(0);
    const junkedSpans = cited.doc.spans;
    const asked = await ask('What is the net pay on the payslips?');
    expect(asked.turn.citations.some((c) => onPages(c, junkedSpans)), 'before the junk, the assistant cites it').toBe(true);

    const junk = await d.decide(manager, packet.id, cited.doc.address, 'junk');
    expect(junk.statusCode, junk.body).toBe(200);

    const after = await brief();
    expect(citationsOf(after).filter((c) => onPages(c, junkedSpans))).toEqual([]);
    // Everything else still cites what it did: the junk took one document out, not the case.
    expect(citationsOf(after).length).toBeGreaterThan(0);
    for (const c of citationsOf(after)) expect(c.address).not.toBeNull();

    const answered = await ask('What is the net pay on the payslips?');
    expect(answered.turn.citations.filter((c) => onPages(c, junkedSpans))).toEqual([]);
    expect(answered.retrieved.filter((l) => onPages(l, junkedSpans)), 'the engine did not even read the junked pages').toEqual([]);

    // Undone, the junk no longer holds the pages: they are evidence again.
    const undone = await d.inject(manager, 'POST', `/api/applications/${packet.id}/decisions/${junk.json().decision.id}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    const restored = await brief();
    expect(citationsOf(restored).some((c) => onPages(c, junkedSpans))).toBe(true);
  });
});
