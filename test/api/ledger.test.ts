import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_GENESIS_HASH, ledgerHashInput, LedgerExportLine } from '@portal/shared';
import type { LedgerAppend } from '../../sync-server/src/ledger/service.js';
import { purgeExpired } from '../../sync-server/src/retention/purge.js';
import { buildTestApp, DRIVER, signUp, type Session, type TestApp } from '../helper.js';

/**
 * The ledger on its own, through `app.ledger.append` as other areas call it, and its routes. The
 * cases that write it in practice are tested in applications.test.ts and runs.test.ts.
 */
describe(`ledger on ${DRIVER}`, () => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  beforeAll(async () => {
    t = await buildTestApp();
    alice = await signUp(t.app, { orgName: 'Ledger Lenders' });
    bob = await signUp(t.app, { orgName: 'Other Org' });
  });
  afterAll(() => t?.close());

  let n = 0;
  const caseId = () => `app_ledgertest${++n}`;
  const row = (s: Session, applicationId: string, i: number, detail: Record<string, unknown> = {}): LedgerAppend => ({
    orgId: s.organizationId,
    applicationId,
    actor: 'user:test',
    action: i === 0 ? 'application.created' : 'file.received',
    target: i === 0 ? `application:${applicationId}` : `file:f${i}`,
    detail: { i, ...detail },
  });
  const get = (s: Session, url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { ...s.headers, ...headers } });
  /** Runs SQL on the suite's database as its owner, bypassing nothing but what the SQL says. */
  const sql = (text: string, params: unknown[] = []) => t.app.db.query(text, params);

  it('appends rows with seq 1, 2, 3 and a hash chain, listed newest first', async () => {
    const id = caseId();
    await t.app.db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++) await t.api.ledger.append(tx, row(alice, id, i, { note: 'é ✓', nested: { b: 1, a: [1, null] } }));
    });
    const res = await get(alice, `/api/applications/${id}/events`);
    expect(res.statusCode).toBe(200);
    const events = res.json();
    expect(events.map((e: { seq: number }) => e.seq)).toEqual([3, 2, 1]);
    expect(events[2]).toMatchObject({ action: 'application.created', actor: 'user:test', target: `application:${id}`, detail: { i: 0, note: 'é ✓' } });
    expect(Object.keys(events[0]).sort()).toEqual(['action', 'actor', 'at', 'detail', 'seq', 'target']);

    const verify = await get(alice, `/api/applications/${id}/events/verify`);
    expect(verify.json()).toMatchObject({ ok: true, rows: 3, firstBroken: null });

    // The export is JSON lines, oldest first, and anyone can recompute its chain.
    const exported = await get(alice, `/api/applications/${id}/events/export`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = exported.body.trim().split('\n').map((l) => LedgerExportLine.parse(JSON.parse(l)));
    expect(lines.map((l) => l.seq)).toEqual([1, 2, 3]);
    let prev = LEDGER_GENESIS_HASH;
    for (const line of lines) {
      expect(line.prevHash).toBe(prev);
      const { hash, ...rest } = line;
      expect(createHash('sha256').update(ledgerHashInput(id, rest)).digest('hex')).toBe(hash);
      prev = hash;
    }
    expect(verify.json().headHash).toBe(prev);
  });

  it('keeps no row of a change that fails, and leaves no gap in seq', async () => {
    const id = caseId();
    await t.app.db.transaction((tx) => t.api.ledger.append(tx, row(alice, id, 0)));
    await expect(
      t.app.db.transaction(async (tx) => {
        await t.api.ledger.append(tx, row(alice, id, 1));
        throw new Error('the change itself failed');
      }),
    ).rejects.toThrow('the change itself failed');
    await t.app.db.transaction((tx) => t.api.ledger.append(tx, row(alice, id, 2)));
    const events = (await get(alice, `/api/applications/${id}/events`)).json();
    expect(events.map((e: { seq: number; detail: { i: number } }) => [e.seq, e.detail.i])).toEqual([
      [2, 2],
      [1, 0],
    ]);
    expect((await get(alice, `/api/applications/${id}/events/verify`)).json().ok).toBe(true);
  });

  it('numbers rows of concurrent writers without gaps or repeats', async () => {
    const id = caseId();
    await t.app.db.transaction((tx) => t.api.ledger.append(tx, row(alice, id, 0)));
    // On PostgreSQL these run on the pool's several connections, racing for the case's head row.
    const writers = Array.from({ length: 24 }, (_, i) =>
      t.app.db.transaction(async (tx) => {
        await t.api.ledger.append(tx, row(alice, id, i + 1));
        // Some fail after appending: their numbers must be handed out again.
        if (i % 5 === 4) throw new Error('rolled back');
        await t.api.ledger.append(tx, row(alice, id, 100 + i));
      }).catch(() => undefined),
    );
    await Promise.all(writers);
    const { rows } = await sql('SELECT seq FROM ledger WHERE application_id = $1 ORDER BY seq', [id]);
    const seqs = rows.map((r) => (r as { seq: number }).seq);
    const committed = 24 - 4;
    expect(seqs).toEqual(Array.from({ length: 1 + committed * 2 }, (_, i) => i + 1));
    expect((await get(alice, `/api/applications/${id}/events/verify`)).json()).toMatchObject({ ok: true, rows: seqs.length });
  });

  it('refuses to update, delete or truncate a row, in the database itself', async () => {
    const id = caseId();
    await t.app.db.transaction((tx) => t.api.ledger.append(tx, row(alice, id, 0)));
    await expect(sql(`UPDATE ledger SET actor = 'someone else' WHERE application_id = $1`, [id])).rejects.toThrow(/append-only/);
    await expect(sql('DELETE FROM ledger WHERE application_id = $1', [id])).rejects.toThrow(/append-only/);
    await expect(sql('TRUNCATE ledger')).rejects.toThrow(/append-only/);
    expect((await sql('SELECT count(*)::int AS n FROM ledger WHERE application_id = $1', [id])).rows[0]).toEqual({ n: 1 });
  });

  describe('detects tampering by someone who can switch the guard off', () => {
    /** What an owner of the database could do: disable the trigger, change rows, enable it again. */
    const tamper = (statement: string, params: unknown[]) =>
      t.app.db.transaction(async (tx) => {
        await tx.query('ALTER TABLE ledger DISABLE TRIGGER ledger_append_only');
        await tx.query(statement, params);
        await tx.query('ALTER TABLE ledger ENABLE TRIGGER ledger_append_only');
      });
    async function chain(rows = 5): Promise<string> {
      const id = caseId();
      await t.app.db.transaction(async (tx) => {
        for (let i = 0; i < rows; i++) await t.api.ledger.append(tx, row(alice, id, i, { amount: 100 * i }));
      });
      return id;
    }
    const verify = async (id: string) => (await get(alice, `/api/applications/${id}/events/verify`)).json();

    it('a changed detail', async () => {
      const id = await chain();
      await tamper(`UPDATE ledger SET detail = jsonb_set(detail, '{amount}', '1') WHERE application_id = $1 AND seq = 3`, [id]);
      expect(await verify(id)).toMatchObject({ ok: false, firstBroken: { seq: 3, reason: expect.stringMatching(/changed/) } });
    });

    it('a row changed with its hash recomputed breaks the link of the next', async () => {
      const id = await chain();
      const lines = (await get(alice, `/api/applications/${id}/events/export`)).body.trim().split('\n').map((l) => JSON.parse(l));
      const forged = { ...lines[1], actor: 'user:mallory' };
      const { hash: _h, ...rest } = forged;
      const hash = createHash('sha256').update(ledgerHashInput(id, rest)).digest('hex');
      await tamper(`UPDATE ledger SET actor = 'user:mallory', hash = $2 WHERE application_id = $1 AND seq = 2`, [id, hash]);
      expect(await verify(id)).toMatchObject({ ok: false, firstBroken: { seq: 3, reason: expect.stringMatching(/does not chain/) } });
    });

    it('a removed row in the middle, and a removed last row', async () => {
      const id = await chain();
      await tamper('DELETE FROM ledger WHERE application_id = $1 AND seq = 2', [id]);
      expect(await verify(id)).toMatchObject({ ok: false, firstBroken: { seq: 2, reason: expect.stringMatching(/missing/) } });
      const tail = await chain();
      await tamper('DELETE FROM ledger WHERE application_id = $1 AND seq = 5', [tail]);
      expect(await verify(tail)).toMatchObject({ ok: false, firstBroken: { seq: 5, reason: expect.stringMatching(/missing/) } });
    });
  });

  it('answers 404 for another organization’s case and an unknown one, and 401 without credentials', async () => {
    const id = caseId();
    await t.app.db.transaction((tx) => t.api.ledger.append(tx, row(alice, id, 0)));
    for (const url of [`/api/applications/${id}/events`, `/api/applications/${id}/events/export`, `/api/applications/${id}/events/verify`]) {
      expect((await get(bob, url)).statusCode, url).toBe(404);
      expect((await get(alice, url.replace(id, 'app_nosuchcase'))).statusCode, url).toBe(404);
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await get(alice, url)).statusCode, url).toBe(200);
    }
  });

  it('tags the events with an ETag that changes with every row', async () => {
    const id = caseId();
    await t.app.db.transaction((tx) => t.api.ledger.append(tx, row(alice, id, 0)));
    const first = await get(alice, `/api/applications/${id}/events`);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\//);
    expect((await get(alice, `/api/applications/${id}/events`, { 'if-none-match': etag })).statusCode).toBe(304);
    await t.app.db.transaction((tx) => t.api.ledger.append(tx, row(alice, id, 1)));
    const second = await get(alice, `/api/applications/${id}/events`, { 'if-none-match': etag });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toHaveLength(2);
  });

  it('goes when its organization is purged, and only then', async () => {
    const guest = (await t.app.inject({ method: 'POST', url: '/api/guest' })).json();
    const id = caseId();
    const kept = caseId();
    await t.app.db.transaction(async (tx) => {
      await t.api.ledger.append(tx, { ...row(alice, id, 0), orgId: guest.organizationId });
      await t.api.ledger.append(tx, row(alice, kept, 0));
    });
    const count = async (applicationId: string) => (await sql('SELECT count(*)::int AS n FROM ledger WHERE application_id = $1', [applicationId])).rows[0];
    expect(await count(id)).toEqual({ n: 1 });
    await sql(`UPDATE organizations SET expires_at = now() - interval '1 hour' WHERE id = $1`, [guest.organizationId]);
    await purgeExpired(t.app);
    expect(await count(id)).toEqual({ n: 0 });
    // Another organization's trail is untouched and still verifies.
    expect(await count(kept)).toEqual({ n: 1 });
    expect((await get(alice, `/api/applications/${kept}/events/verify`)).json()).toMatchObject({ ok: true, rows: 1 });
  });
});
