import { createHash } from 'node:crypto';
import {
  canonicalJson,
  LEDGER_GENESIS_HASH,
  ledgerHashInput,
  type LedgerActionName,
  type LedgerEvent,
  type LedgerExportLine,
  type LedgerVerification,
} from '@portal/shared';
import type { Clock } from '../clock.js';
import type { Db, Queryable } from '../db/db.js';
import { notFound } from '../http-error.js';

/** What an area appends: the row without its number, time and hashes, which the ledger adds. */
export interface LedgerAppend {
  orgId: string;
  applicationId: string;
  /** `user:<email or id>`, `apiKey:<id>`, `guest:<id>` (the caller's `authenticatedAs`) or `system`. */
  actor: string;
  action: LedgerActionName;
  target: string;
  detail?: Record<string, unknown>;
}

/** A row as stored, with the hashes that chain it. */
export interface LedgerRecord extends LedgerExportLine {
  orgId: string;
  applicationId: string;
}

/**
 * Told of every row in the transaction that appends it: the webhook outbox enqueues its
 * deliveries there, so a delivery exists exactly when its row does.
 */
export type LedgerListener = (tx: Queryable, row: LedgerRecord) => Promise<void>;

/** The engine's own actor, for changes no caller made (stages reached, runs landing). */
export const SYSTEM_ACTOR = 'system';

/** A ledger row as stored (the columns `toEvent` reads). */
export interface LedgerRow {
  org_id: string;
  application_id: string;
  seq: number;
  at: Date;
  actor: string;
  action: LedgerActionName;
  target: string;
  detail: Record<string, unknown>;
  prev_hash: string;
  hash: string;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A row as GET /applications/{id}/events shows it. */
export const toEvent = (r: Pick<LedgerRow, 'seq' | 'at' | 'actor' | 'action' | 'target' | 'detail'>): LedgerEvent => ({ seq: r.seq, at: r.at.toISOString(), actor: r.actor, action: r.action, target: r.target, detail: r.detail });
const toLine = (r: LedgerRow): LedgerExportLine => ({ ...toEvent(r), prevHash: r.prev_hash, hash: r.hash });

const missingCase = (id: string) => notFound(`No application "${id}" in your organization`);

/**
 * The case ledger (spec Part 6): every change to a case appends a row here, in the transaction
 * of the change, through `append`. Rows are never changed (the database refuses it too).
 */
export class LedgerService {
  readonly listeners: LedgerListener[] = [];

  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  /**
   * Appends one row in `tx`. The case's head row is locked until `tx` ends, so writers of one
   * case take their numbers one after another; a rolled-back change leaves no row and no gap.
   */
  async append(tx: Queryable, input: LedgerAppend): Promise<LedgerRecord> {
    // The update leaves `hash` alone, so RETURNING gives the hash of the row before, read under
    // the lock (a subquery would read the statement's snapshot, stale behind a concurrent writer).
    const { rows } = await tx.query<{ seq: number; hash: string | null }>(
      `INSERT INTO ledger_heads AS h (application_id, org_id, seq, hash) VALUES ($1, $2, 1, NULL)
       ON CONFLICT (application_id) DO UPDATE SET seq = h.seq + 1
       WHERE h.org_id = EXCLUDED.org_id
       RETURNING seq, hash`,
      [input.applicationId, input.orgId],
    );
    const head = rows[0];
    if (!head) throw new Error(`Ledger of ${input.applicationId} belongs to another organization`);
    // Stored as jsonb, read back as JSON: hash what will be read back (no undefined, no NaN).
    const detail = JSON.parse(canonicalJson(input.detail ?? {})) as Record<string, unknown>;
    const event: LedgerEvent & { prevHash: string } = {
      seq: head.seq,
      at: this.deps.clock().toISOString(),
      actor: input.actor,
      action: input.action,
      target: input.target,
      detail,
      prevHash: head.seq === 1 ? LEDGER_GENESIS_HASH : (head.hash ?? LEDGER_GENESIS_HASH),
    };
    const hash = sha256(ledgerHashInput(input.applicationId, event));
    await tx.query(
      `WITH head AS (UPDATE ledger_heads SET hash = $10 WHERE application_id = $2)
       INSERT INTO ledger (org_id, application_id, seq, at, actor, action, target, detail, prev_hash, hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10)`,
      [input.orgId, input.applicationId, event.seq, event.at, event.actor, event.action, event.target, JSON.stringify(detail), event.prevHash, hash],
    );
    const record: LedgerRecord = { ...event, hash, orgId: input.orgId, applicationId: input.applicationId };
    for (const listen of this.listeners) await listen(tx, record);
    return record;
  }

