import { lookup } from 'node:dns/promises';
import { hostname } from 'node:os';
import { Writable } from 'node:stream';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { WebhookDelivery, WebhookEndpoint } from '@portal/shared';
import type { LedgerAppend } from '../../sync-server/src/ledger/service.js';
import { isPrivateAddress } from '../../sync-server/src/webhooks/public-address.js';
import { WebhookSender } from '../../sync-server/src/webhooks/sender.js';
import { addColleague, apiKeySession, buildTestApp, DRIVER, manualClock, signUp, type Session, type TestApp } from '../helper.js';
import { Receiver } from './webhooks-helpers.js';

describe(`webhooks on ${DRIVER}`, () => {
  let t: TestApp;
  let manager: Session;
  let originator: Session;
  let key: Session;
  let other: Session;
  let receiver: Receiver;
  const clock = manualClock(Date.parse('2026-03-02T09:00:00Z'));
  let logs = '';

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, cb) {
        logs += chunk.toString();
        cb();
      },
    });
    t = await buildTestApp({ clock, config: { webhookAllowPrivate: true }, logger: { level: 'trace', stream } });
    manager = await signUp(t.app, { orgName: 'Hook Lettings' });
    originator = await addColleague(t.app, manager, 'Originator');
    key = await apiKeySession(t.app, manager, 'Loan system');
    other = await signUp(t.app, { orgName: 'Elsewhere Ltd' });
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const inject = (s: Session, o: InjectOptions) => t.app.inject({ ...o, headers: { ...s.headers, ...(o.headers ?? {}) } });
  const create = async (s: Session, payload: object) => {
    const res = await inject(s, { method: 'POST', url: '/api/webhooks', payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as WebhookEndpoint & { secret: string };
  };
  const remove = (id: string) => inject(manager, { method: 'DELETE', url: `/api/webhooks/${id}` });
  let n = 0;
  const caseId = () => `app_hooktest${++n}_${Date.now().toString(36)}`;
  /** Appends ledger rows as other areas do, in one transaction. */
  const append = (s: Session, applicationId: string, actions: LedgerAppend['action'][]) =>
    t.app.db.transaction(async (tx) => {
      for (const [i, action] of actions.entries()) {
        await t.api.ledger.append(tx, { orgId: s.organizationId, applicationId, actor: 'user:test', action, target: `file:f${i}`, detail: { i, z: 1, a: [2, { y: 1, b: 0 }] } });
      }
    });
  const drain = () => t.api.webhooks.dispatcher.drain();
  const deliveries = async (id: string, query = '') => {
    const res = await inject(manager, { method: 'GET', url: `/api/webhooks/${id}/deliveries${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as unknown[]).map((d) => WebhookDelivery.parse(d));
  };

  it('adds an endpoint with a whsec_ secret shown once, lists it without the secret, and removes it', async () => {
    const created = await create(manager, { url: receiver.url, events: ['file.received', 'file.received'] });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(created.secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    expect(created).toMatchObject({ url: receiver.url, events: ['file.received'], active: true, latestDelivery: null, previousSecretExpiresAt: null });
    const list = await inject(manager, { method: 'GET', url: '/api/webhooks' });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret);
    expect(list.body).not.toContain(created.secret.slice(6, 20));
    expect(list.json()[0]).toMatchObject({ id: created.id, url: receiver.url });
    expect(list.json()[0]).not.toHaveProperty('secret');
    expect((await remove(created.id)).statusCode).toBe(204);
    expect((await remove(created.id)).statusCode).toBe(404);
  });

  it('refuses a URL that is not http(s), carries credentials, or names an unknown event (400)', async () => {
    for (const payload of [
      { url: 'ftp://example.com/hooks' },
      { url: 'not a url' },
      { url: 'https://user:pw@example.com/hooks' },
      { url: receiver.url, events: ['application.created', 'no.such.event'] },
      { url: receiver.url, events: 'application.created' },
      {},
    ]) {
      const res = await inject(manager, { method: 'POST', url: '/api/webhooks', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    const bad = await inject(manager, { method: 'POST', url: '/api/webhooks', payload: { url: receiver.url, events: ['no.such.event'] } });
    expect(bad.json().error).toMatch(/no\.such\.event/);
  });

  it('delivers every ledger row as a Standard Webhooks POST that standardwebhooks verifies', async () => {
    const ep = await create(manager, { url: receiver.url });
    receiver.secrets = [ep.secret];
    receiver.received.length = 0;
    const id = caseId();
    await append(manager, id, ['application.created', 'file.received', 'run.started']);
    expect(await drain()).toBe(3);
    expect(receiver.received).toHaveLength(3);
    for (const [i, r] of receiver.received.entries()) {
      expect(r.verifiedWith).toEqual([ep.secret]);
      expect(r.headers['user-agent']).toMatch(/^CompliancePortal-Webhooks\//);
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      expect(r.payload).toEqual({
        id: r.webhookId,
        type: ['application.created', 'file.received', 'run.started'][i],
        at: new Date(clock()).toISOString(),
        application: id,
        data: { actor: 'user:test', target: `file:f${i}`, detail: { a: [2, { b: 0, y: 1 }], i, z: 1 }, seq: i + 1 },
      });
    }
    expect(new Set(receiver.received.map((r) => r.webhookId)).size).toBe(3);
    // The listing shows the latest delivery's outcome, never the secret.
    const listed = (await inject(manager, { method: 'GET', url: '/api/webhooks' })).json() as WebhookEndpoint[];
    expect(listed.find((e) => e.id === ep.id)!.latestDelivery).toMatchObject({ status: 'succeeded', lastStatusCode: 204, attempts: 1, type: 'run.started' });
    const history = await deliveries(ep.id);
    expect(history.map((d) => [d.seq, d.status, d.origin])).toEqual([
      [3, 'succeeded', 'event'],
      [2, 'succeeded', 'event'],
      [1, 'succeeded', 'event'],
    ]);
    expect((await deliveries(ep.id, `?limit=1&before=${history[0]!.id}`)).map((d) => d.seq)).toEqual([2]);
    expect(await deliveries(ep.id, '?status=pending')).toEqual([]);
    expect((await inject(manager, { method: 'GET', url: `/api/webhooks/${ep.id}/deliveries?limit=0` })).statusCode).toBe(400);
    await remove(ep.id);
  });

  it('sends only the events asked for, and nothing written before the endpoint existed (not even on replay)', async () => {
    const early = caseId();
    await append(manager, early, ['application.created', 'file.received']);
    clock.advance(1_000);
    const ep = await create(manager, { url: receiver.url, events: ['file.received'] });
    receiver.secrets = [ep.secret];
    receiver.received.length = 0;
    await append(manager, early, ['file.received', 'run.started']);
    const later = caseId();
    await append(manager, later, ['application.created', 'file.received', 'file.received']);
    await append(other, caseId(), ['application.created', 'file.received']);
    await drain();
    expect(receiver.received.map((r) => [r.payload.application, r.payload.data.seq, r.payload.type]).sort()).toEqual([
      [early, 3, 'file.received'],
      [later, 2, 'file.received'],
      [later, 3, 'file.received'],
    ]);
    receiver.received.length = 0;
    const replay = await inject(manager, { method: 'POST', url: `/api/webhooks/${ep.id}/replay`, payload: { since: '2000-01-01T00:00:00Z' } });
    expect(replay.statusCode, replay.body).toBe(202);
    expect(replay.json()).toEqual({ enqueued: 3 });
    await drain();
    // Cases go out in parallel; within one, in ledger order.
    expect(receiver.received.map((r) => [r.payload.application, r.payload.data.seq]).sort()).toEqual([
      [early, 3],
      [later, 2],
      [later, 3],
    ]);
    expect(receiver.received.every((r) => r.verifiedWith.length === 1)).toBe(true);
    await remove(ep.id);
  });

  it('replays with the original webhook-id and body, from a seq of one case or from a time', async () => {
    const ep = await create(manager, { url: receiver.url });
    receiver.secrets = [ep.secret];
    receiver.received.length = 0;
    const a = caseId();
    await append(manager, a, ['application.created', 'file.received', 'file.received', 'run.started']);
    clock.advance(60_000);
    const cut = new Date(clock()).toISOString();
    await append(manager, a, ['run.reported']);
    await drain();
    const first = new Map(receiver.received.map((r) => [r.webhookId, r.body]));
    receiver.received.length = 0;
    const fromSeq = await inject(manager, { method: 'POST', url: `/api/webhooks/${ep.id}/replay`, payload: { applicationId: a, fromSeq: 3 } });
    expect(fromSeq.json()).toEqual({ enqueued: 3 });
    const since = await inject(manager, { method: 'POST', url: `/api/webhooks/${ep.id}/replay`, payload: { since: cut } });
    expect(since.json()).toEqual({ enqueued: 1 });
    await drain();
    expect(receiver.received.map((r) => r.payload.data.seq)).toEqual([3, 4, 5, 5]);
    for (const r of receiver.received) expect(r.body).toBe(first.get(r.webhookId));
    expect((await deliveries(ep.id)).slice(0, 4).every((d) => d.origin === 'replay')).toBe(true);
    for (const payload of [{}, { fromSeq: 2 }, { since: 'yesterday' }, { applicationId: a, fromSeq: 0 }]) {
      expect((await inject(manager, { method: 'POST', url: `/api/webhooks/${ep.id}/replay`, payload })).statusCode, JSON.stringify(payload)).toBe(400);
    }
    const foreignCase = caseId();
    await append(other, foreignCase, ['application.created']);
    expect((await inject(manager, { method: 'POST', url: `/api/webhooks/${ep.id}/replay`, payload: { applicationId: foreignCase, fromSeq: 1 } })).statusCode).toBe(404);
    await remove(ep.id);
  });

  it('keeps each case in ledger order: a later delivery waits while an earlier one is retried; other cases go on', async () => {
    const ep = await create(manager, { url: receiver.url });
    receiver.secrets = [ep.secret];
    receiver.received.length = 0;
    const slow = caseId();
    const fast = caseId();
    let failFirst = true;
    receiver.answer = ({ payload }) => {
      if (payload.application === slow && payload.data.seq === 1 && failFirst) return { status: 503, body: 'busy' };
      return { status: 200 };
    };
    await append(manager, slow, ['application.created', 'file.received', 'file.received']);
    await append(manager, fast, ['application.created', 'file.received']);
    await drain();
    expect(receiver.accepted.map((r) => [r.payload.application, r.payload.data.seq])).toEqual([
      [fast, 1],
      [fast, 2],
    ]);
    const [head] = (await deliveries(ep.id, '?status=pending')).slice(-1);
    expect(head).toMatchObject({ seq: 1, attempts: 1, lastStatusCode: 503, lastError: 'answered 503', status: 'pending' });
    expect(Date.parse(head!.nextAttemptAt!) - clock().getTime()).toBe(30_000);
    // Not due yet: nothing moves.
    clock.advance(29_000);
    expect(await drain()).toBe(0);
    failFirst = false;
    clock.advance(1_000);
    expect(await drain()).toBe(3);
    const slowOnes = receiver.received.filter((r) => r.payload.application === slow);
    expect(slowOnes.map((r) => [r.payload.data.seq, r.status])).toEqual([
      [1, 503],
      [1, 200],
      [2, 200],
      [3, 200],
    ]);
    expect(slowOnes[0]!.webhookId).toBe(slowOnes[1]!.webhookId);
    expect(slowOnes.every((r) => r.verifiedWith.length === 1)).toBe(true);
    receiver.answer = () => ({ status: 204 });
    await remove(ep.id);
  });

  it('deactivates the endpoint on a 410 to a test delivery, and sends nothing more until reactivated', async () => {
    const ep = await create(manager, { url: `${receiver.url}/gone` });
    receiver.secrets = [ep.secret];
    receiver.received.length = 0;
    receiver.answer = ({ path }) => (path.endsWith('/gone') ? { status: 410, body: 'gone for good' } : { status: 200, body: 'ok' });
    const res = await inject(manager, { method: 'POST', url: `/api/webhooks/${ep.id}/test` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ delivered: false, statusCode: 410, deactivated: true, bodyExcerpt: 'gone for good', error: 'answered 410' });
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.verifiedWith).toEqual([ep.secret]);
    expect(receiver.received[0]!.payload).toMatchObject({ type: 'webhook.test', application: null, id: res.json().webhookId, data: { actor: expect.stringMatching(/^user:/), target: `webhook:${ep.id}` } });
    const listed = ((await inject(manager, { method: 'GET', url: '/api/webhooks' })).json() as WebhookEndpoint[]).find((e) => e.id === ep.id)!;
    expect(listed).toMatchObject({ active: false, deactivatedReason: expect.stringMatching(/410/), latestDelivery: { type: 'webhook.test', status: 'failed', lastStatusCode: 410, origin: 'test' } });
    const id = caseId();
    await append(manager, id, ['application.created']);
    expect(await drain()).toBe(0);
    expect(receiver.received).toHaveLength(1);
    const again = await inject(manager, { method: 'POST', url: `/api/webhooks/${ep.id}/replay`, payload: { since: '2000-01-01T00:00:00Z' } });
    expect(again.statusCode).toBe(409);
    const react = await inject(manager, { method: 'POST', url: `/api/webhooks/${ep.id}/reactivate` });
    expect(react.statusCode).toBe(200);
    expect(react.json()).toMatchObject({ id: ep.id, active: true, deactivatedAt: null });
    receiver.answer = () => ({ status: 200 });
    const replay = await inject(manager, { method: 'POST', url: `/api/webhooks/${ep.id}/replay`, payload: { since: '2000-01-01T00:00:00Z' } });
    expect(replay.json()).toEqual({ enqueued: 1 });
    await drain();
    expect(receiver.received.at(-1)!.payload).toMatchObject({ application: id, type: 'application.created' });
    await remove(ep.id);
  });

  it('deactivates the endpoint on a 410 to a real delivery: its retries and the rest of its queue stop', async () => {
    const ep = await create(manager, { url: receiver.url });
    receiver.secrets = [ep.secret];
    receiver.received.length = 0;
    const a = caseId();
    const b = caseId();
    receiver.answer = ({ payload }) => (payload.application === a ? { status: 503 } : { status: 200 });
    await append(manager, a, ['application.created', 'file.received']);
    await drain();
    expect(receiver.received).toHaveLength(1);
    receiver.answer = () => ({ status: 410 });
    clock.advance(30_000);
    await append(manager, b, ['application.created']);
    await drain();
    const listed = ((await inject(manager, { method: 'GET', url: '/api/webhooks' })).json() as WebhookEndpoint[]).find((e) => e.id === ep.id)!;
    expect(listed.active).toBe(false);
    const history = await deliveries(ep.id);
    expect(history.filter((d) => d.status === 'failed').map((d) => d.lastStatusCode)).toEqual([410]);
    expect(history.filter((d) => d.status === 'pending')).toEqual([]);
    expect(history.filter((d) => d.status === 'cancelled').length).toBeGreaterThanOrEqual(1);
    const sent = receiver.received.length;
    clock.advance(3 * 3_600_000);
    await append(manager, a, ['run.started']);
    expect(await drain()).toBe(0);
    expect(receiver.received).toHaveLength(sent);
    const resend = await inject(manager, { method: 'POST', url: `/api/webhooks/${ep.id}/deliveries/${history[0]!.id}/resend` });
    expect(resend.statusCode).toBe(409);
    receiver.answer = () => ({ status: 204 });
    await remove(ep.id);
  });

  it('resends one delivery with the same webhook-id and body as a new delivery', async () => {
    const ep = await create(manager, { url: receiver.url });
    receiver.secrets = [ep.secret];
    receiver.received.length = 0;
    await append(manager, caseId(), ['application.created']);
    await drain();
    const [d] = await deliveries(ep.id);
    const res = await inject(manager, { method: 'POST', url: `/api/webhooks/${ep.id}/deliveries/${d!.id}/resend` });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ webhookId: d!.webhookId, origin: 'resend', status: 'pending', attempts: 0 });
    expect(res.json().id).not.toBe(d!.id);
    await drain();
    expect(receiver.received.map((r) => r.webhookId)).toEqual([d!.webhookId, d!.webhookId]);
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
    expect(receiver.received[1]!.verifiedWith).toEqual([ep.secret]);
    for (const bad of ['999999999', 'abc', '1e3']) {
      expect((await inject(manager, { method: 'POST', url: `/api/webhooks/${ep.id}/deliveries/${bad}/resend` })).statusCode, bad).toBe(404);
    }
    await remove(ep.id);
  });

  it('signs with the old and the new secret during a rotation’s overlap, then with the new one only', async () => {
    const ep = await create(manager, { url: receiver.url });
    const rotated = await inject(manager, { method: 'POST', url: `/api/webhooks/${ep.id}/rotate-secret` });
    expect(rotated.statusCode).toBe(200);
    const { secret, previousSecretExpiresAt } = rotated.json() as { secret: string; previousSecretExpiresAt: string };
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(ep.secret);
    expect(Date.parse(previousSecretExpiresAt) - clock().getTime()).toBe(24 * 3_600_000);
    receiver.secrets = [ep.secret, secret];
    receiver.received.length = 0;
    await append(manager, caseId(), ['application.created']);
    await drain();
    expect(String(receiver.received[0]!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(receiver.received[0]!.verifiedWith).toEqual([ep.secret, secret]);
    expect(((await inject(manager, { method: 'GET', url: '/api/webhooks' })).json() as WebhookEndpoint[]).find((e) => e.id === ep.id)!.previousSecretExpiresAt).toBe(previousSecretExpiresAt);
    clock.advance(24 * 3_600_000 + 1);
    await append(manager, caseId(), ['application.created']);
    await drain();
    expect(receiver.received[1]!.verifiedWith).toEqual([secret]);
    expect(() => new Webhook(ep.secret).verify(receiver.received[1]!.body, receiver.received[1]!.headers as Record<string, string>)).toThrow();
    await remove(ep.id);
  });

  it('reports a test delivery’s answer: status, time taken and an excerpt of a capped body', async () => {
    const ep = await create(manager, { url: receiver.url });
    receiver.secrets = [ep.secret];
    receiver.answer = () => ({ status: 200, body: 'x'.repeat(5_000_000) });
    const res = await inject(manager, { method: 'POST', url: `/api/webhooks/${ep.id}/test` });
    expect(res.json()).toMatchObject({ delivered: true, statusCode: 200, deactivated: false, error: null, durationMs: expect.any(Number) });
    expect(res.json().bodyExcerpt).toBe('x'.repeat(1024));
    receiver.answer = () => ({ status: 302, headers: { location: `${receiver.url}/elsewhere` } });
    receiver.received.length = 0;
    const redirected = await inject(manager, { method: 'POST', url: `/api/webhooks/${ep.id}/test` });
    expect(redirected.json()).toMatchObject({ delivered: false, statusCode: 302, error: expect.stringMatching(/redirects are not followed/) });
    expect(receiver.received.map((r) => r.path)).toEqual(['/hooks']);
    receiver.answer = () => ({ status: 204 });
    await remove(ep.id);
  });

  it('refuses API keys and Originators on every operation (403), and answers 404 for other organizations’ ids', async () => {
    const ep = await create(manager, { url: receiver.url });
    await append(manager, caseId(), ['application.created']);
    await drain();
    const [d] = await deliveries(ep.id);
    const operations: InjectOptions[] = [
      { method: 'GET', url: '/api/webhooks' },
      { method: 'POST', url: '/api/webhooks', payload: { url: receiver.url } },
      { method: 'DELETE', url: `/api/webhooks/${ep.id}` },
      { method: 'POST', url: `/api/webhooks/${ep.id}/test` },
      { method: 'POST', url: `/api/webhooks/${ep.id}/reactivate` },
      { method: 'POST', url: `/api/webhooks/${ep.id}/rotate-secret` },
      { method: 'GET', url: `/api/webhooks/${ep.id}/deliveries` },
      { method: 'POST', url: `/api/webhooks/${ep.id}/deliveries/${d!.id}/resend` },
      { method: 'POST', url: `/api/webhooks/${ep.id}/replay`, payload: { since: '2000-01-01T00:00:00Z' } },
    ];
    for (const op of operations) {
      for (const [who, s] of [
        ['API key', key],
        ['Originator', originator],
      ] as const) {
        const res = await inject(s, op);
        expect(res.statusCode, `${who} ${op.method} ${op.url}: ${res.body}`).toBe(403);
      }
      if (op.url !== '/api/webhooks') {
        const res = await inject(other, op);
        expect(res.statusCode, `other organization ${op.method} ${op.url}: ${res.body}`).toBe(404);
      }
    }
    const keyRes = await inject(key, { method: 'GET', url: '/api/webhooks' });
    expect(keyRes.json().error).toMatch(/API keys cannot manage/);
    expect((await inject(other, { method: 'GET', url: '/api/webhooks' })).json()).toEqual([]);
    expect((await inject(manager, { method: 'GET', url: `/api/webhooks/${ep.id}/deliveries` })).json()).toHaveLength(1);
    await remove(ep.id);
  });

  it('never writes a secret to the logs', async () => {
    const ep = await create(manager, { url: receiver.url });
    const rotated = (await inject(manager, { method: 'POST', url: `/api/webhooks/${ep.id}/rotate-secret` })).json() as { secret: string };
    await inject(manager, { method: 'POST', url: `/api/webhooks/${ep.id}/test` });
    await append(manager, caseId(), ['application.created']);
    await drain();
    expect(logs.length).toBeGreaterThan(0);
    for (const s of [ep.secret, rotated.secret]) {
      expect(logs).not.toContain(s);
      expect(logs).not.toContain(s.slice(6, 26));
    }
    await remove(ep.id);
  });
});

describe('webhook delivery rules on their own', () => {
  // Which addresses are private: sync-server/test/webhook-addresses.test.ts.
  it('refuses private and loopback hosts unless allowed, at creation and when sending', async () => {
    const t = await buildTestApp();
    try {
      const s = await signUp(t.app);
      const ipv6Forms = ['http://[::127.0.0.1]/h', 'http://[64:ff9b::127.0.0.1]/h', 'http://[2002:7f00:1::1]/h', 'http://[::ffff:0:7f00:1]/h', 'http://[2001:0:4136:e378:8000:63bf:f5ff:fffe]/h'];
      for (const url of ['http://127.0.0.1:9/hooks', 'http://localhost/hooks', 'http://[::1]/hooks', 'http://169.254.169.254/latest', 'http://10.0.0.8/h', 'http://api.localhost/h', ...ipv6Forms]) {
        const res = await t.app.inject({ method: 'POST', url: '/api/webhooks', headers: s.headers, payload: { url } });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().error).toMatch(/private/);
      }
      const sender = new WebhookSender({ allowPrivate: false });
      for (const url of ['http://127.0.0.1:9/hooks', ...ipv6Forms]) {
        const outcome = await sender.send({ url, messageId: 'msg_x', body: '{}', secrets: ['whsec_AAAA'] });
        expect(outcome, url).toMatchObject({ ok: false, statusCode: null, error: expect.stringMatching(/private/) });
      }
      sender.close();
    } finally {
      await t.close();
    }
  });

  it('refuses, after resolving it, a host name that leads to a private address (checked on the address it would connect to)', async () => {
    // This machine's own name resolves to one of its addresses, private in any test setup;
    // only the resolver guard can tell, since the name itself says nothing.
    const name = hostname();
    const addresses = await lookup(name, { all: true }).catch(() => []);
    if (addresses.length === 0 || !addresses.every((a) => isPrivateAddress(a.address))) return;
    const receiver = await Receiver.start();
    const sender = new WebhookSender({ allowPrivate: false });
    try {
      const outcome = await sender.send({ url: `http://${name}:${receiver.port}/hooks`, messageId: 'msg_rebind', body: '{}', secrets: ['whsec_AAAA'] });
      expect(outcome).toMatchObject({ ok: false, statusCode: null, error: expect.stringMatching(/resolves to .* private/) });
      expect(receiver.received).toEqual([]);
    } finally {
      sender.close();
      await receiver.close();
    }
  });

  it('gives up on a receiver that does not answer within the time limit', async () => {
    const receiver = await Receiver.start();
    const sender = new WebhookSender({ allowPrivate: true, timeoutMs: 300 });
    try {
      receiver.answer = () => 'hang';
      const started = Date.now();
      const outcome = await sender.send({ url: receiver.url, messageId: 'msg_hang', body: '{"id":"msg_hang","type":"webhook.test","at":"x","application":null,"data":{"actor":"a","target":"t","detail":{},"seq":null}}', secrets: ['whsec_AAAA'] });
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(outcome).toMatchObject({ ok: false, statusCode: null, error: expect.stringMatching(/no answer within/) });
    } finally {
      sender.close();
      await receiver.close();
    }
  });
});
