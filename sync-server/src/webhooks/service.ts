import { createHash } from 'node:crypto';
import {
  canonicalJson,
  newId,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  WEBHOOK_TEST_EVENT,
  type CreateWebhookInput,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventPayload,
  type WebhookReplayInput,
  type WebhookTestResult,
} from '@portal/shared';
import type { Clock } from '../clock.js';
import type { Db } from '../db/db.js';
import { badRequest, conflict, notFound } from '../http-error.js';
import type { Caller } from '../identity/caller.js';
import type { LedgerListener } from '../ledger/service.js';
import * as repo from './repository.js';
import { newWebhookSecret, type WebhookSender } from './sender.js';

/**
 * The `webhook-id` of a ledger row: the same for every attempt, resend and replay of that row, and
 * for every endpoint, so a receiver deduplicates on it. (application, seq) names a row for good.
 */
export function messageIdOf(applicationId: string, seq: number): string {
  return `msg_${createHash('sha256').update(`${applicationId}\n${seq}`, 'utf8').digest('base64url').slice(0, 24)}`;
}

/**
 * The body of a ledger row's delivery (spec Part 6.1). `detail` is written with its keys sorted,
 * so the row read back from the database for a replay gives the very same bytes.
 */
export function eventBody(row: { messageId: string; applicationId: string; seq: number; at: string; action: string; actor: string; target: string; detail: Record<string, unknown> }): string {
  const payload: WebhookEventPayload = {
    id: row.messageId,
    type: row.action,
    at: row.at,
    application: row.applicationId,
    data: { actor: row.actor, target: row.target, detail: JSON.parse(canonicalJson(row.detail)) as Record<string, unknown>, seq: row.seq },
  };
  return JSON.stringify(payload);
}

