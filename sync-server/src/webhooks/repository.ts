import type { Queryable } from '../db/db.js';

/** Said on commit of every transaction that enqueued a delivery: wakes the dispatchers of every instance. */
export const WEBHOOKS_CHANNEL = 'portal_webhooks';

export interface EndpointRow {
  id: string;
  org_id: string;
  url: string;
  events: string[];
  secret: string;
  previous_secret: string | null;
  previous_secret_until: Date | null;
  active: boolean;
  deactivated_at: Date | null;
  deactivated_reason: string | null;
  created_at: Date;
  created_by: string | null;
}

export interface DeliveryRow {
  id: number;
  org_id: string;
  endpoint_id: string;
  lane: string;
  application_id: string | null;
  seq: number | null;
  message_id: string;
  type: string;
  body: string;
  origin: 'event' | 'test' | 'resend' | 'replay';
  status: 'pending' | 'succeeded' | 'failed' | 'cancelled';
  attempts: number;
  next_attempt_at: Date | null;
  last_attempt_at: Date | null;
  last_status_code: number | null;
  last_error: string | null;
  last_duration_ms: number | null;
  created_at: Date;
}

/** Every column of a delivery but its body, which only the sender reads. */
const DELIVERY_COLUMNS = `id, org_id, endpoint_id, lane, application_id, seq, message_id, type, origin, status, attempts,
  next_attempt_at, last_attempt_at, last_status_code, last_error, last_duration_ms, created_at`;

export type DeliverySummary = Omit<DeliveryRow, 'body'>;
export type EndpointWithLatest = EndpointRow & { latest: DeliverySummary | null };

/** A delivery to enqueue: what the ledger row (or the delivery resent) says. */
export interface NewDelivery {
  lane: string;
  applicationId: string | null;
  seq: number | null;
  messageId: string;
  type: string;
  body: string;
}

