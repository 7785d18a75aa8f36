/**
 * Webhook lanes are shared by every organization (issue 37): one organization's backlog of due
 * lanes must not hold another's delivery. Lanes are claimed by turn within their organization
 * (every organization's first lane, then every second…), each organization held to its share.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerAppend } from '../../sync-server/src/ledger/service.js';
import * as lanes from '../../sync-server/src/webhooks/repository.js';
import { buildTestApp, DRIVER, manualClock, signUp, type Session, type TestApp } from '../helper.js';
import { Receiver } from './webhooks-helpers.js';

describe(`webhook lanes between organizations on ${DRIVER}`, () => {
  let t: TestApp;
  let busy: Session;
  let quiet: Session;
  let receiver: Receiver;
  const clock = manualClock(Date.parse('2026-03-02T09:00:00Z'));

  beforeAll(async () => {
    t = await buildTestApp({ clock, config: { webhookAllowPrivate: true } });
    busy = await signUp(t.app, { orgName: 'Busy Lettings' });
    quiet = await signUp(t.app, { orgName: 'Quiet Lettings' });
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const inject = (s: Session, o: InjectOptions) => t.app.inject({ ...o, headers: { ...s.headers, ...(o.headers ?? {}) } });
  const endpoint = async (s: Session) => {
    const res = await inject(s, { method: 'POST', url: '/api/webhooks', payload: { url: receiver.url } });
    expect(res.statusCode, res.body).toBe(201);
  };
  /** One ledger row on each of `cases` cases of `s`: a lane per case. */
  const rows = (s: Session, prefix: string, cases: number) =>
    t.app.db.transaction(async (tx) => {
      for (let i = 0; i < cases; i++) {
        const applicationId = `app_${prefix}${i}_${Date.now().toString(36)}`;
        const action: LedgerAppend['action'] = 'application.created';
        await t.api.ledger.append(tx, { orgId: s.organizationId, applicationId, actor: 'user:test', action, target: applicationId, detail: {} });
      }
    });
  const orgsOf = (claimed: { orgId: string }[]) => claimed.map((c) => (c.orgId === busy.organizationId ? 'busy' : c.orgId === quiet.organizationId ? 'quiet' : c.orgId));

  it('a newer lane of another organization is claimed beside, not after, an older backlog', async () => {
    await endpoint(busy);
    await endpoint(quiet);
    await rows(busy, 'busy', 12);
    clock.advance(5_000);
    await rows(quiet, 'quiet', 1);
    clock.advance(1_000);
    const now = clock();

    // Two slots, one organization's share one: one lane of each, though the busy one's twelve are older.
    const first = await lanes.claimLanes(t.app.db, 'w1', now, 30_000, 2, 10, { perOrg: 1, held: {} });
    expect(orgsOf(first).sort()).toEqual(['busy', 'quiet']);

    // A worker already holding its share of the busy organization takes nothing more of it.
    const second = await lanes.claimLanes(t.app.db, 'w2', now, 30_000, 2, 10, { perOrg: 1, held: { [busy.organizationId]: 1 } });
    expect(second).toEqual([]);

  });

  it('the dispatcher sends the other organization’s delivery among the first, whatever the backlog', async () => {
    receiver.received.length = 0;
    clock.advance(60_000); // every lease above has run out
    await rows(busy, 'busy2', 20);
    clock.advance(5_000);
    await rows(quiet, 'quiet2', 1);
    await t.api.webhooks.dispatcher.drain();
    const order = receiver.received.map((r) => (r.payload.application?.startsWith('app_quiet') ? 'quiet' : 'busy'));
    expect(order.filter((o) => o === 'quiet')).toHaveLength(2);
    // The quiet organization's two lanes (one left from the first test) go out in the first round of
    // claims (the dispatcher's slots); by age alone the newer would wait behind the busy backlog.
    const slots = (t.api.webhooks.dispatcher as unknown as { slots: number }).slots;
    expect(order.length).toBeGreaterThan(slots);
    expect(order.lastIndexOf('quiet')).toBeLessThan(slots);
  });
});
