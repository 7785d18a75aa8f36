import { createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Application, ApplicationListing, DocumentDecision, DocumentEntry, LedgerEvent } from '@portal/shared';
import { addSyncCollections, openSyncStream, readEventStream, replicateWithServer, rxCollections } from '@portal/shared/client';
import { caseDocumentId, ledgerRowId } from '@portal/shared/sync';
import { addColleague, buildTestApp, DRIVER, openTestDatabase, signUp, until, type Session, type TestApp, type TestDatabase } from '../helper.js';
import { loadMigrations, migrate } from '../../sync-server/src/db/migrate.js';
import { cleanPacket } from './applications-helpers.js';
import { documentsDriver } from './documents-helpers.js';

type Doc = Record<string, unknown> & { id: string; serverRev: number; _deleted: boolean };
type Checkpoint = { rev: number; id: string } | null;
const CASE_COLLECTIONS = ['applications', 'case-documents', 'decisions', 'ledger'] as const;
type CaseCollection = (typeof CASE_COLLECTIONS)[number];

/** The document without what replication adds. */
const bare = ({ serverRev: _rev, _deleted: _gone, ...rest }: Doc) => rest;
/** A listed document as GET /applications/{id}/documents has it. */
const entryOf = (d: Doc) => {
  const { id: _id, applicationId: _app, position: _pos, ...entry } = bare(d);
  return entry;
};

/**
 * A reviewer's cases replicated to the desktop (read-only): the case, its listed documents, its
 * decisions and its ledger, pulled by checkpoint, each equal to what the REST API answers.
 */
