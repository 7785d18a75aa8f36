import type { z } from 'zod';
import { parseAddress, type DocumentDecision, type DocumentSpan } from '@portal/shared';
import { DecisionRequestDocument, syncCollections, type DecisionRequestKind } from '@portal/shared/sync';
import type { Db, Queryable } from '../../db/db.js';
import type { DecisionRequest, DocumentService } from '../../documents/service.js';
import { badRequest, HttpError } from '../../http-error.js';
import type { Caller } from '../../identity/caller.js';
import type { RunService } from '../../runs/service.js';
import type { SyncChange, SyncCollection, SyncGone, SyncPushedRow, SyncScope } from '../collection.js';

type RequestDoc = z.infer<typeof DecisionRequestDocument>;
type Conflict = NonNullable<RequestDoc['conflict']>;
type Refusal = NonNullable<RequestDoc['error']>;

interface RequestRow {
  id: string;
  application_id: string;
  kind: DecisionRequestKind;
  address: string | null;
  expected_doc_id: string | null;
  spans: DocumentSpan[] | null;
  /** correct: the field and the value (SQL NULL: cleared; migration 021). */
  field: string | null;
  value: unknown;
  /** undo: the decision taken back (migration 033). */
  undoes: string | null;
  decided_by: string;
  made_at: Date;
  state: 'applied' | 'conflict' | 'refused';
  decision_id: string | null;
  applied_at: Date | null;
  conflict: Conflict | null;
  error: Refusal | null;
  rev: number;
  deleted: boolean;
}

const toChange = (r: RequestRow): SyncChange<RequestDoc> => ({
  rev: Number(r.rev),
  deleted: r.deleted,
  doc: {
    id: r.id,
    applicationId: r.application_id,
    kind: r.kind,
    ...(r.address !== null ? { address: r.address } : {}),
    ...(r.expected_doc_id !== null ? { expectedDocId: r.expected_doc_id } : {}),
    ...(r.spans !== null ? { spans: r.spans } : {}),
    ...(r.kind === 'correct' ? { field: r.field ?? '', value: r.value ?? null } : {}),
    ...(r.kind === 'undo' && r.undoes !== null ? { decisionId: r.undoes } : {}),
    decidedBy: r.decided_by,
    madeAt: r.made_at.toISOString(),
    state: r.state,
    ...(r.state === 'applied' && r.applied_at ? { result: { appliedAt: r.applied_at.toISOString(), ...(r.decision_id ? { decisionId: r.decision_id } : {}) } } : {}),
    ...(r.conflict ? { conflict: r.conflict } : {}),
    ...(r.error ? { error: r.error } : {}),
  },
});

/** How a bypass names the run the reviewer saw held: `run:<n>`. */
const RUN_ADDRESS = /^run:([1-9][0-9]{0,9})$/;

/** Why a pushed pending request cannot be a request at all (what REST would refuse before looking at the case), or null. */
function malformed(doc: RequestDoc): string | null {
  if (doc.kind === 'bypass') {
    if (doc.address !== undefined && !RUN_ADDRESS.test(doc.address)) return `address: a bypass names its run as run:<n>, not "${doc.address}"`;
    if (doc.spans !== undefined || doc.expectedDocId !== undefined) return 'a bypass takes no spans nor expectedDocId';
    return null;
  }
  if (doc.kind === 'undo') {
    if (doc.decisionId === undefined) return 'decisionId: undo names the decision to take back';
    if (doc.address !== undefined && !parseAddress(doc.address)) return `address: "${doc.address}" is not <fileId>:p<first>-<last>`;
    if (doc.spans !== undefined || doc.expectedDocId !== undefined || doc.field !== undefined || doc.value !== undefined) return 'undo takes no spans, expectedDocId, field nor value';
    return null;
  }
  if (doc.decisionId !== undefined) return `decisionId: only undo names a decision, not ${doc.kind}`;
  if (doc.address === undefined) return `address: ${doc.kind} names the document`;
  if (!parseAddress(doc.address)) return `address: "${doc.address}" is not <fileId>:p<first>-<last>`;
  if (doc.kind === 'correct') {
    if (doc.field === undefined) return 'field: correct names the key field';
    if (doc.value === undefined) return 'value: correct sets a value (null clears the field)';
    if (doc.spans !== undefined || doc.expectedDocId !== undefined) return 'correct takes no spans nor expectedDocId';
    return null;
  }
  if (doc.field !== undefined || doc.value !== undefined) return `${doc.kind} takes no field nor value`;
  if (doc.kind === 'settle' && (doc.spans !== undefined || doc.expectedDocId !== undefined)) return 'settle takes no spans nor expectedDocId';
  if (doc.kind === 'junk' && doc.expectedDocId !== undefined) return 'junk takes no expectedDocId';
  return null;
}

