import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVER, PASSWORD, tempDir, uniqueEmail } from '../helper.js';
import { form, textPdf } from './applications-helpers.js';
import { exited, killAll, ownDatabase, startServer as startProcess } from './server-process.js';
import { Receiver } from './webhooks-helpers.js';

/** A server that may deliver to the test's receiver on loopback. */
const startServer = async (env: Record<string, string>) => {
  const s = await startProcess({ WEBHOOK_ALLOW_PRIVATE: 'true', ...env });
  return { ...s, base: s.base! };
};

describe(`webhooks across a server killed mid-delivery (${DRIVER})`, () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  let env: Record<string, string>;
  let dropDatabase: (() => Promise<void>) | undefined;
  let receiver: Receiver;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    receiver = await Receiver.start();
    dir = await tempDir('portal-webhooks-restart-');
    const own = await ownDatabase('hooks');
    env = { DATA_DIR: dir.path, DATABASE_URL: own?.url ?? '' };
    dropDatabase = own?.drop;
  });
  afterAll(async () => {
    await killAll(children);
    await receiver?.close();
    await dropDatabase?.().catch(() => {});
    await dir?.remove();
  });

  it('loses no delivery: what was in flight or queued when the server died goes out after the restart', async () => {
    const first = await startServer(env);
    children.push(first.child);
    const signup = await fetch(`${first.base}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orgName: 'Killed Lettings', email: uniqueEmail('hooks'), password: PASSWORD }),
    });
    expect(signup.status).toBe(201);
    const headers = { cookie: signup.headers.getSetCookie().find((c) => c.startsWith('portal_session='))!.split(';')[0]! };
    const json = { ...headers, 'content-type': 'application/json' };
    const created = await fetch(`${first.base}/api/webhooks`, { method: 'POST', headers: json, body: JSON.stringify({ url: receiver.url }) });
    expect(created.status).toBe(201);
    const endpoint = (await created.json()) as { id: string; secret: string };
    receiver.secrets = [endpoint.secret];
    // The first deliveries are answered; later ones are held unanswered, in flight when the server dies.
    receiver.answer = ({ count }) => (count < 10 ? { status: 200, delayMs: 20 } : 'hang');

    const pdf = await textPdf([['Hartwell Logistics Ltd', 'PAYSLIP', 'Employee: Sarah Whitcombe']]);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await fetch(`${first.base}/api/applications`, { method: 'POST', headers: json, body: JSON.stringify({ expectedDocListId: 'tenancy-application', applicantName: `Applicant ${i}` }) });
      expect(res.status, await res.clone().text()).toBe(201);
      const id = ((await res.json()) as { id: string }).id;
      ids.push(id);
      const body = form([
        { name: 'files', filename: 'a.pdf', content: pdf },
        { name: 'files', filename: 'b.pdf', content: pdf },
      ]);
      const up = await fetch(`${first.base}/api/applications/${id}/files`, { method: 'POST', headers: { ...headers, ...body.headers }, body: body.payload });
      expect(up.status, await up.clone().text()).toBe(201);
    }
    const deadline = Date.now() + 30_000;
    while (receiver.received.length < 14) {
      if (Date.now() > deadline) throw new Error(`no delivery arrived:\n${first.output()}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    first.child.kill('SIGKILL');
    await exited(first.child);
    const atKill = receiver.accepted.length;
    const heldAtKill = receiver.received.filter((r) => !r.answered).length;
    receiver.answer = () => ({ status: 200 });

    const second = await startServer(env);
    children.push(second.child);
    const expected = new Map<string, number>();
    for (const id of ids) {
      const events = (await (await fetch(`${second.base}/api/applications/${id}/events`, { headers })).json()) as { seq: number }[];
      expected.set(id, events.length);
    }
    const total = [...expected.values()].reduce((a, b) => a + b, 0);
    const firstOf = () => new Set(receiver.accepted.map((r) => `${r.payload.application}#${r.payload.data.seq}`));
    const until = Date.now() + 60_000;
    while (firstOf().size < total) {
      if (Date.now() > until) throw new Error(`only ${firstOf().size} of ${total} deliveries arrived after the restart:\n${second.output()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    console.log(`webhooks restart: ${atKill} of ${total} accepted before the kill, ${heldAtKill} in flight, ${receiver.received.length} requests in all`);
    expect(heldAtKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(total);

    // Every row arrived, verified; per case in ledger order; any repeat carries the same webhook-id.
    expect(receiver.received.every((r) => r.verifiedWith.length === 1)).toBe(true);
    for (const [id, rows] of expected) {
      const seqs = receiver.accepted.filter((r) => r.payload.application === id).map((r) => r.payload.data.seq!);
      const firsts = seqs.filter((s, i) => seqs.indexOf(s) === i);
      expect(firsts, id).toEqual(Array.from({ length: rows }, (_, i) => i + 1));
    }
    const keyOf = new Map<string, string>();
    for (const r of receiver.received) {
      const key = `${r.payload.application}#${r.payload.data.seq}`;
      expect(keyOf.get(r.webhookId) ?? key).toBe(key);
      keyOf.set(r.webhookId, key);
    }
    expect(keyOf.size).toBe(total);

    // The receiver's 200 lands before the server writes `succeeded`: the last one may still be on its way.
    const deliveries = async () => (await (await fetch(`${second.base}/api/webhooks/${endpoint.id}/deliveries?limit=500`, { headers })).json()) as { status: string }[];
    let list = await deliveries();
    const settled = Date.now() + 10_000;
    while (list.some((d) => d.status !== 'succeeded') && Date.now() < settled) {
      await new Promise((r) => setTimeout(r, 100));
      list = await deliveries();
    }
    expect(list).toHaveLength(total);
    expect(list.filter((d) => d.status !== 'succeeded'), 'deliveries not succeeded 10 s after their receiver accepted them').toEqual([]);
    second.child.kill('SIGTERM');
    await exited(second.child);
  }, 180_000);
});
