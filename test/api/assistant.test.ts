import { EventSource } from 'eventsource';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Application, AssistantTurn, Conversation, ConversationListing } from '@portal/shared';
import { addColleague, buildTestApp, signUp, until, type Session, type TestApp } from '../helper.js';
import { RESEARCH_LANE } from '../../sync-server/src/research/types.js';
import { fold, researchDriver } from './briefs-helpers.js';

interface Received {
  id: string;
  event: string;
  data: any;
}

/** Reads a turn's stream with a real EventSource client (which reconnects by itself with Last-Event-ID). */
function listen(base: string, path: string, headers: Record<string, string>) {
  const received: Received[] = [];
  let requests = 0;
  const lastEventIds: (string | null)[] = [];
  const es = new EventSource(`${base}${path}`, {
    fetch: (input, init) => {
      requests++;
      const h = new Headers(init?.headers);
      lastEventIds.push(h.get('last-event-id'));
      for (const [k, v] of Object.entries(headers)) h.set(k, v);
      return fetch(input, { ...init, headers: h });
    },
  });
  for (const kind of ['retrieval', 'delta', 'citation', 'usage', 'done', 'failed', 'restart']) {
    es.addEventListener(kind, (e) => received.push({ id: e.lastEventId, event: kind, data: JSON.parse(e.data) }));
  }
  return { es, received, requests: () => requests, lastEventIds };
}

