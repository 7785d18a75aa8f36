import { randomUUID } from 'node:crypto';
import { createRxDatabase, type RxCollection } from 'rxdb';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentDecision } from '@portal/shared';
import { addSyncCollections, replicateWithServer, rxCollections } from '@portal/shared/client';
import type { DecisionRequestDoc } from '@portal/shared/sync';
import { addColleague, apiKeySession, buildTestApp, DRIVER, signUp, until, untilSyncedPast, type Session, type TestApp } from '../helper.js';
import { cleanPacket, form, lowDpiPacket } from './applications-helpers.js';
import { documentsDriver } from './documents-helpers.js';

type Doc = Record<string, unknown> & { id: string; serverRev: number; _deleted: boolean; state?: string };
type Ledger = { action: string; actor: string; target: string; detail: Record<string, unknown> }[];

/**
 * A reviewer's decisions made on the desktop, pushed through RxDB's push (`decision-requests`):
 * applied through the same services as REST, once, and answered with their outcome, a lost race
 * as a conflict naming who decided what and when.
 */
describe(`decision requests over sync on ${DRIVER}`, () => {
  let t: TestApp;
  let manager: Session;
  let reviewer: Session;
  let second: Session;
  let key: Session;
  let other: Session;
  let caseId: string;
  let fileId: string;
  const d = documentsDriver(() => t);
  const at = (p: number) => `${fileId}:p${p}-${p}`;

  const request = (kind: string, address: string | undefined, extra: Record<string, unknown> = {}, applicationId = caseId) => ({
    id: randomUUID(),
    applicationId,
    kind,
    ...(address ? { address } : {}),
    madeAt: new Date(Date.now() - 60_000).toISOString(),
    state: 'pending',
    ...extra,
  });
  const pushRaw = (s: Session, docs: Record<string, unknown>[]) =>
    d.inject(s, 'POST', '/api/sync/decision-requests/push', docs.map((doc) => ({ newDocumentState: { serverRev: 0, _deleted: false, ...doc }, assumedMasterState: null })));
  const push = async (s: Session, ...docs: Record<string, unknown>[]): Promise<Doc[]> => {
    const res = await pushRaw(s, docs);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Doc[];
  };
  const pull = async (s: Session): Promise<Doc[]> => {
    await untilSyncedPast(t.app.db, 'decision_requests');
    const res = await d.inject(s, 'GET', '/api/sync/decision-requests/pull?limit=1000');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { documents: Doc[] }).documents;
  };
  const decisions = async (s: Session = reviewer, id = caseId) => (await d.inject(s, 'GET', `/api/applications/${id}/decisions`)).json() as DocumentDecision[];
  const ledger = async (id = caseId) => (await d.events(manager, id)) as Ledger;

  beforeAll(async () => {
    t = await buildTestApp();
    manager = await signUp(t.app, { orgName: 'Harbour Lettings' });
    reviewer = await addColleague(t.app, manager, 'Originator');
    second = await addColleague(t.app, manager, 'Originator');
    key = await apiKeySession(t.app, manager, 'Loan system');
    other = await signUp(t.app, { orgName: 'Elsewhere Ltd' });
    const app = await d.run(manager, 'standard-intake', d.newCase('Sarah Whitcombe', [{ name: 'packet.pdf', content: await cleanPacket() }]));
    caseId = app.id;
    fileId = app.files[0]!.id;
    expect((await d.documents(manager, caseId)).map((e) => e.address)).toEqual([1, 2, 3, 4].map(at));
  }, 120_000);
  afterAll(() => t?.close());

  it('applies a pushed approve as the pusher: the REST list, decisions and ledger show it, decidedBy and authenticatedAs as pushed', async () => {
    const approve = request('approve', at(2), { decidedBy: 'Jo Offline' });
    const [answer] = await push(reviewer, approve);
    expect(answer).toMatchObject({ ...approve, state: 'applied', _deleted: false, result: { decisionId: expect.any(String), appliedAt: expect.any(String) } });
    expect(answer!.serverRev).toBeGreaterThan(0);
    const decisionId = (answer!.result as { decisionId: string }).decisionId;

    const made = (await decisions()).find((x) => x.id === decisionId)!;
    expect(made).toMatchObject({ kind: 'approve', address: at(2), decidedBy: 'Jo Offline', authenticatedAs: `user:${reviewer.user!.email}` });
    expect((answer!.result as { appliedAt: string }).appliedAt).toBe(made.decidedAt);
    expect((await d.documents(reviewer, caseId)).find((e) => e.address === at(2))).toMatchObject({ approval: { outcome: 'approved', decidedBy: 'Jo Offline' } });
    const approved = (await ledger()).filter((e) => e.action === 'document.approved');
    expect(approved).toEqual([
      expect.objectContaining({ actor: `user:${reviewer.user!.email}`, target: `document:${at(2)}`, detail: expect.objectContaining({ decisionId, decidedBy: 'Jo Offline', authenticatedAs: `user:${reviewer.user!.email}` }) }),
    ]);
    // The reviewer's desktop pulls it back with its outcome.
    expect(await pull(reviewer)).toEqual([answer]);
  });

  it('answers the same push again from what it stored: never applied twice, even pushed twice at once', async () => {
    const [first] = await pull(reviewer);
    const again = { ...first!, state: 'pending', result: undefined };
    expect(await push(reviewer, again)).toEqual([first]);
    expect((await ledger()).filter((e) => e.action === 'document.approved')).toHaveLength(1);

    // A settle pushed twice in one batch and by two pushes racing: one decision, one ledger row.
    const settle = request('settle', at(1));
    const [a, b] = await Promise.all([push(reviewer, settle, settle), push(reviewer, settle)]);
    expect(a).toHaveLength(1);
    expect(a![0]).toMatchObject({ id: settle.id, state: 'applied', decidedBy: reviewer.user!.name });
    expect(b).toEqual(a);
    expect((await decisions()).filter((x) => x.kind === 'settle')).toHaveLength(1);
    expect((await ledger()).filter((e) => e.action === 'document.settled')).toHaveLength(1);
  });

  it('answers a decision that lost the race as a conflict naming who decided what and when, and applies nothing of it', async () => {
    const mine = request('approve', at(3), { decidedBy: 'Jo Offline' });
    const theirs = request('settle', at(3), { decidedBy: 'Sam Second' });
    const [won] = await push(second, theirs);
    expect(won).toMatchObject({ state: 'applied' });
    const winner = (await decisions()).find((x) => x.id === (won!.result as { decisionId: string }).decisionId)!;
    const ledgerBefore = (await ledger()).length;

    const [lost] = await push(reviewer, mine);
    expect(lost).toMatchObject({
      id: mine.id,
      state: 'conflict',
      _deleted: false,
      conflict: { decisionId: winner.id, decidedBy: 'Sam Second', decidedAt: winner.decidedAt, decisionKind: 'settle', address: at(3), reason: expect.stringContaining(winner.id) },
    });
    expect(lost!.result).toBeUndefined();
    expect((await decisions()).filter((x) => x.address === at(3))).toEqual([winner]);
    expect(await ledger()).toHaveLength(ledgerBefore);
    // Kept visible: the reviewer's pull has it, the colleague's does not.
    expect((await pull(reviewer)).find((x) => x.id === mine.id)).toEqual(lost);
    expect((await pull(second)).map((x) => x.id)).toEqual([theirs.id]);
  });

  it('junks through a push, with the pusher’s name by default', async () => {
    const [junked] = await push(reviewer, request('junk', at(4)));
    expect(junked).toMatchObject({ state: 'applied', decidedBy: reviewer.user!.name });
    expect((await d.documents(reviewer, caseId)).map((e) => e.address)).not.toContain(at(4));
    expect((await ledger()).filter((e) => e.action === 'document.junked')).toEqual([
      expect.objectContaining({ detail: expect.objectContaining({ decidedBy: reviewer.user!.name, authenticatedAs: `user:${reviewer.user!.email}` }) }),
    ]);
  });

  it('undoes a decision through a push, once: a second undo of it is a conflict naming the first, an unknown decision refused', async () => {
    const junk = (await decisions()).find((x) => x.kind === 'junk' && x.address === at(4) && !x.undone)!;
    const undo = request('undo', at(4), { decisionId: junk.id, decidedBy: 'Jo Offline' });
    const [applied] = await push(reviewer, undo);
    expect(applied).toMatchObject({ ...undo, state: 'applied', result: { decisionId: junk.id, appliedAt: expect.any(String) } });
    const undone = (await decisions()).find((x) => x.id === junk.id)!;
    expect(undone.undone).toMatchObject({ by: 'Jo Offline', authenticatedAs: `user:${reviewer.user!.email}` });
    expect((applied!.result as { appliedAt: string }).appliedAt).toBe(undone.undone!.at);
    expect((await d.documents(reviewer, caseId)).map((e) => e.address)).toContain(at(4));

    // Pushed again (the answer lost on the way back): answered from what was stored, one ledger row.
    expect(await push(reviewer, { ...undo })).toEqual([applied]);
    const undoRows = async () => (await ledger()).filter((e) => e.action === 'decision.undone' && e.target === `decision:${junk.id}`);
    expect(await undoRows()).toHaveLength(1);

    // Another desktop undid it offline too: the one that came second is a conflict naming the first undo.
    const [late] = await push(second, request('undo', at(4), { decisionId: junk.id }));
    expect(late).toMatchObject({
      state: 'conflict',
      decisionId: junk.id,
      conflict: { decisionId: junk.id, decidedBy: 'Jo Offline', decidedAt: undone.undone!.at, decisionKind: 'undo', address: at(4), reason: expect.stringContaining('already undone') },
    });
    expect(await undoRows()).toHaveLength(1);

    const [unknown] = await push(reviewer, request('undo', undefined, { decisionId: 'dec_nothere' }));
    expect(unknown).toMatchObject({ state: 'refused', error: { status: 404 } });
    expect((await pull(reviewer)).find((x) => x.id === undo.id)).toEqual(applied);
    // Junked again, for the tests after this one.
    expect((await push(reviewer, request('junk', at(4))))[0]).toMatchObject({ state: 'applied' });
  });

  it('stores what REST refuses as refused, with its status and error', async () => {
    const before = (await decisions()).length;
    const [badLine, noFile, noCase] = await push(
      reviewer,
      request('approve', at(1), { expectedDocId: 'no-such-line' }),
      request('settle', 'fil_nothere:p1-1'),
      request('settle', at(1), {}, 'app_nothere'),
    );
    expect(badLine).toMatchObject({ state: 'refused', error: { status: 400, message: expect.stringMatching(/no-such-line/) } });
    expect(noFile).toMatchObject({ state: 'refused', error: { status: 404 } });
    expect(noCase).toMatchObject({ state: 'refused', error: { status: 404 } });
    expect(await decisions()).toHaveLength(before);
  });

  it('bypasses the gate for a person, refuses it for an API key, and answers a second bypass as a conflict', async () => {
    const body = form([
      { name: 'applicant', value: 'Sarah Whitcombe' },
      { name: 'expectedDocList', value: 'tenancy-application' },
      { name: 'files', filename: 'packet.pdf', content: await lowDpiPacket() },
    ]);
    const held = await t.app.inject({ method: 'POST', url: '/api/workflows/standard-intake/runs', headers: { ...key.headers, ...body.headers }, payload: body.payload });
    expect(held.statusCode, held.body).toBe(409);
    const gated = held.json().applicationId as string;
    expect((await d.get(reviewer, gated)).run).toMatchObject({ state: 'gated', gateReason: 'flags', number: 1 });

    const [byKey] = await push(key, request('bypass', undefined, {}, gated));
    expect(byKey).toMatchObject({ state: 'refused', error: { status: 403 } });
    expect((await d.get(reviewer, gated)).run.state).toBe('gated');

    const [byPerson] = await push(reviewer, request('bypass', 'run:1', { decidedBy: 'Pat Reviewer' }, gated));
    expect(byPerson).toMatchObject({ state: 'applied', address: 'run:1', result: { appliedAt: expect.any(String) } });
    expect((await d.get(reviewer, gated)).run).toMatchObject({ state: 'previewing', decidedBy: 'Pat Reviewer', authenticatedAs: `user:${reviewer.user!.email}` });
    const bypassed = (await ledger(gated)).filter((e) => e.action === 'gate.bypassed');
    expect(bypassed).toEqual([expect.objectContaining({ target: 'run:1', detail: expect.objectContaining({ decidedBy: 'Pat Reviewer', authenticatedAs: `user:${reviewer.user!.email}` }) })]);

    const [late] = await push(second, request('bypass', 'run:1', {}, gated));
    expect(late).toMatchObject({ state: 'conflict', conflict: { decidedBy: 'Pat Reviewer', decisionKind: 'bypass', address: 'run:1', decidedAt: expect.any(String) } });
    expect((await ledger(gated)).filter((e) => e.action === 'gate.bypassed')).toHaveLength(1);
  });

  it('drops a conflict the reviewer dismissed (it leaves the pull), and keeps an applied one', async () => {
    const mine = await pull(reviewer);
    const conflict = mine.find((x) => x.state === 'conflict')!;
    const applied = mine.find((x) => x.state === 'applied')!;
    const [dropped, kept] = await push(reviewer, { ...conflict, _deleted: true }, { ...applied, _deleted: true });
    expect(dropped).toMatchObject({ id: conflict.id, state: 'conflict', _deleted: true });
    expect(dropped!.serverRev).toBeGreaterThan(conflict.serverRev);
    expect(kept).toEqual(applied);
    const after = await pull(reviewer);
    expect(after.find((x) => x.id === conflict.id)).toMatchObject({ _deleted: true });
    expect(after.find((x) => x.id === applied.id)).toEqual(applied);
    // A pushed request the server never heard of, already deleted (or not pending), is not applied: it comes back deleted.
    const never = request('settle', at(1));
    expect(await push(reviewer, { ...never, _deleted: true }, { ...request('settle', at(1)), state: 'applied' })).toEqual([
      expect.objectContaining({ id: never.id, _deleted: true }),
      expect.objectContaining({ _deleted: true }),
    ]);
  });

  it('shows another user of the organization, and another organization, none of it', async () => {
    const mine = await pull(reviewer);
    expect(mine.length).toBeGreaterThan(3);
    expect(await pull(manager)).toEqual([]);
    expect(await pull(other)).toEqual([]);
    // Pushing one of the reviewer's ids reads nothing back of it, nor drops it.
    const target = mine.find((x) => x.state === 'applied')!;
    const [theirs] = await push(other, { ...target, _deleted: true });
    expect(theirs).toMatchObject({ id: target.id, _deleted: true });
    expect((await pull(reviewer)).find((x) => x.id === target.id)).toEqual(target);
    // The other organization's request for our case is theirs, and refused: not their case.
    const [foreign] = await push(other, request('settle', at(1)));
    expect(foreign).toMatchObject({ state: 'refused', error: { status: 404 } });
    expect(await pull(reviewer)).toEqual(mine);
  });

  it('refuses a malformed push with 400 and applies none of it', async () => {
    const before = { decisions: await decisions(), mine: await pull(reviewer) };
    const fine = request('settle', at(1));
    for (const bad of [
      request('approve', undefined),
      request('settle', at(1), { spans: [{ fileId, pages: [1] }] }),
      request('bypass', `${fileId}:p1-1`),
      request('frobnicate', at(1)),
      request('undo', at(1)),
      request('undo', 'not-an-address', { decisionId: 'dec_x' }),
      request('settle', at(1), { decisionId: 'dec_x' }),
      { ...request('settle', at(1)), id: 'x'.repeat(65) },
      { ...request('settle', at(1)), madeAt: 'yesterday' },
    ]) {
      const res = await pushRaw(reviewer, [fine, bad]);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await decisions()).toEqual(before.decisions);
    expect(await pull(reviewer)).toEqual(before.mine);
  });

  it('replicates from RxDB: a request inserted offline is pushed, applied, and the client adopts the outcome', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const serverUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const withCookie: typeof fetch = (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie: second.headers.cookie! } });
    // A fresh case: every page of the first was decided by now.
    const fresh = await d.run(manager, 'standard-intake', d.newCase('Niamh Holloway', [{ name: 'packet.pdf', content: await cleanPacket('Niamh Holloway') }]));
    const address = `${fresh.files[0]!.id}:p1-1`;
    const rx = await createRxDatabase({ name: `portal-decisions-${Date.now()}`, storage: getRxStorageMemory() });
    const local = await addSyncCollections(rx, ['decision-requests']);
    const collection = local[rxCollections['decision-requests'].local] as unknown as RxCollection<DecisionRequestDoc>;
    const failures: string[] = [];
    const replication = replicateWithServer(collection, 'decision-requests', { serverUrl, fetch: withCookie }, { retryMs: 200 });
    replication.error$.subscribe((e) => failures.push(e.message));
    try {
      await replication.awaitInitialReplication();
      // What the colleague's desktop already held from the server.
      expect((await collection.find().exec()).map((x) => x.id).sort()).toEqual((await pull(second)).filter((x) => !x._deleted).map((x) => x.id).sort());
      const id = randomUUID();
      await collection.insert({ id, applicationId: fresh.id, kind: 'settle', address, madeAt: new Date().toISOString(), state: 'pending', serverRev: 0 } as DecisionRequestDoc);
      await until(async () => (await collection.findOne(id).exec())?.state === 'applied', 'the client adopts the applied state', 5_000);
      const adopted = (await collection.findOne(id).exec())!.toJSON();
      const settled = (await decisions(second, fresh.id)).find((x) => x.kind === 'settle')!;
      expect(adopted).toMatchObject({ state: 'applied', decidedBy: second.user!.name, result: { decisionId: settled.id, appliedAt: settled.decidedAt } });
      expect(adopted.serverRev).toBeGreaterThan(0);
      expect(settled.authenticatedAs).toBe(`user:${second.user!.email}`);
      expect(failures).toEqual([]);
    } finally {
      await replication.cancel();
      await rx.close();
    }
  }, 60_000);
});