/** What POST /applications/{id}/documents/{address}/<kind> passes the service for the same body. */
function decisionRequestOf(doc: RequestDoc, decidedBy: string): DecisionRequest {
  const kind = doc.kind as Exclude<DecisionRequestKind, 'bypass' | 'correct' | 'undo'>;
  return {
    kind,
    address: doc.address!,
    ...(kind !== 'settle' && doc.spans ? { spans: doc.spans } : {}),
    ...(kind === 'approve' && doc.expectedDocId ? { expectedDocId: doc.expectedDocId } : {}),
    decidedBy,
  };
}

/** Pages as `<fileId>\0<page>`. */
const pageKeys = (spans: readonly DocumentSpan[]) => spans.flatMap((s) => s.pages.map((p) => `${s.fileId}\u0000${p}`));
function addressPages(address: string): string[] {
  const a = parseAddress(address);
  return a ? Array.from({ length: a.last - a.first + 1 }, (_, i) => `${a.fileId}\u0000${a.first + i}`) : [];
}

/** The request was already answered by a push of the same id that committed first: its decision is rolled back. */
class AlreadyAnswered extends Error {}

export interface DecisionRequestsDeps {
  db: Db;
  documents: Pick<DocumentService, 'decide' | 'correct' | 'undo' | 'decisions'>;
  runs: Pick<RunService, 'bypass'>;
}

/**
 * `decision-requests`: a reviewer's decisions pushed from the desktop, each applied once through
 * the services the REST operations use (same checks, same ledger rows, the pusher as caller), and
 * kept with its outcome so a retried push is answered rather than applied again. An applied one
 * is recorded in its decision's transaction: a push of the same id racing it either finds it, or
 * fails on the decision's pages and then finds it. Each caller reads and pushes only their own.
 */
