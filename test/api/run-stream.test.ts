import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, drainJobs, DRIVER, signUp, until, type Session, type TestApp } from '../helper.js';
import { cleanPacket, form } from './applications-helpers.js';
import { follow, type SseEvent } from './sse.js';

describe(`a case followed live on ${DRIVER}`, () => {
  let t: TestApp;
  let base: string;
  let manager: Session;
  const stops: AbortController[] = [];
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    manager = await signUp(t.app, { orgName: 'Live Lettings' });
  }, 60_000);
  afterAll(async () => {
    for (const s of stops) s.abort();
    await t?.close();
  });
  const stream = (id: string, events: SseEvent[], headers: Record<string, string> = {}) => {
    const stop = new AbortController();
    stops.push(stop);
    return follow(`${base}/api/applications/${id}/run/stream`, { ...manager.headers, ...headers }, events, stop.signal);
  };

  it('sends the run as it moves and every ledger row once, and resumes after Last-Event-ID', async () => {
    const body = form([
      { name: 'applicant', value: 'Sarah Whitcombe' },
      { name: 'expectedDocList', value: 'tenancy-application' },
      { name: 'files', filename: 'packet.pdf', content: await cleanPacket() },
    ]);
    const started = await t.app.inject({ method: 'POST', url: '/api/workflows/standard-intake/runs', headers: { ...manager.headers, ...body.headers }, payload: body.payload });
    expect(started.statusCode).toBe(201);
    const id = started.json().id as string;
    const events: SseEvent[] = [];
    expect(await stream(id, events)).toBe(200);
    await until(() => events.some((e) => e.event === 'state'), 'the first state');
    expect(events[0]).toMatchObject({ event: 'state', data: { state: 'previewing' } });

    await drainJobs(t.app);
    await until(() => events.some((e) => e.event === 'state' && (e.data as { state: string }).state === 'report'), 'the run lands', 10_000);
    const trail = (await t.app.inject({ method: 'GET', url: `/api/applications/${id}/events`, headers: manager.headers })).json() as { seq: number; action: string }[];
    await until(() => events.filter((e) => e.event === 'ledger').length === trail.length, 'every ledger row', 10_000);
    const rows = events.filter((e) => e.event === 'ledger');
    expect(rows.map((e) => Number(e.id))).toEqual(trail.map((r) => r.seq).reverse());
    expect(rows.map((e) => (e.data as { action: string }).action)).toEqual(trail.map((r) => r.action).reverse());
    const states = events.filter((e) => e.event === 'state').map((e) => (e.data as { state: string }).state);
    expect(states[0]).toBe('previewing');
    expect(states.at(-1)).toBe('report');

    const resumed: SseEvent[] = [];
    const last = trail.length;
    await stream(id, resumed, { 'last-event-id': String(last - 2) });
    await until(() => resumed.filter((e) => e.event === 'ledger').length === 2, 'the rows after Last-Event-ID');
    await new Promise((r) => setTimeout(r, 200));
    expect(resumed.filter((e) => e.event === 'ledger').map((e) => Number(e.id))).toEqual([last - 1, last]);
  }, 60_000);

  it('answers 404 for another organization’s case and ends with `revoked` when the session ends', async () => {
    const other = await signUp(t.app, { orgName: 'Elsewhere' });
    const created = await t.app.inject({ method: 'POST', url: '/api/applications', headers: other.headers, payload: { expectedDocListId: 'tenancy-application', applicantName: 'Someone Else' } });
    const foreign = await fetch(`${base}/api/applications/${created.json().id}/run/stream`, { headers: manager.headers });
    expect(foreign.status).toBe(404);
    const events: SseEvent[] = [];
    expect(await follow(`${base}/api/applications/${created.json().id}/run/stream`, other.headers, events, new AbortController().signal)).toBe(200);
    await until(() => events.length > 0, 'the stream opens');
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: other.headers })).statusCode).toBe(204);
    await until(() => events.some((e) => e.event === 'revoked'), 'revoked', 2_000);
  });
});
