import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeySession, buildTestApp, drainJobs, DRIVER, signUp, type Session, type TestApp } from '../helper.js';
import { cleanPacket, form } from './applications-helpers.js';
import { Receiver } from './webhooks-helpers.js';

/** The "done when": a receiver verifying with `standardwebhooks` gets every ledger event of a real run, in order. */
describe(`webhooks of a real run on ${DRIVER}`, () => {
  let t: TestApp;
  let manager: Session;
  let key: Session;
  let receiver: Receiver;
  beforeAll(async () => {
    t = await buildTestApp({ config: { webhookAllowPrivate: true } });
    manager = await signUp(t.app, { orgName: 'Run Hooks Lettings' });
    key = await apiKeySession(t.app, manager, 'Loan system');
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('delivers every ledger row of a run, in ledger order, verified', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/webhooks', headers: manager.headers, payload: { url: receiver.url } });
    expect(created.statusCode).toBe(201);
    receiver.secrets = [created.json().secret];
    const body = form([
      { name: 'applicant', value: 'Sarah Whitcombe' },
      { name: 'expectedDocList', value: 'tenancy-application' },
      { name: 'files', filename: 'packet.pdf', content: await cleanPacket() },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/workflows/standard-intake/runs', headers: { ...key.headers, ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    await drainJobs(t.app);
    await t.api.webhooks.dispatcher.drain();
    const events = ((await t.app.inject({ method: 'GET', url: `/api/applications/${id}/events`, headers: key.headers })).json() as { seq: number; action: string; at: string; detail: unknown }[]).reverse();
    expect(events.map((e) => e.action)).toContain('run.reported');
    const got = receiver.accepted.filter((r) => r.payload.application === id);
    expect(got.map((r) => [r.payload.data.seq, r.payload.type])).toEqual(events.map((e) => [e.seq, e.action]));
    expect(got.map((r) => r.payload.at)).toEqual(events.map((e) => e.at));
    expect(got.map((r) => r.payload.data.detail)).toEqual(events.map((e) => e.detail));
    expect(got.every((r) => r.verifiedWith.length === 1)).toBe(true);
  }, 120_000);
});