export function decisionRequestsCollection(deps: DecisionRequestsDeps): SyncCollection<RequestDoc> {
  const { db } = deps;

  /** Stores an answered request unless one of the same id is already stored; whether it stored it. */
  const record = async (q: Queryable, scope: SyncScope, doc: RequestDoc, decidedBy: string, outcome: Pick<RequestRow, 'state'> & Partial<RequestRow>): Promise<boolean> => {
    const { rowCount } = await q.query(
      `INSERT INTO decision_requests (org_id, owner, id, application_id, kind, address, expected_doc_id, spans, decided_by, made_at, state, decision_id, applied_at, conflict, error, field, value, undoes)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17::jsonb, $18)
       ON CONFLICT (org_id, owner, id) DO NOTHING`,
      [
        scope.orgId,
        scope.owner,
        doc.id,
        doc.applicationId,
        doc.kind,
        outcome.address ?? doc.address ?? null,
        doc.expectedDocId ?? null,
        doc.spans ? JSON.stringify(doc.spans) : null,
        decidedBy,
        new Date(doc.madeAt),
        outcome.state,
        outcome.decision_id ?? null,
        outcome.applied_at ?? null,
        outcome.conflict ? JSON.stringify(outcome.conflict) : null,
        outcome.error ? JSON.stringify(outcome.error) : null,
        doc.kind === 'correct' ? (doc.field ?? null) : null,
        doc.kind === 'correct' && doc.value !== null && doc.value !== undefined ? JSON.stringify(doc.value) : null,
        doc.kind === 'undo' ? (doc.decisionId ?? null) : null,
      ],
    );
    return rowCount > 0;
  };

  const stored = async (q: Queryable, scope: SyncScope, ids: readonly string[]): Promise<RequestRow[]> => {
    if (ids.length === 0) return [];
    const { rows } = await q.query<RequestRow>('SELECT * FROM decision_requests WHERE org_id = $1 AND owner = $2 AND id = ANY($3::text[])', [scope.orgId, scope.owner, ids]);
    return rows;
  };

  /** The active decision holding pages the request wanted, as the decisions listing has it now. */
  const documentConflict = async (caller: Caller, doc: RequestDoc, reason: string): Promise<Conflict> => {
    const wanted = new Set([...addressPages(doc.address!), ...pageKeys(doc.spans ?? [])]);
    let decisions: DocumentDecision[] = [];
    try {
      decisions = await deps.documents.decisions(caller.orgId, doc.applicationId);
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
    }
    // The first to take any of the pages is the one in the way (pages are held by one decision at a time).
    const holder = decisions.find((d) => !d.undone && [...pageKeys(d.spans), ...addressPages(d.address)].some((k) => wanted.has(k)));
    if (!holder) return { reason: `${reason} No decision holds these pages now (the case was run again, or that decision was undone): look at the case again.` };
    return { reason, decisionId: holder.id, decidedBy: holder.decidedBy, decidedAt: holder.decidedAt, decisionKind: holder.kind, address: holder.address };
  };

  /**
   * What stands in the way of an undo: the undo that came first (the decision is undone already),
   * else the later decision that took any of its pages and depends on it.
   */
  const undoConflict = async (caller: Caller, doc: RequestDoc, reason: string): Promise<Conflict> => {
    let decisions: DocumentDecision[] = [];
    try {
      decisions = await deps.documents.decisions(caller.orgId, doc.applicationId);
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
    }
    const at = decisions.findIndex((d) => d.id === doc.decisionId);
    const target = decisions[at];
    if (!target) return { reason };
    if (target.undone) return { reason, decisionId: target.id, decidedBy: target.undone.by, decidedAt: target.undone.at, decisionKind: 'undo', address: target.address };
    const pages = new Set([...pageKeys(target.spans), ...addressPages(target.address)]);
    const later = decisions.slice(at + 1).find((d) => !d.undone && [...pageKeys(d.spans), ...addressPages(d.address)].some((k) => pages.has(k)));
    if (!later) return { reason };
    return { reason, decisionId: later.id, decidedBy: later.decidedBy, decidedAt: later.decidedAt, decisionKind: later.kind, address: later.address };
  };

  /** Who bypassed the run the request named (or the case's current run) at the gate, from the ledger. */
  const bypassConflict = async (scope: SyncScope, doc: RequestDoc, reason: string): Promise<Conflict> => {
    const { rows } = await db.query<{ at: Date; target: string; decided_by: string | null }>(
      `SELECT l.at, l.target, l.detail->>'decidedBy' AS decided_by FROM ledger l
        WHERE l.org_id = $1 AND l.application_id = $2 AND l.action = 'gate.bypassed'
          AND l.target = coalesce($3, (SELECT 'run:' || a.current_run FROM applications a WHERE a.id = $2 AND a.org_id = $1))
        ORDER BY l.seq DESC LIMIT 1`,
      [scope.orgId, doc.applicationId, doc.address ?? null],
    );
    const bypass = rows[0];
    if (!bypass) return { reason };
    return { reason, ...(bypass.decided_by ? { decidedBy: bypass.decided_by } : {}), decidedAt: bypass.at.toISOString(), decisionKind: 'bypass', address: bypass.target };
  };

  /** Applies a pending request unknown so far, as `caller`, and stores it with its outcome. */
  const applyOne = async (caller: Caller, scope: SyncScope, doc: RequestDoc): Promise<void> => {
    const decidedBy = doc.decidedBy?.trim() || caller.name;
    const recordWithin = async (q: Queryable, outcome: Pick<RequestRow, 'state'> & Partial<RequestRow>) => {
      if (!(await record(q, scope, doc, decidedBy, outcome))) throw new AlreadyAnswered();
    };
    try {
      if (doc.kind === 'bypass') {
        const run = doc.address ? Number(RUN_ADDRESS.exec(doc.address)![1]) : undefined;
        await deps.runs.bypass(caller, doc.applicationId, decidedBy, {
          ...(run !== undefined ? { run } : {}),
          within: (tx, bypassed) => recordWithin(tx, { state: 'applied', applied_at: bypassed.at, address: `run:${bypassed.run}` }),
        });
      } else if (doc.kind === 'undo') {
        await deps.documents.undo(caller, doc.applicationId, doc.decisionId!, decidedBy, (tx, decision) =>
          recordWithin(tx, { state: 'applied', decision_id: decision.id, applied_at: new Date(decision.undone?.at ?? Date.now()) }),
        );
      } else if (doc.kind === 'correct') {
        await deps.documents.correct(caller, doc.applicationId, { address: doc.address!, field: doc.field!, value: doc.value, decidedBy }, (tx, decision) =>
          recordWithin(tx, { state: 'applied', decision_id: decision.id, applied_at: new Date(decision.decidedAt) }),
        );
      } else {
        await deps.documents.decide(caller, doc.applicationId, decisionRequestOf(doc, decidedBy), (tx, decision) =>
          recordWithin(tx, { state: 'applied', decision_id: decision.id, applied_at: new Date(decision.decidedAt) }),
        );
      }
    } catch (e) {
      if (e instanceof AlreadyAnswered) return;
      if (!(e instanceof HttpError) || e.status >= 500) throw e;
      if (e.status === 409) {
        const conflict =
          doc.kind === 'bypass'
            ? await bypassConflict(scope, doc, e.message)
            : doc.kind === 'undo'
              ? await undoConflict(caller, doc, e.message)
              : await documentConflict(caller, doc, e.message);
        await record(db, scope, doc, decidedBy, { state: 'conflict', conflict });
      } else {
        await record(db, scope, doc, decidedBy, { state: 'refused', error: { status: e.status, message: e.message } });
      }
    }
  };

  return {
    name: 'decision-requests',
    description:
      'Your decisions made on the desktop (approve, settle, junk, correct a key value, undo one of them, bypass at the gate), each with its outcome: `applied` (with the decision), `conflict` (another decision came first: who decided what and when) or `refused` (the REST operation’s 400, 403 or 404). Only your own: each caller sees the requests it pushed.',
    right: 'documents.decide',
    tables: ['decision_requests'],
    document: syncCollections['decision-requests'].document,
    oneStatement: true,
    async changes(q, scope, after, below, limit) {
      const { rows } = await q.query<RequestRow>(
        `SELECT * FROM decision_requests WHERE org_id = $1 AND owner = $2 AND rev > $3 AND ($4::bigint IS NULL OR rev < $4) ORDER BY rev LIMIT $5`,
        [scope.orgId, scope.owner, after, below, limit],
      );
      return rows.map(toChange);
    },
    async byIds(q, scope, ids) {
      return (await stored(q, scope, ids)).map(toChange);
    },
    push: {
      description:
        'A document the server does not know, in state `pending`, is applied as you, through the operation its `kind` names (POST /applications/{id}/documents/{address}/approve, settle or junk, PUT …/key-data/{field} for `correct` with its `field` and `value`, POST /applications/{id}/decisions/{decisionId}/undo for `undo` with its `decisionId`, or POST /applications/{id}/run/bypass, `address` `run:<n>`), with its `decidedBy` (default: your name): the same checks and ledger rows. It comes back `applied` with `result` (an undo: the decision it took back); `conflict` when another decision came first (the 409), naming in `conflict` the decision that holds the pages or the run now (an undo: the undo that came first, kind `undo`, or the later decision that depends on the one to take back); `refused` with `error` for a 400, 403 (an API key bypassing) or 404. A document the server knows comes back as it is: a request is applied once, however often it is pushed. Pushing `_deleted: true` on a conflict or a refusal drops it (it comes back deleted); an applied request stays. A document not pending that the server does not know comes back deleted. A pending document whose `kind` and fields do not go together (an approve without an address, a settle with spans, an undo without `decisionId`) is malformed: 400.',
      async apply(caller, scope, rows: readonly SyncPushedRow[]) {
        if (!scope.owner) throw new Error('A push of decision requests needs its caller as their owner');
        const pushed = rows.map((row) => ({ doc: DecisionRequestDocument.parse(row.newDocumentState), deleted: row.newDocumentState._deleted === true, state: row.newDocumentState }));
        const problems = pushed.flatMap((p, i) => {
          const why = p.doc.state === 'pending' && !p.deleted ? malformed(p.doc) : null;
          return why ? [`body[${i}].newDocumentState (${p.doc.id}): ${why}`] : [];
        });
        if (problems.length > 0) throw badRequest(`Nothing was applied: ${problems.join('; ')}`);

        const known = new Map((await stored(db, scope, [...new Set(pushed.map((p) => p.doc.id))])).map((r) => [r.id, r]));
        const answers = new Map<string, SyncChange<RequestDoc> | SyncGone>();
        // One after another, in the order pushed: a later request may depend on an earlier one.
        for (const { doc, deleted, state } of pushed) {
          let row = known.get(doc.id);
          if (!row) {
            if (deleted || doc.state !== 'pending') {
              answers.set(doc.id, { gone: { ...state, id: doc.id } });
              continue;
            }
            await applyOne(caller, scope, doc);
            row = (await stored(db, scope, [doc.id]))[0]!;
          } else if (deleted && !row.deleted && row.state !== 'applied') {
            const dropped = await db.query<RequestRow>('UPDATE decision_requests SET deleted = true WHERE org_id = $1 AND owner = $2 AND id = $3 RETURNING *', [scope.orgId, scope.owner, doc.id]);
            row = dropped.rows[0] ?? row;
          }
          known.set(doc.id, row);
          answers.set(doc.id, toChange(row));
        }
        return [...answers.values()];
      },
    },
  };
}