export interface AttemptResult {
  at: Date;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

export const laneKey = (endpointId: string, lane: string) => `${endpointId}\u0000${lane}`;

// ---------------------------------------------------------------------------------------------
// Endpoints

export async function insertEndpoint(q: Queryable, e: Omit<EndpointRow, 'previous_secret' | 'previous_secret_until' | 'active' | 'deactivated_at' | 'deactivated_reason'>): Promise<EndpointRow> {
  const { rows } = await q.query<EndpointRow>(
    `INSERT INTO webhook_endpoints (id, org_id, url, events, secret, created_at, created_by)
     VALUES ($1, $2, $3, $4::text[], $5, $6, $7) RETURNING *`,
    [e.id, e.org_id, e.url, e.events, e.secret, e.created_at.toISOString(), e.created_by],
  );
  return rows[0]!;
}

export async function getEndpoint(q: Queryable, orgId: string, id: string, lock = false): Promise<EndpointRow | undefined> {
  const { rows } = await q.query<EndpointRow>(`SELECT * FROM webhook_endpoints WHERE id = $1 AND org_id = $2${lock ? ' FOR UPDATE' : ''}`, [id, orgId]);
  return rows[0];
}

/** The organization's endpoints newest first, each with the delivery attempted last (or, before any attempt, enqueued last). */
export async function listEndpoints(q: Queryable, orgId: string, id?: string): Promise<EndpointWithLatest[]> {
  const { rows } = await q.query<EndpointRow & { latest: Record<string, unknown> | null }>(
    `SELECT e.*, COALESCE(
        (SELECT to_jsonb(d) FROM (
           SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries
            WHERE endpoint_id = e.id AND last_attempt_at IS NOT NULL
            ORDER BY last_attempt_at DESC, id DESC LIMIT 1) d),
        (SELECT to_jsonb(d) FROM (
           SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE endpoint_id = e.id ORDER BY id DESC LIMIT 1) d)
      ) AS latest
       FROM webhook_endpoints e
      WHERE e.org_id = $1 ${id ? 'AND e.id = $2' : ''}
      ORDER BY e.created_at DESC, e.id DESC`,
    id ? [orgId, id] : [orgId],
  );
  return rows.map((r) => ({ ...r, latest: r.latest ? deliveryFromJson(r.latest) : null }));
}

/** A delivery read through `to_jsonb`: timestamps come back as text. */
function deliveryFromJson(j: Record<string, unknown>): DeliverySummary {
  const date = (v: unknown) => (v == null ? null : new Date(String(v)));
  return {
    ...(j as unknown as DeliverySummary),
    id: Number(j.id),
    next_attempt_at: date(j.next_attempt_at),
    last_attempt_at: date(j.last_attempt_at),
    created_at: new Date(String(j.created_at)),
  };
}

export async function deleteEndpoint(q: Queryable, orgId: string, id: string): Promise<boolean> {
  const { rowCount } = await q.query('DELETE FROM webhook_endpoints WHERE id = $1 AND org_id = $2', [id, orgId]);
  return rowCount > 0;
}

/**
 * Deactivates an endpoint (the receiver answered 410): nothing more is enqueued for it, what was
 * pending is cancelled and its lanes stop, all in one transaction.
 */
export async function deactivateEndpoint(q: Queryable, endpointId: string, at: Date, reason: string): Promise<void> {
  await q.query(
    `WITH e AS (UPDATE webhook_endpoints SET active = false, deactivated_at = $2, deactivated_reason = $3 WHERE id = $1 AND active RETURNING id),
          d AS (UPDATE webhook_deliveries SET status = 'cancelled', next_attempt_at = NULL
                 WHERE endpoint_id = $1 AND status = 'pending' RETURNING id)
     UPDATE webhook_lanes SET due_at = NULL, locked_by = NULL, lease_until = NULL WHERE endpoint_id = $1`,
    [endpointId, at.toISOString(), reason],
  );
}

/** Active again; lanes that still hold pending deliveries (enqueued while it was being deactivated) are due now. */
export async function reactivateEndpoint(q: Queryable, orgId: string, id: string, now: Date): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE webhook_endpoints SET active = true, deactivated_at = NULL, deactivated_reason = NULL WHERE id = $1 AND org_id = $2`,
    [id, orgId],
  );
  if (rowCount === 0) return false;
  await q.query(
    `UPDATE webhook_lanes l SET due_at = $2
      WHERE l.endpoint_id = $1 AND l.due_at IS NULL
        AND EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.endpoint_id = l.endpoint_id AND d.lane = l.lane AND d.status = 'pending')`,
    [id, now.toISOString()],
  );
  return true;
}

export async function rotateSecret(q: Queryable, orgId: string, id: string, secret: string, previousUntil: Date): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE webhook_endpoints SET previous_secret = secret, previous_secret_until = $4, secret = $3 WHERE id = $1 AND org_id = $2`,
    [id, orgId, secret, previousUntil.toISOString()],
  );
  return rowCount > 0;
}

// ---------------------------------------------------------------------------------------------
// The outbox

/**
 * In the ledger row's transaction: one delivery per active endpoint of the organization that
 * existed when the row was written and asks for its action, each queued on its lane. Returns how
 * many were enqueued; when any was, every dispatcher is told on commit.
 */
export async function enqueueForLedgerRow(
  q: Queryable,
  row: { orgId: string; applicationId: string; seq: number; at: string; action: string; messageId: string; body: string },
): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `WITH targets AS (
       SELECT id FROM webhook_endpoints
        WHERE org_id = $1 AND active AND created_at <= $2::timestamptz AND (cardinality(events) = 0 OR $3::text = ANY (events))
     ), ins AS (
       INSERT INTO webhook_deliveries (org_id, endpoint_id, lane, application_id, seq, message_id, type, body, origin, next_attempt_at, created_at)
       SELECT $1, id, $4::text, $4::text, $5::int, $6::text, $3::text, $7::text, 'event', $2::timestamptz, $2::timestamptz FROM targets
       RETURNING endpoint_id
     ), lanes AS (
       INSERT INTO webhook_lanes AS l (endpoint_id, lane, org_id, due_at, version)
       SELECT endpoint_id, $4::text, $1, $2::timestamptz, 1 FROM ins
       ON CONFLICT (endpoint_id, lane) DO UPDATE SET due_at = COALESCE(l.due_at, EXCLUDED.due_at), version = l.version + 1
       RETURNING 1
     )
     SELECT count(*)::int AS n FROM lanes`,
    [row.orgId, row.at, row.action, row.applicationId, row.seq, row.messageId, row.body],
  );
  const n = rows[0]?.n ?? 0;
  if (n > 0) await q.query(`SELECT pg_notify('${WEBHOOKS_CHANNEL}', '')`);
  return n;
}