describe(`case collections over sync on ${DRIVER}`, () => {
  let t: TestApp;
  let manager: Session;
  let reviewer: Session;
  let other: Session;
  let caseId: string;
  let fileId: string;
  let otherCaseId: string;
  /** Each collection as the reviewer's desktop holds it after every pull so far, by id. */
  const replica = new Map<CaseCollection, Map<string, Doc>>(CASE_COLLECTIONS.map((c) => [c, new Map()]));
  const checkpoints = new Map<CaseCollection, Checkpoint>(CASE_COLLECTIONS.map((c) => [c, null]));
  const d = documentsDriver(() => t);

  const rest = async <T,>(s: Session, url: string): Promise<T> => {
    const res = await d.inject(s, 'GET', `/api${url}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };

  /**
   * Every change after `from`, in pages of `limit` (small, so paging is exercised), and the last
   * checkpoint. A pull sends only what lies below the sync bound (sync/horizon.ts): while another
   * organization's transaction is in flight (the other test files share the PostgreSQL database),
   * this case's newer changes wait for a later pull, as they do for a desktop. So an empty page
   * ends the pull only once a second look, after the held-back retry of the stream, is empty too.
   */
  const pullAll = async (s: Session, collection: CaseCollection, from: Checkpoint, limit = 3) => {
    const documents: Doc[] = [];
    let checkpoint = from;
    let emptyOnce = false;
    for (let page = 0; page < 100; page++) {
      const q = new URLSearchParams({ limit: String(limit), ...(checkpoint ? { rev: String(checkpoint.rev), id: checkpoint.id } : {}) });
      const res = await d.inject(s, 'GET', `/api/sync/${collection}/pull?${q}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { documents: Doc[]; checkpoint: Checkpoint };
      if (body.documents.length === 0) {
        if (emptyOnce) return { documents, checkpoint };
        emptyOnce = true;
        await new Promise((r) => setTimeout(r, 150));
        continue;
      }
      emptyOnce = false;
      // Server order: revs never go back, and the checkpoint is the last document's.
      const revs = body.documents.map((x) => x.serverRev);
      expect(revs).toEqual([...revs].sort((a, b) => a - b));
      if (checkpoint) expect(revs[0]).toBeGreaterThan(checkpoint.rev);
      expect(body.checkpoint).toEqual({ rev: revs.at(-1), id: body.documents.at(-1)!.id });
      documents.push(...body.documents);
      checkpoint = body.checkpoint;
    }
    throw new Error(`${collection} never ran out of changes`);
  };

  /** The reviewer's desktop catching up: changes applied to its replica, as RxDB would. */
  const sync = async (collection: CaseCollection) => {
    const { documents, checkpoint } = await pullAll(reviewer, collection, checkpoints.get(collection)!);
    checkpoints.set(collection, checkpoint);
    const held = replica.get(collection)!;
    for (const doc of documents) {
      if (doc._deleted) held.delete(doc.id);
      else held.set(doc.id, doc);
    }
    return documents;
  };
  const held = (collection: CaseCollection, applicationId = caseId) => [...replica.get(collection)!.values()].filter((x) => (collection === 'applications' ? x.id : x.applicationId) === applicationId);

  /** What the REST API says of the case, in the shapes the collections carry. */
  const restView = async (id = caseId, s: Session = reviewer) => {
    const app = await rest<Application>(s, `/applications/${id}`);
    const listed = (await rest<ApplicationListing[]>(s, '/applications')).find((a) => a.id === id)!;
    return {
      application: { ...app, docsFiled: listed.docsFiled, docsTotal: listed.docsTotal },
      documents: await rest<DocumentEntry[]>(s, `/applications/${id}/documents`),
      decisions: (await rest<DocumentDecision[]>(s, `/applications/${id}/decisions`)).map((x) => ({ ...x, applicationId: id })),
      ledger: (await rest<LedgerEvent[]>(s, `/applications/${id}/events`)).reverse().map((e) => ({ ...e, id: ledgerRowId(id, e.seq), applicationId: id })),
    };
  };

  /** The replica of the case, in the same shapes, each list in the REST order. */
  const replicaView = () => ({
    application: held('applications').map(bare)[0],
    documents: held('case-documents')
      .sort((a, b) => (a.position as number) - (b.position as number))
      .map(entryOf),
    decisions: held('decisions')
      .map(bare)
      .sort((a, b) => String(a.decidedAt).localeCompare(String(b.decidedAt))),
    ledger: held('ledger')
      .map(bare)
      .sort((a, b) => (a.seq as number) - (b.seq as number)),
  });

  beforeAll(async () => {
    t = await buildTestApp();
    manager = await signUp(t.app, { orgName: 'Harbour Lettings' });
    reviewer = await addColleague(t.app, manager, 'Originator');
    other = await signUp(t.app, { orgName: 'Elsewhere Ltd' });
    const packet = await cleanPacket();
    const app = await d.run(manager, 'standard-intake', d.newCase('Sarah Whitcombe', [{ name: 'packet.pdf', content: packet }]));
    caseId = app.id;
    fileId = app.files[0]!.id;
    otherCaseId = (await d.run(other, 'standard-intake', d.newCase('Someone Else', [{ name: 'theirs.pdf', content: packet }]))).id;
  }, 120_000);
  afterAll(() => t?.close());

  it('pulls a case run to report from checkpoint 0, each collection as the REST API shows it', async () => {
    for (const c of CASE_COLLECTIONS) await sync(c);
    const want = await restView();
    // The run landed with its pieces filed: there is something in every collection but decisions.
    expect(want.documents.length).toBeGreaterThan(1);
    expect(want.ledger.length).toBeGreaterThan(3);
    const got = replicaView();
    expect(got.application).toEqual(want.application);
    expect(got.documents).toEqual(want.documents);
    expect(new Set(replica.get('case-documents')!.keys())).toEqual(new Set(want.documents.map((e) => caseDocumentId(caseId, e.address))));
    expect(got.decisions).toEqual(want.decisions);
    expect(got.ledger).toEqual(want.ledger);
    // Nothing of the other organization.
    for (const c of CASE_COLLECTIONS) expect(held(c, otherCaseId), c).toEqual([]);
    expect([...replica.get('applications')!.keys()]).toEqual([caseId]);
  });

  it('after decisions, pulls from the previous checkpoint only what changed; what left the list comes deleted', async () => {
    const before = { ...replicaView(), files: held('applications')[0]!.docsFiled };
    const addresses = before.documents.map((e) => e.address);
    expect(addresses).toEqual([1, 2, 3, 4].map((p) => `${fileId}:p${p}-${p}`));
    // New boundaries: p2-3 is filed, so p2-2 and p3-3 leave the list; p4-4 is junked.
    const approved = await d.decide(reviewer, caseId, `${fileId}:p2-2`, 'approve', { spans: [{ fileId, pages: [2, 3] }], decidedBy: 'Jo Underwriter' });
    expect(approved.statusCode, approved.body).toBe(200);
    const junked = await d.decide(reviewer, caseId, `${fileId}:p4-4`, 'junk');
    expect(junked.statusCode, junked.body).toBe(200);

    const documents = await sync('case-documents');
    const byAddress = new Map(documents.map((x) => [String(x.address), x]));
    expect(byAddress.get(`${fileId}:p2-3`)).toMatchObject({ _deleted: false, approval: { outcome: 'approved', decidedBy: 'Jo Underwriter' } });
    for (const gone of ['p2-2', 'p3-3', 'p4-4']) expect(byAddress.get(`${fileId}:${gone}`), gone).toMatchObject({ _deleted: true, id: caseDocumentId(caseId, `${fileId}:${gone}`) });
    // The one document the decisions left as it was is not sent again.
    expect(byAddress.has(`${fileId}:p1-1`)).toBe(false);

    const decisions = await sync('decisions');
    expect(decisions.map((x) => x.kind).sort()).toEqual(['approve', 'junk']);
    const ledger = await sync('ledger');
    expect(ledger.map((x) => x.action)).toEqual(expect.arrayContaining(['document.approved', 'document.junked']));
    expect(ledger.every((x) => (x.seq as number) > before.ledger.length)).toBe(true);
    const cases = await sync('applications');
    expect(cases.map((x) => x.id)).toEqual([caseId]);

    const want = await restView();
    const got = replicaView();
    expect(got.documents).toEqual(want.documents);
    expect(got.decisions).toEqual(want.decisions);
    expect(got.ledger).toEqual(want.ledger);
    expect(got.application).toEqual(want.application);
    // Junking the only bank statement leaves its line short: the case's count moved with its list.
    expect(want.application.docsFiled).not.toBe(before.files);
  });

  it('an undone decision comes again as undone, and the document it had removed comes back', async () => {
    const junk = held('decisions').find((x) => x.kind === 'junk')!;
    const undone = await d.inject(reviewer, 'POST', `/api/applications/${caseId}/decisions/${junk.id}/undo`, {});
    expect(undone.statusCode, undone.body).toBe(200);
    const documents = await sync('case-documents');
    expect(documents.find((x) => x.address === `${fileId}:p4-4`)).toMatchObject({ _deleted: false });
    const decisions = await sync('decisions');
    // What a decision took depends on the rest of the case: all of the case's decisions come again.
    expect(decisions.find((x) => x.id === junk.id)).toMatchObject({ undone: { by: expect.any(String) } });
    await sync('ledger');
    await sync('applications');
    const want = await restView();
    expect(replicaView()).toEqual({ application: want.application, documents: want.documents, decisions: want.decisions, ledger: want.ledger });
    // Nothing more to pull.
    for (const c of CASE_COLLECTIONS) expect(await sync(c), c).toEqual([]);
  });

  it('shows another organization only its own cases', async () => {
    const theirs = await restView(otherCaseId, other);
    // Their case has no decision yet; ours has three.
    expect(theirs.decisions).toEqual([]);
    for (const c of CASE_COLLECTIONS) {
      const { documents } = await pullAll(other, c, null, 200);
      const cases = new Set(documents.map((x) => (c === 'applications' ? x.id : x.applicationId)));
      expect([...cases], c).toEqual(c === 'decisions' ? [] : [otherCaseId]);
    }
  });

  it('refuses pushes: every pushed document comes back as the server has it, or deleted when unknown', async () => {
    for (const c of CASE_COLLECTIONS) {
      const mine = [...replica.get(c)!.values()][0]!;
      const res = await d.inject(reviewer, 'POST', `/api/sync/${c}/push`, [
        { newDocumentState: { ...mine, serverRev: mine.serverRev + 1, tampered: true }, assumedMasterState: mine },
        { newDocumentState: { id: `${mine.id}-nope`, made: 'up' } },
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const [master, unknown] = res.json() as Doc[];
      expect(master, c).toEqual(mine);
      expect(unknown, c).toEqual({ id: `${mine.id}-nope`, made: 'up', _deleted: true });
      // Another organization's document is not theirs to read back either.
      const stranger = await d.inject(other, 'POST', `/api/sync/${c}/push`, [{ newDocumentState: mine }]);
      expect((stranger.json() as Doc[])[0], c).toMatchObject({ id: mine.id, _deleted: true });
    }
    // Nothing was written.
    for (const c of CASE_COLLECTIONS) expect(await sync(c), c).toEqual([]);
  });

  it('leaves no tombstone when an organization is purged with its cases', async () => {
    const count = async (table: string) =>
      (await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE application_id = $1`, [otherCaseId])).rows[0]!.n;
    expect(await count('case_documents')).toBeGreaterThan(0);
    // What the retention purge does to an expired sandbox: everything goes with the organization.
    await t.app.db.query('DELETE FROM organizations WHERE id = $1', [other.organizationId]);
    for (const table of ['case_documents', 'case_document_tombstones', 'ledger']) expect(await count(table), table).toBe(0);
  });

  it('streams the case collections with the library ones on one connection, and replicates into RxDB', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const serverUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const withCookie: typeof fetch = (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie: reviewer.headers.cookie! } });

    // /sync/stream without names carries every collection the caller may read, the case ones included.
    const events: { collection?: string; documents?: Doc[] }[] = [];
    const stop = new AbortController();
    void readEventStream({ url: `${serverUrl}/api/sync/stream`, fetch: withCookie, signal: stop.signal, onData: (x) => events.push(x as never) });
    const rx: RxDatabase = await createRxDatabase({ name: `portal-cases-${Date.now()}`, storage: getRxStorageMemory() });
    const local = await addSyncCollections(rx, [...CASE_COLLECTIONS]);
    const stream = openSyncStream({ serverUrl, fetch: withCookie }, CASE_COLLECTIONS, { retryMs: 200 });
    const failures: string[] = [];
    const replications = CASE_COLLECTIONS.map((c) => {
      const collection = local[rxCollections[c].local] as unknown as RxCollection<{ id: string }>;
      const r = replicateWithServer(collection, c, { serverUrl, fetch: withCookie }, { stream: stream.events<{ id: string }>(c), retryMs: 200 });
      r.error$.subscribe((e) => failures.push(`${c}: ${e.message}`));
      return r;
    });
    try {
      await Promise.all(replications.map((r) => r.awaitInitialReplication()));
      const restDocs = async () => (await rest<DocumentEntry[]>(reviewer, `/applications/${caseId}/documents`)).map((e) => caseDocumentId(caseId, e.address));
      const localDocs = async () =>
        (await local.case_documents.find({ selector: { applicationId: caseId }, sort: [{ position: 'asc' }] }).exec()).map((x) => x.id);
      expect(await localDocs()).toEqual(await restDocs());
      expect((await local.applications.find().exec()).map((x) => x.id)).toEqual([caseId]);
      expect(await local.ledger.count({ selector: { applicationId: caseId } }).exec()).toBe((await rest<LedgerEvent[]>(reviewer, `/applications/${caseId}/events`)).length);

      // A decision made now reaches the open streams and the local database.
      await until(() => events[0] === ('RESYNC' as never), 'the stream opens', 2_000);
      const settled = await d.decide(reviewer, caseId, `${fileId}:p1-1`, 'settle');
      expect(settled.statusCode, settled.body).toBe(200);
      await until(async () => (await local.case_documents.findOne(caseDocumentId(caseId, `${fileId}:p1-1`)).exec())?.approval?.outcome === 'settled', 'the settled document arrives', 3_000);
      await until(async () => (await local.decisions.find({ selector: { applicationId: caseId } }).exec()).some((x) => x.kind === 'settle'), 'the decision arrives', 3_000);
      const bundle = await d.inject(reviewer, 'POST', '/api/document-bundles', { name: 'Income pack', members: ['payslip'] });
      expect(bundle.statusCode, bundle.body).toBe(201);
      await until(
        () => ['case-documents', 'decisions', 'ledger', 'document-bundles'].every((c) => events.some((e) => e.collection === c)),
        'the one stream carries each case collection and the library ones',
        3_000,
      );
      expect(events.filter((e) => e.collection === 'case-documents').flatMap((e) => e.documents!.map((x) => x.address))).toContain(`${fileId}:p1-1`);
      expect(await localDocs()).toEqual(await restDocs());
      // RxDB took every document as the server sent it (its schema is generated from the same zod).
      expect(failures).toEqual([]);
    } finally {
      stop.abort();
      stream.close();
      await Promise.all(replications.map((r) => r.cancel()));
      await rx.close();
    }
  });
});

describe(`migration 018 on ${DRIVER}`, () => {
  let db: TestDatabase | undefined;
  afterAll(() => db?.dispose());

  it('gives the rows already there a rev each without updating them (the ledger refuses updates), and numbers new rows', async () => {
    db = await openTestDatabase();
    const all = await loadMigrations();
    const at = all.findIndex((m) => m.name.startsWith('018_'));
    expect(at).toBeGreaterThan(0);
    await migrate(db.db, all.slice(0, at));
    const q = (sql: string, params: unknown[] = []) => db!.db.query(sql, params);
    await q(`INSERT INTO organizations (id, name) VALUES ('org_a', 'A')`);
    await q(
      `INSERT INTO applications (id, org_id, applicant_name, list_org_id, list_id, list_version, list_name, list_source, list_lines, created_by)
       VALUES ('app_a', 'org_a', 'Sarah', 'org_a', 'l', 1, 'L', 'own', '[]', 'user:a')`,
    );
    for (const seq of [1, 2]) {
      await q(`INSERT INTO ledger (org_id, application_id, seq, at, actor, action, target, prev_hash, hash) VALUES ('org_a', 'app_a', $1, now(), 'system', 'application.created', 'application:app_a', 'p', $2)`, [seq, `h${seq}`]);
    }
    await q(`INSERT INTO case_documents (application_id, address, org_id, ord, entry) VALUES ('app_a', 'fil_a:p1-1', 'org_a', 0, '{}'), ('app_a', 'fil_a:p2-2', 'org_a', 1, '{}')`);
    await q(`INSERT INTO document_decisions (id, org_id, application_id, seq, kind, address, decided_by, authenticated_as, created_at) VALUES ('dec_a', 'org_a', 'app_a', 1, 'settle', 'fil_a:p1-1', 'Jo', 'user:a', now())`);
    const before = (await q(`SELECT last_value FROM rev_seq`)).rows[0] as { last_value: number };

    expect(await migrate(db.db, all)).toEqual(all.slice(at).map((m) => m.name));
    const revs = async (table: string) => ((await q(`SELECT rev FROM ${table}`)).rows as { rev: number }[]).map((r) => Number(r.rev));
    const given = [...(await revs('ledger')), ...(await revs('case_documents')), ...(await revs('document_decisions'))];
    expect(given).toHaveLength(5);
    expect(new Set(given).size).toBe(5);
    for (const rev of given) expect(rev).toBeGreaterThan(Number(before.last_value));
    // Still append-only, and a new row is numbered by the trigger.
    await expect(q(`UPDATE ledger SET actor = 'x'`)).rejects.toThrow(/append-only/);
    await q(`INSERT INTO ledger (org_id, application_id, seq, at, actor, action, target, prev_hash, hash) VALUES ('org_a', 'app_a', 3, now(), 'system', 'application.created', 'application:app_a', 'h2', 'h3')`);
    const third = Number(((await q(`SELECT rev FROM ledger WHERE seq = 3`)).rows[0] as { rev: number }).rev);
    expect(third).toBeGreaterThan(Math.max(...given));
  });
});
