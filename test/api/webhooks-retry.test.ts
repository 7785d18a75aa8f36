import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint } from '@portal/shared';
import type { LedgerAppend } from '../../sync-server/src/ledger/service.js';
import { WebhookDispatcher } from '../../sync-server/src/webhooks/dispatcher.js';
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_MS } from '../../sync-server/src/webhooks/retry-schedule.js';
import { WebhookSender } from '../../sync-server/src/webhooks/sender.js';
import { buildTestApp, DRIVER, manualClock, signUp, type Session, type TestApp } from '../helper.js';
import { Receiver } from './webhooks-helpers.js';

const MIN = 60_000;
const HOUR = 60 * MIN;

/**
 * The retry schedule on the app's clock, which the test moves: hours of a receiver being down
 * take seconds, and every delivery is verified with the official `standardwebhooks` package.
 */
describe(`webhook retries on ${DRIVER}`, () => {
  let t: TestApp;
  let s: Session;
  let receiver: Receiver;
  const clock = manualClock(Date.parse('2026-05-04T08:00:00Z'));
  beforeAll(async () => {
    t = await buildTestApp({ clock, config: { webhookAllowPrivate: true } });
    s = await signUp(t.app, { orgName: 'Retry Lettings' });
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const create = async (payload: object) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/webhooks', headers: s.headers, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as WebhookEndpoint & { secret: string };
  };
  const append = (applicationId: string, actions: LedgerAppend['action'][]) =>
    t.app.db.transaction(async (tx) => {
      for (const action of actions) await t.api.ledger.append(tx, { orgId: s.organizationId, applicationId, actor: 'system', action, target: `application:${applicationId}` });
    });
  const deliveries = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/webhooks/${id}/deliveries?limit=500`, headers: s.headers })).json() as WebhookDelivery[];

  it('has 14 retries from 30 seconds to 2 hours apart, about 13 hours in all', () => {
    expect(WEBHOOK_RETRY_DELAYS_MS).toHaveLength(14);
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(15);
    expect(WEBHOOK_RETRY_DELAYS_MS[0]).toBe(30_000);
    expect(Math.max(...WEBHOOK_RETRY_DELAYS_MS)).toBe(2 * HOUR);
    expect([...WEBHOOK_RETRY_DELAYS_MS].sort((a, b) => a - b)).toEqual(WEBHOOK_RETRY_DELAYS_MS);
    const total = WEBHOOK_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(12.5 * HOUR);
    expect(total).toBeLessThan(13.5 * HOUR);
  });

  it('loses nothing while the receiver is down for two hours: every delivery arrives once it is back, in order per case', async () => {
    const ep = await create({ url: receiver.url });
    receiver.secrets = [ep.secret];
    receiver.received.length = 0;
    const arrivals: number[] = [];
    let phase: 'failing' | 'down' | 'up' = 'failing';
    receiver.answer = () => {
      arrivals.push(clock().getTime());
      return phase === 'failing' ? { status: 503, body: 'maintenance' } : { status: 200 };
    };
    const start = clock().getTime();
    const cases = Array.from({ length: 5 }, (_, i) => `app_retry${i}_${start.toString(36)}`);
    for (const id of cases) await append(id, ['application.created', 'file.received', 'file.received', 'run.started']);
    const expected = new Map(cases.map((id) => [id, 4]));
    // Work goes on meanwhile: more rows queue behind each case's head, and a new case starts.
    const during = `app_retrylate_${start.toString(36)}`;
    while (clock().getTime() - start < 3 * HOUR) {
      await t.api.webhooks.dispatcher.drain();
      clock.advance(30_000);
      const at = clock().getTime() - start;
      if (at === 30 * MIN) {
        await append(cases[0]!, ['run.stage']);
        expected.set(cases[0]!, 5);
      }
      if (at === 60 * MIN) {
        // The second hour: the port is closed, connections are refused.
        phase = 'down';
        await receiver.down();
      }
      if (at === 90 * MIN) {
        await append(during, ['application.created', 'file.received']);
        expected.set(during, 2);
      }
      if (at === 2 * HOUR) {
        phase = 'up';
        await receiver.up();
      }
    }
    const accepted = receiver.accepted;
    // Every row arrived, verified, in ledger order per case; the only repeats are of one webhook-id.
    for (const [id, rows] of expected) {
      const got = accepted.filter((r) => r.payload.application === id);
      expect(got.map((r) => r.payload.data.seq), id).toEqual(Array.from({ length: rows }, (_, i) => i + 1));
      expect(new Set(got.map((r) => r.webhookId)).size).toBe(rows);
    }
    expect(accepted).toHaveLength([...expected.values()].reduce((a, b) => a + b, 0));
    expect(receiver.received.every((r) => r.verifiedWith.length === 1)).toBe(true);
    const byId = new Map<string, string>();
    for (const r of receiver.received) {
      const key = `${r.payload.application}#${r.payload.data.seq}`;
      expect(byId.get(r.webhookId) ?? key).toBe(key);
      byId.set(r.webhookId, key);
    }
    // A case's head was tried on the schedule: 0, 30 s, 1 min 30, 3 min 30, 8 min 30, 18 min 30,
    // 38 min 30 (answered 503), 68 min 30 (refused), then at 128 min 30 it got through.
    const head = receiver.received.filter((r) => r.payload.application === cases[1] && r.payload.data.seq === 1);
    expect(head.map((r) => r.status)).toEqual([503, 503, 503, 503, 503, 503, 503, 200]);
    const list = await deliveries(ep.id);
    expect(list.filter((d) => d.status !== 'succeeded')).toEqual([]);
    const headDelivery = list.find((d) => d.applicationId === cases[1] && d.seq === 1)!;
    expect(headDelivery.attempts).toBe(9);
    expect(Date.parse(headDelivery.lastAttemptAt!) - start).toBe(128.5 * MIN);
    // Rows behind a retried head waited for it and went once, on its success.
    expect(list.filter((d) => d.applicationId === cases[1] && d.seq !== 1).map((d) => d.attempts)).toEqual([1, 1, 1]);
    expect(arrivals.length).toBe(receiver.received.length);
    await t.app.inject({ method: 'DELETE', url: `/api/webhooks/${ep.id}`, headers: s.headers });
  }, 120_000);

  it('lets several dispatchers share the work: each case still goes out once, in order', async () => {
    const ep = await create({ url: receiver.url });
    receiver.secrets = [ep.secret];
    receiver.received.length = 0;
    // Answers take a little while, so the two dispatchers' lanes overlap.
    receiver.answer = ({ count }) => ({ status: 200, delayMs: count % 3 });
    const stamp = clock().getTime().toString(36);
    const cases = Array.from({ length: 12 }, (_, i) => `app_shared${i}_${stamp}`);
    for (const id of cases) await append(id, ['application.created', 'file.received', 'file.received', 'file.received', 'run.started', 'run.stage', 'run.stage', 'run.reported']);
    // Two dispatchers as two instances run them (on PostgreSQL over different connections of the pool).
    const sender = new WebhookSender({ allowPrivate: true });
    const [a, b] = [0, 1].map(() => new WebhookDispatcher({ db: t.app.db, clock, sender }, { concurrency: 4, leaseMs: 30_000, pollMs: 50 }));
    try {
      // b starts once a holds lanes: lanes are taken by turn within their organization, so two
      // claims of the same instant see the same first turns and the later one skips them all
      // (it finds work at its next poll; a drain would end there).
      const first = a!.drain();
      const held = async () => (await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_lanes WHERE locked_by = $1', [a!.workerId])).rows[0]!.n;
      for (let i = 0; i < 200 && (await held()) === 0; i++) await new Promise((r) => setTimeout(r, 5));
      const counts = await Promise.all([first, b!.drain()]);
      expect(counts[0]! + counts[1]!).toBe(cases.length * 8);
      expect(counts.every((c) => c > 0)).toBe(true);
    } finally {
      sender.close();
    }
    for (const id of cases) {
      expect(receiver.accepted.filter((r) => r.payload.application === id).map((r) => r.payload.data.seq), id).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    }
    expect(receiver.received).toHaveLength(cases.length * 8);
    expect(receiver.received.every((r) => r.verifiedWith.length === 1)).toBe(true);
    receiver.answer = () => ({ status: 204 });
    await t.app.inject({ method: 'DELETE', url: `/api/webhooks/${ep.id}`, headers: s.headers });
  });

  it('gives up on a delivery after its 14th retry (about 13 hours), and the case’s next delivery goes on', async () => {
    const ep = await create({ url: receiver.url });
    receiver.secrets = [ep.secret];
    receiver.received.length = 0;
    receiver.answer = () => ({ status: 500 });
    const id = `app_giveup_${clock().getTime().toString(36)}`;
    await append(id, ['application.created', 'file.received']);
    const start = clock().getTime();
    while (clock().getTime() - start < 14 * HOUR) {
      await t.api.webhooks.dispatcher.drain();
      clock.advance(30_000);
    }
    const list = await deliveries(ep.id);
    const first = list.find((d) => d.seq === 1)!;
    expect(first).toMatchObject({ status: 'failed', attempts: 15, lastStatusCode: 500, nextAttemptAt: null });
    const tries = receiver.received.filter((r) => r.payload.data.seq === 1);
    expect(tries).toHaveLength(15);
    expect(new Set(tries.map((r) => r.webhookId)).size).toBe(1);
    expect(Date.parse(first.lastAttemptAt!) - start).toBe(WEBHOOK_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0));
    // The second row started its own attempts once the first gave up.
    const second = list.find((d) => d.seq === 2)!;
    expect(second).toMatchObject({ status: 'pending' });
    expect(second.attempts).toBeGreaterThanOrEqual(1);
    expect(receiver.received.filter((r) => r.payload.data.seq === 2).length).toBe(second.attempts);
    await t.app.inject({ method: 'DELETE', url: `/api/webhooks/${ep.id}`, headers: s.headers });
  }, 120_000);
});