/** Enqueues deliveries to one endpoint, in the order given, each at the end of its lane (resend, replay). */
export async function enqueueDeliveries(
  q: Queryable,
  input: { orgId: string; endpointId: string; origin: 'resend' | 'replay'; now: Date; deliveries: readonly NewDelivery[] },
): Promise<DeliverySummary[]> {
  if (input.deliveries.length === 0) return [];
  const d = input.deliveries;
  const { rows } = await q.query<DeliverySummary>(
    `WITH ins AS (
       INSERT INTO webhook_deliveries (org_id, endpoint_id, lane, application_id, seq, message_id, type, body, origin, next_attempt_at, created_at)
       SELECT $1, $2, u.lane, u.app, u.seq, u.msg, u.type, u.body, $3, $4::timestamptz, $4::timestamptz
         FROM unnest($5::text[], $6::text[], $7::int[], $8::text[], $9::text[], $10::text[]) WITH ORDINALITY AS u(lane, app, seq, msg, type, body, n)
        ORDER BY u.n
       RETURNING ${DELIVERY_COLUMNS}
     ), lanes AS (
       INSERT INTO webhook_lanes AS l (endpoint_id, lane, org_id, due_at, version)
       SELECT DISTINCT endpoint_id, lane, $1, $4::timestamptz, 1 FROM ins
       ON CONFLICT (endpoint_id, lane) DO UPDATE SET due_at = COALESCE(l.due_at, EXCLUDED.due_at), version = l.version + 1
       RETURNING 1
     )
     SELECT * FROM ins ORDER BY id`,
    [
      input.orgId,
      input.endpointId,
      input.origin,
      input.now.toISOString(),
      d.map((x) => x.lane),
      d.map((x) => x.applicationId),
      d.map((x) => x.seq),
      d.map((x) => x.messageId),
      d.map((x) => x.type),
      d.map((x) => x.body),
    ],
  );
  await q.query(`SELECT pg_notify('${WEBHOOKS_CHANNEL}', '')`);
  return rows;
}

/** A delivery sent at once and not retried (a test), recorded with its outcome. */
export async function insertSentDelivery(
  q: Queryable,
  input: { orgId: string; endpointId: string; messageId: string; type: string; body: string; ok: boolean; attempt: AttemptResult },
): Promise<DeliverySummary> {
  const { rows } = await q.query<DeliverySummary>(
    `INSERT INTO webhook_deliveries (org_id, endpoint_id, lane, message_id, type, body, origin, status, attempts,
                                     last_attempt_at, last_status_code, last_error, last_duration_ms, created_at)
     VALUES ($1, $2, '', $3, $4, $5, 'test', $6, 1, $7, $8, $9, $10, $7)
     RETURNING ${DELIVERY_COLUMNS}`,
    [
      input.orgId,
      input.endpointId,
      input.messageId,
      input.type,
      input.body,
      input.ok ? 'succeeded' : 'failed',
      input.attempt.at.toISOString(),
      input.attempt.statusCode,
      input.attempt.error,
      input.attempt.durationMs,
    ],
  );
  return rows[0]!;
}

export async function getDelivery(q: Queryable, orgId: string, endpointId: string, id: number): Promise<DeliveryRow | undefined> {
  const { rows } = await q.query<DeliveryRow>('SELECT * FROM webhook_deliveries WHERE id = $1 AND endpoint_id = $2 AND org_id = $3', [id, endpointId, orgId]);
  return rows[0];
}

export async function listDeliveries(
  q: Queryable,
  endpointId: string,
  query: { limit: number; before?: number | undefined; status?: string | undefined },
): Promise<DeliverySummary[]> {
  const { rows } = await q.query<DeliverySummary>(
    `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries
      WHERE endpoint_id = $1 AND ($2::bigint IS NULL OR id < $2) AND ($3::text IS NULL OR status = $3)
      ORDER BY id DESC LIMIT $4`,
    [endpointId, query.before ?? null, query.status ?? null, query.limit],
  );
  return rows;
}