/** The secrets that sign a delivery at `now`: the endpoint's, and the one a rotation replaced while it overlaps. */
export function signingSecrets(e: Pick<repo.EndpointRow, 'secret' | 'previous_secret' | 'previous_secret_until'>, now: Date): string[] {
  return e.previous_secret && e.previous_secret_until && e.previous_secret_until > now ? [e.secret, e.previous_secret] : [e.secret];
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const toDelivery = (d: repo.DeliverySummary): WebhookDelivery => ({
  id: String(d.id),
  webhookId: d.message_id,
  type: d.type,
  applicationId: d.application_id,
  seq: d.seq,
  origin: d.origin,
  status: d.status,
  attempts: d.attempts,
  nextAttemptAt: d.status === 'pending' ? iso(d.next_attempt_at) : null,
  lastAttemptAt: iso(d.last_attempt_at),
  lastStatusCode: d.last_status_code,
  lastError: d.last_error,
  lastDurationMs: d.last_duration_ms,
  createdAt: d.created_at.toISOString(),
});

const toEndpoint = (e: repo.EndpointWithLatest, now: Date): WebhookEndpoint => ({
  id: e.id,
  url: e.url,
  events: e.events as WebhookEndpoint['events'],
  active: e.active,
  deactivatedAt: iso(e.deactivated_at),
  deactivatedReason: e.deactivated_reason,
  createdAt: e.created_at.toISOString(),
  createdBy: e.created_by,
  previousSecretExpiresAt: e.previous_secret && e.previous_secret_until && e.previous_secret_until > now ? e.previous_secret_until.toISOString() : null,
  latestDelivery: e.latest ? toDelivery(e.latest) : null,
});

const missing = (id: string) => notFound(`No webhook endpoint "${id}" in your organization`);
/** Replayed rows are inserted this many at a time, in the replay's one transaction. */
const REPLAY_CHUNK = 500;

/**
 * Webhook endpoints of an organization (spec Parts 4 and 6) and the outbox that feeds them from
 * the ledger. Sending is the dispatcher's (dispatcher.ts), except the test delivery, sent here.
 */
export class WebhookService {
  constructor(private readonly deps: { db: Db; clock: Clock; sender: WebhookSender }) {}

  /** The ledger's listener: in the row's own transaction, one delivery per endpoint that wants it. */
  readonly onLedgerRow: LedgerListener = async (tx, row) => {
    const messageId = messageIdOf(row.applicationId, row.seq);
    await repo.enqueueForLedgerRow(tx, {
      orgId: row.orgId,
      applicationId: row.applicationId,
      seq: row.seq,
      at: row.at,
      action: row.action,
      messageId,
      body: eventBody({ ...row, messageId }),
    });
  };

  async list(orgId: string): Promise<WebhookEndpoint[]> {
    const now = this.deps.clock();
    return (await repo.listEndpoints(this.deps.db, orgId)).map((e) => toEndpoint(e, now));
  }

  private async one(orgId: string, id: string): Promise<WebhookEndpoint> {
    const [e] = await repo.listEndpoints(this.deps.db, orgId, id);
    if (!e) throw missing(id);
    return toEndpoint(e, this.deps.clock());
  }

  private async endpoint(orgId: string, id: string): Promise<repo.EndpointRow> {
    const e = await repo.getEndpoint(this.deps.db, orgId, id);
    if (!e) throw missing(id);
    return e;
  }

  async create(caller: Caller, input: CreateWebhookInput): Promise<WebhookEndpoint & { secret: string }> {
    const refused = this.deps.sender.refusal(input.url);
    if (refused) throw badRequest(`url: ${refused}`);
    const secret = newWebhookSecret();
    const row = await repo.insertEndpoint(this.deps.db, {
      id: newId('whk'),
      org_id: caller.orgId,
      url: input.url,
      events: input.events,
      secret,
      created_at: this.deps.clock(),
      created_by: caller.userId,
    });
    return { ...toEndpoint({ ...row, latest: null }, this.deps.clock()), secret };
  }

  /** Removes the endpoint with its whole delivery history; a delivery in flight is not recorded. */
  async remove(orgId: string, id: string): Promise<void> {
    if (!(await repo.deleteEndpoint(this.deps.db, orgId, id))) throw missing(id);
  }

  /**
   * Sends one signed `webhook.test` delivery now, records it in the endpoint's history and reports
   * the answer. Also to an inactive endpoint, to check a receiver before reactivating it. A 410
   * deactivates the endpoint (spec Part 6.5).
   */
  async test(caller: Caller, id: string): Promise<WebhookTestResult> {
    const e = await this.endpoint(caller.orgId, id);
    const messageId = newId('msg');
    const at = this.deps.clock();
    const payload: WebhookEventPayload = {
      id: messageId,
      type: WEBHOOK_TEST_EVENT,
      at: at.toISOString(),
      application: null,
      data: { actor: caller.authenticatedAs, target: `webhook:${e.id}`, detail: { message: 'A test delivery from the Compliance Portal.' }, seq: null },
    };
    const body = JSON.stringify(payload);
    const outcome = await this.deps.sender.send({ url: e.url, messageId, body, secrets: signingSecrets(e, at) });
    const gone = outcome.statusCode === 410;
    await this.deps.db.transaction(async (tx) => {
      await repo.insertSentDelivery(tx, {
        orgId: caller.orgId,
        endpointId: e.id,
        messageId,
        type: WEBHOOK_TEST_EVENT,
        body,
        ok: outcome.ok,
        attempt: { at, statusCode: outcome.statusCode, durationMs: outcome.durationMs, error: outcome.error },
      });
      if (gone) await repo.deactivateEndpoint(tx, e.id, this.deps.clock(), 'The receiver answered 410 Gone to a test delivery');
    });
    return {
      webhookId: messageId,
      delivered: outcome.ok,
      statusCode: outcome.statusCode,
      durationMs: outcome.durationMs,
      bodyExcerpt: outcome.bodyExcerpt,
      error: outcome.error,
      deactivated: gone,
    };
  }

  /** Active again: new ledger rows are enqueued for it from now on (what happened meanwhile is sent by a replay). */
  async reactivate(orgId: string, id: string): Promise<WebhookEndpoint> {
    if (!(await this.deps.db.transaction((tx) => repo.reactivateEndpoint(tx, orgId, id, this.deps.clock())))) throw missing(id);
    return this.one(orgId, id);
  }

  /** A new secret; the old one keeps signing next to it for the overlap, so receivers switch over without a gap. */
  async rotateSecret(orgId: string, id: string): Promise<{ id: string; secret: string; previousSecretExpiresAt: string }> {
    const secret = newWebhookSecret();
    const until = new Date(this.deps.clock().getTime() + WEBHOOK_SECRET_OVERLAP_HOURS * 3_600_000);
    if (!(await repo.rotateSecret(this.deps.db, orgId, id, secret, until))) throw missing(id);
    return { id, secret, previousSecretExpiresAt: until.toISOString() };
  }

  async deliveries(orgId: string, id: string, query: { limit: number; before?: number | undefined; status?: string | undefined }): Promise<WebhookDelivery[]> {
    await this.endpoint(orgId, id);
    return (await repo.listDeliveries(this.deps.db, id, query)).map(toDelivery);
  }

  /**
   * Sends one delivery again, whatever became of it: the same body and `webhook-id`, as a new
   * delivery at the end of its case's lane, with a fresh set of retries.
   */
  async resend(orgId: string, id: string, deliveryId: string): Promise<WebhookDelivery> {
    const e = await this.endpoint(orgId, id);
    const n = /^\d{1,15}$/.test(deliveryId) ? Number(deliveryId) : NaN;
    const d = Number.isSafeInteger(n) ? await repo.getDelivery(this.deps.db, orgId, id, n) : undefined;
    if (!d) throw notFound(`No delivery "${deliveryId}" of webhook endpoint "${id}"`);
    if (!e.active) throw conflict('The endpoint is deactivated; reactivate it before resending');
    const [created] = await this.deps.db.transaction((tx) =>
      repo.enqueueDeliveries(tx, {
        orgId,
        endpointId: id,
        origin: 'resend',
        now: this.deps.clock(),
        deliveries: [{ lane: d.lane, applicationId: d.application_id, seq: d.seq, messageId: d.message_id, type: d.type, body: d.body }],
      }),
    );
    return toDelivery(created!);
  }

  /**
   * Enqueues the endpoint's ledger rows again from a time or from a seq of one case, only rows
   * written after the endpoint was created and matching its events. Each keeps its `webhook-id`.
   */
  async replay(orgId: string, id: string, input: WebhookReplayInput): Promise<{ enqueued: number }> {
    const e = await this.endpoint(orgId, id);
    if (!e.active) throw conflict('The endpoint is deactivated; reactivate it before replaying');
    if (input.applicationId && !(await repo.caseExists(this.deps.db, orgId, input.applicationId))) {
      throw notFound(`No application "${input.applicationId}" in your organization`);
    }
    return this.deps.db.transaction(async (tx) => {
      const rows = await repo.ledgerRowsToReplay(tx, {
        orgId,
        notBefore: e.created_at,
        since: input.since ? new Date(input.since) : undefined,
        applicationId: input.applicationId,
        fromSeq: input.fromSeq,
        events: e.events,
      });
      const now = this.deps.clock();
      for (let i = 0; i < rows.length; i += REPLAY_CHUNK) {
        const deliveries = rows.slice(i, i + REPLAY_CHUNK).map((r) => {
          const messageId = messageIdOf(r.application_id, r.seq);
          const body = eventBody({ messageId, applicationId: r.application_id, seq: r.seq, at: r.at.toISOString(), action: r.action, actor: r.actor, target: r.target, detail: r.detail });
          return { lane: r.application_id, applicationId: r.application_id, seq: r.seq, messageId, type: r.action, body };
        });
        await repo.enqueueDeliveries(tx, { orgId, endpointId: id, origin: 'replay', now, deliveries });
      }
      return { enqueued: rows.length };
    });
  }
}