  /** Appends rows in order, in `tx`. */
  async appendAll(tx: Queryable, inputs: readonly LedgerAppend[]): Promise<LedgerRecord[]> {
    const out: LedgerRecord[] = [];
    for (const input of inputs) out.push(await this.append(tx, input));
    return out;
  }

  /** The number of the case's last row, null when the case has no ledger in this organization. */
  async headSeq(q: Queryable, orgId: string, applicationId: string): Promise<number | null> {
    const { rows } = await q.query<{ seq: number }>('SELECT seq FROM ledger_heads WHERE application_id = $1 AND org_id = $2', [applicationId, orgId]);
    return rows[0]?.seq ?? null;
  }

  /** A fingerprint of the case's ledger for conditional GETs: rows are only ever appended, so the last number says it all. */
  async fingerprint(orgId: string, applicationId: string): Promise<string> {
    return String(await this.headSeq(this.deps.db, orgId, applicationId));
  }

  private async rows(orgId: string, applicationId: string, order: 'ASC' | 'DESC'): Promise<LedgerRow[]> {
    const { rows } = await this.deps.db.query<LedgerRow>(
      `SELECT * FROM ledger WHERE application_id = $1 AND org_id = $2 ORDER BY seq ${order}`,
      [applicationId, orgId],
    );
    if (rows.length === 0 && (await this.headSeq(this.deps.db, orgId, applicationId)) === null) throw missingCase(applicationId);
    return rows;
  }

  /** The case's ledger, newest first (GET /applications/{id}/events). */
  async events(orgId: string, applicationId: string): Promise<LedgerEvent[]> {
    return (await this.rows(orgId, applicationId, 'DESC')).map(toEvent);
  }

  /** Rows after `afterSeq`, oldest first, at most `limit` (a live stream catching up). */
  async eventsAfter(orgId: string, applicationId: string, afterSeq: number, limit = 500): Promise<LedgerEvent[]> {
    const { rows } = await this.deps.db.query<LedgerRow>(
      'SELECT * FROM ledger WHERE application_id = $1 AND org_id = $2 AND seq > $3 ORDER BY seq LIMIT $4',
      [applicationId, orgId, afterSeq, limit],
    );
    return rows.map(toEvent);
  }

  /** The whole trail oldest first with its hashes, for an export. */
  async exportLines(orgId: string, applicationId: string): Promise<LedgerExportLine[]> {
    return (await this.rows(orgId, applicationId, 'ASC')).map(toLine);
  }

  /**
   * Recomputes the chain from row 1: each row must hash to its `hash`, name the row before as
   * `prev_hash`, follow it without a gap, and the last must be the head the writers recorded (a
   * removed last row is caught there).
   */
  async verify(orgId: string, applicationId: string): Promise<LedgerVerification> {
    const rows = await this.rows(orgId, applicationId, 'ASC');
    const head = await this.deps.db.query<{ seq: number; hash: string | null }>('SELECT seq, hash FROM ledger_heads WHERE application_id = $1', [applicationId]);
    return verifyChain(applicationId, rows.map(toLine), head.rows[0] ?? null);
  }
}

/** The pure check behind `verify`, over rows oldest first. */
export function verifyChain(applicationId: string, rows: readonly LedgerExportLine[], head: { seq: number; hash: string | null } | null): LedgerVerification {
  let prev = LEDGER_GENESIS_HASH;
  const broken = (seq: number, reason: string): LedgerVerification => ({ ok: false, rows: rows.length, headHash: rows.at(-1)?.hash ?? null, firstBroken: { seq, reason } });
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (row.seq !== i + 1) return broken(i + 1, `row ${i + 1} is missing (the next row is ${row.seq})`);
    if (row.prevHash !== prev) return broken(row.seq, `row ${row.seq} does not chain to row ${row.seq - 1}: its prevHash is not that row’s hash`);
    const { hash, ...event } = row;
    if (sha256(ledgerHashInput(applicationId, event)) !== hash) return broken(row.seq, `row ${row.seq} was changed: its content does not match its hash`);
    prev = hash;
  }
  if (head && head.seq > rows.length) return broken(rows.length + 1, `row ${rows.length + 1} is missing: the ledger recorded ${head.seq} rows`);
  if (head && rows.length > 0 && head.hash !== prev) return broken(rows.length, `row ${rows.length} is not the last row the ledger recorded`);
  return { ok: true, rows: rows.length, headHash: rows.at(-1)?.hash ?? null, firstBroken: null };
}