/** The organization's ledger rows to replay to an endpoint, oldest first per case. */
export async function ledgerRowsToReplay(
  q: Queryable,
  input: { orgId: string; notBefore: Date; since?: Date | undefined; applicationId?: string | undefined; fromSeq?: number | undefined; events: string[] },
): Promise<{ application_id: string; seq: number; at: Date; actor: string; action: string; target: string; detail: Record<string, unknown> }[]> {
  const { rows } = await q.query<{ application_id: string; seq: number; at: Date; actor: string; action: string; target: string; detail: Record<string, unknown> }>(
    `SELECT application_id, seq, at, actor, action, target, detail FROM ledger
      WHERE org_id = $1 AND at >= $2::timestamptz
        AND ($3::timestamptz IS NULL OR at >= $3::timestamptz)
        AND ($4::text IS NULL OR application_id = $4)
        AND ($5::int IS NULL OR seq >= $5)
        AND (cardinality($6::text[]) = 0 OR action = ANY ($6::text[]))
      ORDER BY application_id, seq`,
    [input.orgId, input.notBefore.toISOString(), input.since?.toISOString() ?? null, input.applicationId ?? null, input.fromSeq ?? null, input.events],
  );
  return rows;
}

export async function caseExists(q: Queryable, orgId: string, applicationId: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM ledger_heads WHERE application_id = $1 AND org_id = $2', [applicationId, orgId]);
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// The dispatcher's side

export interface ClaimedLane {
  endpoint_id: string;
  lane: string;
}

/** A lane just leased, with its first batch (read in the claiming statement). */
export interface ClaimedLaneBatch extends ClaimedLane {
  batch: LaneBatch;
  /** The endpoint's organization. */
  orgId: string;
  /** Milliseconds the lane's head was due before this claim. */
  waitMs: number;
}

/** Fairness of a claim: lanes one organization may hold, and how many each holds already. */
export interface LaneShares {
  perOrg: number;
  held: Record<string, number>;
}

/**
 * Leases up to `limit` lanes whose head is due, of active endpoints, soonest first, and reads the
 * first `batchSize` pending deliveries of each in the same statement (one round trip fewer per
 * lane). A lane another worker holds is skipped until its lease runs out (its worker died).
 *
 * The version returned is the one of the statement's snapshot, read beside the deliveries — not
 * the UPDATE's, which may be a later row version (a concurrent enqueue committed while the lane
 * was being locked) whose delivery the snapshot does not show. Paired that way, a lane is only
 * ever freed as empty when nothing was enqueued after what the worker saw.
 */
export async function claimLanes(
  q: Queryable,
  workerId: string,
  now: Date,
  leaseMs: number,
  limit: number,
  batchSize: number,
  shares: LaneShares = { perOrg: limit, held: {} },
): Promise<ClaimedLaneBatch[]> {
  // Fair between organizations: each organization's due lanes are numbered soonest first, and
  // lanes are taken by that number (every organization's first, then every second, …), an
  // organization no further than its share less what this worker holds of it already.
  const { rows } = await q.query<LaneBatchRow & { endpoint_id: string; lane: string; org_id: string; wait_ms: number }>(
    `WITH claimed AS (
       UPDATE webhook_lanes l SET locked_by = $1, lease_until = $2::timestamptz + make_interval(secs => $3::float8 / 1000)
        WHERE (l.endpoint_id, l.lane) IN (
          SELECT c.endpoint_id, c.lane FROM webhook_lanes c
            JOIN (SELECT t.endpoint_id, t.lane, e.org_id,
                         row_number() OVER (PARTITION BY e.org_id ORDER BY t.due_at) AS turn
                    FROM webhook_lanes t JOIN webhook_endpoints e ON e.id = t.endpoint_id AND e.active
                   WHERE t.due_at <= $2::timestamptz AND (t.lease_until IS NULL OR t.lease_until < $2::timestamptz)) r
              ON r.endpoint_id = c.endpoint_id AND r.lane = c.lane
           WHERE c.due_at <= $2::timestamptz AND (c.lease_until IS NULL OR c.lease_until < $2::timestamptz)
             AND r.turn + COALESCE(($6::jsonb ->> r.org_id)::int, 0) <= $7
           ORDER BY r.turn, c.due_at
           LIMIT $4
           FOR UPDATE OF c SKIP LOCKED)
        RETURNING l.endpoint_id, l.lane, l.locked_by)
     SELECT c.endpoint_id, c.lane, c.locked_by, s.version, e.id, e.url, e.secret, e.previous_secret, e.previous_secret_until, e.active, d.deliveries,
            e.org_id, greatest(0, extract(epoch from $2::timestamptz - s.due_at) * 1000)::float8 AS wait_ms
       FROM claimed c
       JOIN webhook_lanes s ON s.endpoint_id = c.endpoint_id AND s.lane = c.lane
       JOIN webhook_endpoints e ON e.id = c.endpoint_id
       ${PENDING_OF('c', '$5')}`,
    [workerId, now.toISOString(), leaseMs, limit, batchSize, JSON.stringify(shares.held), Number.isFinite(shares.perOrg) ? shares.perOrg : 2_147_483_647],
  );
  return rows.map((r) => ({ endpoint_id: r.endpoint_id, lane: r.lane, batch: toBatch(r), orgId: r.org_id, waitMs: Math.round(Number(r.wait_ms ?? 0)) }));
}

/** Extends the leases of every lane this worker holds; returns those still held. */
export async function renewLanes(q: Queryable, workerId: string, now: Date, leaseMs: number): Promise<ClaimedLane[]> {
  const { rows } = await q.query<ClaimedLane>(
    `UPDATE webhook_lanes SET lease_until = $2::timestamptz + make_interval(secs => $3::float8 / 1000)
      WHERE locked_by = $1 RETURNING endpoint_id, lane`,
    [workerId, now.toISOString(), leaseMs],
  );
  return rows;
}

export interface LaneBatch {
  lockedBy: string | null;
  version: number;
  endpoint: Pick<EndpointRow, 'id' | 'url' | 'secret' | 'previous_secret' | 'previous_secret_until' | 'active'>;
  deliveries: Pick<DeliveryRow, 'id' | 'message_id' | 'body' | 'attempts'>[];
}

interface LaneBatchRow {
  locked_by: string | null;
  version: number;
  id: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: Date | null;
  active: boolean;
  /** The batch as JSON text: one value to decode instead of a row per delivery repeating the lane's columns. */
  deliveries: string | null;
}

/**
 * A lateral join giving lane `alias`'s next `limit` pending deliveries, in order, as one JSON
 * array (null when there are none).
 */
const PENDING_OF = (alias: string, limit: string) => `LEFT JOIN LATERAL (
         SELECT json_agg(json_build_object('id', p.id, 'message_id', p.message_id, 'body', p.body, 'attempts', p.attempts) ORDER BY p.id)::text AS deliveries
           FROM (SELECT id, message_id, body, attempts FROM webhook_deliveries
                  WHERE endpoint_id = ${alias}.endpoint_id AND lane = ${alias}.lane AND status = 'pending'
                  ORDER BY id LIMIT ${limit}) p) d ON true`;

const toBatch = (r: LaneBatchRow): LaneBatch => ({
  lockedBy: r.locked_by,
  version: Number(r.version),
  endpoint: { id: r.id, url: r.url, secret: r.secret, previous_secret: r.previous_secret, previous_secret_until: r.previous_secret_until, active: r.active },
  deliveries: r.deliveries === null ? [] : (JSON.parse(r.deliveries) as LaneBatch['deliveries']),
});

/** The lane's next pending deliveries in order, with its version and endpoint, read in one snapshot. */
export async function laneBatch(q: Queryable, lane: ClaimedLane, limit: number): Promise<LaneBatch | undefined> {
  const { rows } = await q.query<LaneBatchRow>(
    `SELECT l.locked_by, l.version, e.id, e.url, e.secret, e.previous_secret, e.previous_secret_until, e.active, d.deliveries
       FROM webhook_lanes l
       JOIN webhook_endpoints e ON e.id = l.endpoint_id
       ${PENDING_OF('l', '$3')}
      WHERE l.endpoint_id = $1 AND l.lane = $2`,
    [lane.endpoint_id, lane.lane, limit],
  );
  return rows[0] && toBatch(rows[0]);
}

/** Frees a lane found empty, unless something was enqueued on it since `version` was read (then the worker looks again). */
export async function releaseEmptyLane(q: Queryable, lane: ClaimedLane, workerId: string, version: number): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE webhook_lanes SET due_at = NULL, locked_by = NULL, lease_until = NULL
      WHERE endpoint_id = $1 AND lane = $2 AND locked_by = $3 AND version = $4`,
    [lane.endpoint_id, lane.lane, workerId, version],
  );
  return rowCount > 0;
}

/** Frees a lane with work left, due again at `dueAt` (or as it was). */
export async function releaseLane(q: Queryable, lane: ClaimedLane, workerId: string, dueAt?: Date): Promise<void> {
  await q.query(
    `UPDATE webhook_lanes SET locked_by = NULL, lease_until = NULL, due_at = COALESCE($4::timestamptz, due_at)
      WHERE endpoint_id = $1 AND lane = $2 AND locked_by = $3`,
    [lane.endpoint_id, lane.lane, workerId, dueAt?.toISOString() ?? null],
  );
}

/**
 * Records attempts that succeeded on one lane, several in one statement; with `release`, also
 * frees the lane as empty in the same statement, unless something was enqueued since `version`
 * was read (returns whether it was freed). The lane's columns lead the condition so the rows are
 * found through an index on them, not by scanning one whole for the ids.
 */
export async function recordSuccesses(
  q: Queryable,
  lane: ClaimedLane,
  done: readonly { id: number; result: AttemptResult }[],
  release?: { workerId: string; version: number },
): Promise<boolean> {
  if (done.length === 0 && !release) return false;
  const params = [
    lane.endpoint_id,
    lane.lane,
    done.map((x) => x.id),
    done.map((x) => x.result.at.toISOString()),
    done.map((x) => x.result.statusCode),
    done.map((x) => x.result.durationMs),
  ];
  // Each row picks its own values by its id's place in the arrays: no join for the planner to
  // get wrong (PGlite never analyzes, and a nested loop over the arrays cost more than the writes).
  const update = `UPDATE webhook_deliveries d SET status = 'succeeded', attempts = d.attempts + 1, next_attempt_at = NULL,
            last_attempt_at = ($4::timestamptz[])[array_position($3::bigint[], d.id)],
            last_status_code = ($5::int[])[array_position($3::bigint[], d.id)], last_error = NULL,
            last_duration_ms = ($6::int[])[array_position($3::bigint[], d.id)]
      WHERE d.endpoint_id = $1 AND d.lane = $2 AND d.status = 'pending' AND d.id = ANY ($3::bigint[])`;
  if (!release) {
    await q.query(update, params);
    return false;
  }
  const { rowCount } = await q.query(
    `WITH s AS (${update} RETURNING d.id)
     UPDATE webhook_lanes SET due_at = NULL, locked_by = NULL, lease_until = NULL
      WHERE endpoint_id = $1 AND lane = $2 AND locked_by = $7 AND version = $8`,
    [...params, release.workerId, release.version],
  );
  return rowCount > 0;
}

/**
 * Records an attempt. `next` set: the delivery waits for its retry and so does its lane (released
 * in the same statement). `final`: succeeded or failed for good.
 */
export async function recordAttempt(
  q: Queryable,
  deliveryId: number,
  result: AttemptResult,
  outcome: { status: 'succeeded' | 'failed' } | { retryAt: Date; lane: ClaimedLane; workerId: string },
): Promise<void> {
  const params = [deliveryId, result.at.toISOString(), result.statusCode, result.error, result.durationMs];
  if ('status' in outcome) {
    await q.query(
      `UPDATE webhook_deliveries SET status = $6, attempts = attempts + 1, next_attempt_at = NULL, last_attempt_at = $2,
              last_status_code = $3, last_error = $4, last_duration_ms = $5
        WHERE id = $1 AND status = 'pending'`,
      [...params, outcome.status],
    );
    return;
  }
  await q.query(
    `WITH d AS (
       UPDATE webhook_deliveries SET attempts = attempts + 1, next_attempt_at = $6, last_attempt_at = $2,
              last_status_code = $3, last_error = $4, last_duration_ms = $5
        WHERE id = $1 AND status = 'pending' RETURNING id)
     UPDATE webhook_lanes SET due_at = $6, locked_by = NULL, lease_until = NULL
      WHERE endpoint_id = $7 AND lane = $8 AND locked_by = $9`,
    [...params, outcome.retryAt.toISOString(), outcome.lane.endpoint_id, outcome.lane.lane, outcome.workerId],
  );
}