describe('the case assistant', () => {
  let t: TestApp;
  const d = researchDriver(() => t);
  let manager: Session;
  let colleague: Session;
  let stranger: Session;
  let packet: Application;
  let base: string;

  beforeAll(async () => {
    t = await buildTestApp();
    manager = await signUp(t.app);
    colleague = await addColleague(t.app, manager);
    stranger = await signUp(t.app, { orgName: 'Other Lending' });
    packet = await d.corpusCase(manager, 'p01.pdf', 'Niamh Holloway');
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  }, 120_000);
  afterAll(() => t?.close());

  const conversations = (s: Session, id = packet.id) => `/api/applications/${id}/assistant/conversations`;
  const ask = (s: Session, conversationId: string, question: unknown) => d.inject(s, 'POST', `${conversations(s)}/${conversationId}/turns`, { question });

  it('streams an answer as it is written: retrieval, deltas, checked citations, usage, done; then stops the EventSource with 204', async () => {
    const created = await d.inject(manager, 'POST', conversations(manager), {});
    expect(created.statusCode, created.body).toBe(201);
    const conversation = created.json() as Conversation;
    expect(conversation.turns).toEqual([]);

    const asked = await ask(manager, conversation.id, 'What is the net pay on the payslips?');
    expect(asked.statusCode, asked.body).toBe(202);
    const turn = asked.json() as AssistantTurn;
    expect(turn).toMatchObject({ status: 'answering', n: 1, answer: null });

    // Follow it live: the stream is open before the answer is written.
    const live = listen(base, turn.streamUrl, manager.headers);
    await until(() => live.es.readyState === EventSource.OPEN, 'the stream opens');
    await d.drainResearch();
    await until(() => live.received.some((e) => e.event === 'done'), 'the turn is done', 10_000);
    // The server ends the stream after `done`; the client's reconnect is told 204 and it stops.
    await until(() => live.es.readyState === EventSource.CLOSED, 'the EventSource stops after 204', 10_000);
    expect(live.requests()).toBe(2);
    expect(live.lastEventIds).toEqual([null, live.received.at(-1)!.id]);

    const kinds = live.received.map((e) => e.event);
    expect(kinds[0]).toBe('retrieval');
    expect(kinds.at(-1)).toBe('done');
    expect(kinds.at(-2)).toBe('usage');
    const firstCitation = kinds.indexOf('citation');
    expect(kinds.indexOf('delta')).toBeGreaterThan(0);
    expect(firstCitation).toBeGreaterThan(kinds.lastIndexOf('delta'));
    expect(live.received.map((e) => Number(e.id))).toEqual(live.received.map((_, i) => i + 1));

    const done = live.received.at(-1)!.data as AssistantTurn;
    expect(done.status).toBe('done');
    expect(live.received.filter((e) => e.event === 'delta').map((e) => e.data.text).join('')).toBe(done.answer);
    expect(live.received.filter((e) => e.event === 'citation').map((e) => e.data)).toEqual(done.citations);
    expect(done.citations.length).toBeGreaterThan(0);
    const lines = await d.storedLines(packet.id);
    for (const c of done.citations) expect(fold(lines.get(`${c.fileId}:${c.page}`)![c.line]!)).toContain(fold(c.quote));
    expect(live.received.find((e) => e.event === 'retrieval')!.data.lines.length).toBeGreaterThan(0);
    expect(live.received.find((e) => e.event === 'usage')!.data).toMatchObject({ model: { id: 'local' }, droppedCitations: 0 });

    // Reconnecting with Last-Event-ID resumes after it.
    const resumed = await fetch(`${base}${turn.streamUrl}`, { headers: { ...manager.headers, 'last-event-id': '2' } });
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get('content-type')).toMatch(/text\/event-stream/);
    const text = await resumed.text();
    const ids = [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(ids).toEqual(live.received.slice(2).map((e) => Number(e.id)));

    // A stream opened afterwards replays it whole.
    const replay = listen(base, turn.streamUrl, manager.headers);
    await until(() => replay.es.readyState === EventSource.CLOSED, 'the replay ends', 10_000);
    expect(replay.received.map((e) => [e.id, e.event])).toEqual(live.received.map((e) => [e.id, e.event]));

    // The conversation keeps the turn and is named by its first question.
    const kept = (await d.inject(manager, 'GET', `${conversations(manager)}/${conversation.id}`)).json() as Conversation;
    expect(kept.title).toBe('What is the net pay on the payslips?');
    expect(kept.turns).toHaveLength(1);
    expect(kept.turns[0]).toMatchObject({ id: turn.id, status: 'done', answer: done.answer });
  });

  it('reads earlier turns of the conversation, and keeps conversations per caller', async () => {
    const conversation = (await d.inject(manager, 'POST', conversations(manager), { title: 'Identity' })).json() as Conversation;
    await ask(manager, conversation.id, 'What is the applicant’s date of birth?');
    await d.drainResearch();
    const second = (await ask(manager, conversation.id, 'And the passport number?')).json() as AssistantTurn;
    expect(second.n).toBe(2);
    await d.drainResearch();
    const kept = (await d.inject(manager, 'GET', `${conversations(manager)}/${conversation.id}`)).json() as Conversation;
    expect(kept.title).toBe('Identity');
    expect(kept.turns.map((t) => t.status)).toEqual(['done', 'done']);

    // A colleague of the same organization sees none of them.
    expect(((await d.inject(colleague, 'GET', conversations(colleague))).json() as ConversationListing[]).length).toBe(0);
    expect((await d.inject(colleague, 'GET', `${conversations(colleague)}/${conversation.id}`)).statusCode).toBe(404);
    expect((await ask(colleague, conversation.id, 'Anything?')).statusCode).toBe(404);
    const mine = (await d.inject(manager, 'GET', conversations(manager))).json() as ConversationListing[];
    expect(mine.map((c) => c.id)).toContain(conversation.id);
    expect(mine.find((c) => c.id === conversation.id)!.turnCount).toBe(2);

    // Another organization: the case does not exist for it.
    expect((await d.inject(stranger, 'GET', conversations(stranger))).statusCode).toBe(404);
    expect((await d.inject(stranger, 'POST', conversations(stranger), {})).statusCode).toBe(404);
    const streamOf = (await fetch(`${base}${second.streamUrl}`, { headers: stranger.headers })).status;
    expect(streamOf).toBe(404);

    const removed = await t.app.inject({ method: 'DELETE', url: `${conversations(manager)}/${conversation.id}`, headers: manager.headers });
    expect(removed.statusCode).toBe(204);
    expect((await d.inject(manager, 'GET', `${conversations(manager)}/${conversation.id}`)).statusCode).toBe(404);
  });

  it('starts a turn over cleanly when the worker answering it died: a restart event, then the answer', async () => {
    const conversation = (await d.inject(manager, 'POST', conversations(manager), {})).json() as Conversation;
    const turn = (await ask(manager, conversation.id, 'Who is the employer?')).json() as AssistantTurn;
    // A worker takes the job and dies: its lease runs out and another worker takes the job up.
    const claimed = await t.app.jobs.claim('dead-worker', RESEARCH_LANE);
    expect(claimed?.payload).toEqual({ turnId: turn.id });
    await t.app.db.query("UPDATE jobs SET lease_until = now() - interval '1 second' WHERE id = $1", [claimed!.id]);
    await d.drainResearch();
    const text = await (await fetch(`${base}${turn.streamUrl}`, { headers: manager.headers })).text();
    const kinds = [...text.matchAll(/^event: (\w+)$/gm)].map((m) => m[1]);
    expect(kinds[0]).toBe('restart');
    expect(kinds.slice(1, 2)).toEqual(['retrieval']);
    expect(kinds.at(-1)).toBe('done');
  });

  it('refuses an empty question (400) and a case with no parsed pages (409)', async () => {
    const conversation = (await d.inject(manager, 'POST', conversations(manager), {})).json() as Conversation;
    for (const q of ['', '   ', 42, undefined]) {
      const res = await ask(manager, conversation.id, q);
      expect(res.statusCode, String(q)).toBe(400);
      expect(res.json().error).toMatch(/question/);
    }
    const empty = (await d.inject(manager, 'POST', '/api/applications', { applicantName: 'Nobody Yet', expectedDocListId: 'tenancy-application' })).json();
    const c2 = (await d.inject(manager, 'POST', conversations(manager, empty.id), {})).json() as Conversation;
    const res = await d.inject(manager, 'POST', `${conversations(manager, empty.id)}/${c2.id}/turns`, { question: 'Anything?' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/no parsed pages/);
  });
});
