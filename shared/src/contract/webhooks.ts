import { z } from 'zod';
import { INT4_MAX, integerParam } from './numbers.js';
import { LEDGER_ACTION_NAMES, LedgerAction } from './ledger.js';

/** The event type of the delivery `POST /webhooks/{id}/test` sends (spec Part 6.8); not a ledger action. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The prefix of every endpoint secret (spec Part 2); the rest is the base64 of the signing key. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** Longest endpoint URL accepted. */
export const WEBHOOK_URL_MAX = 2_048;

/**
 * How long the secret replaced by a rotation still signs deliveries next to the new one, so a
 * receiver can switch over without dropping a delivery (Standard Webhooks allows several
 * signatures in `webhook-signature`).
 */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;

export const WebhookDeliveryStatus = z
  .enum(['pending', 'succeeded', 'failed', 'cancelled'])
  .describe(
    '`pending`: waiting for its first or next attempt (or in flight). `succeeded`: the receiver answered 2xx within 15 s. `failed`: the receiver answered 410 (the endpoint was deactivated), every retry was used (14 over about 13 hours), or it was a test delivery the receiver did not accept (tests are not retried). `cancelled`: still pending when the endpoint was deactivated; replay or resend it after reactivating.',
  );

export const WebhookDelivery = z
  .object({
    id: z.string().describe('This delivery (one message to one endpoint; a resend or replay is a delivery of its own).'),
    webhookId: z
      .string()
      .describe(
        'The `webhook-id` header and the body’s `id`: the same on every attempt, and on every resend or replay of the same ledger row, so a receiver can deduplicate. Derived from the case and the row’s seq.',
      ),
    type: z.string().describe('The ledger action carried (`LedgerAction`), or `webhook.test`.'),
    applicationId: z.string().nullable().describe('The case of the ledger row; null for a test delivery.'),
    seq: z.number().int().nullable().describe('The ledger row’s `seq` in its case; null for a test delivery.'),
    origin: z
      .enum(['event', 'test', 'resend', 'replay'])
      .describe('`event`: enqueued with its ledger row. `test`: POST /webhooks/{id}/test. `resend`: POST …/deliveries/{deliveryId}/resend. `replay`: POST /webhooks/{id}/replay.'),
    status: WebhookDeliveryStatus,
    attempts: z.number().int().min(0).describe('Attempts made so far: the first and up to 14 retries.'),
    nextAttemptAt: z.string().nullable().describe('ISO 8601; when the next attempt is due while `pending`, else null.'),
    lastAttemptAt: z.string().nullable().describe('ISO 8601; when the last attempt was made, null before the first.'),
    lastStatusCode: z.number().int().nullable().describe('The receiver’s HTTP status at the last attempt; null when it gave none (refused, timed out, unreachable).'),
    lastError: z.string().nullable().describe('Why the last attempt did not succeed, in words; null after a success.'),
    lastDurationMs: z.number().int().nullable().describe('How long the last attempt took, from connecting to the end of the answer.'),
    createdAt: z.string().describe('ISO 8601; when the delivery was enqueued.'),
  })
  .meta({
    id: 'WebhookDelivery',
    description:
      'One delivery of a message to an endpoint and where it stands. Deliveries of one case to one endpoint go out in ledger order: a later one waits while an earlier one is retried.',
  });
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookEndpoint = z
  .object({
    id: z.string(),
    url: z.string().describe('Where deliveries are POSTed.'),
    events: z.array(LedgerAction).describe('The ledger actions sent; empty means every action (spec Part 6.6).'),
    active: z
      .boolean()
      .describe('false after the receiver answered 410 (to a test or a real delivery): nothing is enqueued for it until it is reactivated.'),
    deactivatedAt: z.string().nullable(),
    deactivatedReason: z.string().nullable(),
    createdAt: z.string().describe('ISO 8601. Nothing from the ledger before this moment is ever sent to the endpoint (spec Part 6.7).'),
    createdBy: z.string().nullable().describe('The Manager who added it.'),
    previousSecretExpiresAt: z
      .string()
      .nullable()
      .describe(`After a rotation: until when deliveries also carry a signature made with the previous secret (${WEBHOOK_SECRET_OVERLAP_HOURS} hours); null otherwise.`),
    latestDelivery: WebhookDelivery.nullable().describe('The delivery attempted last (or, before any attempt, enqueued last); null when none.'),
  })
  .meta({ id: 'WebhookEndpoint', description: 'A receiver of the organization’s ledger events. The secret is never listed; it is shown once, at creation or rotation.' });
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

const SECRET = z
  .string()
  .describe(
    '`whsec_` followed by the base64 of 32 random bytes: the HMAC-SHA256 key (base64-decoded) of `webhook-signature`. Shown only in this answer; store it now.',
  );

export const CreatedWebhookEndpoint = WebhookEndpoint.extend({ secret: SECRET }).meta({
  id: 'CreatedWebhookEndpoint',
  description: 'The endpoint just added, with its signing secret (returned this once).',
});

const IPV4_PART = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])';
export const WEBHOOK_URL_PATTERN = `^\\s*[Hh][Tt][Tt][Pp][Ss]?://(?:(?:[A-Za-z0-9-]+\\.)*[A-Za-z][A-Za-z0-9-]*|(?:${IPV4_PART}\\.){3}${IPV4_PART})(?::[0-9]{1,4})?(?:[/?#][^\\s\\u0000]*)?\\s*$`;

/** Loopback and private hosts are refused at send time unless WEBHOOK_ALLOW_PRIVATE=true; literal ones already here. */
export const CreateWebhookInput = z
  .object({
    url: z
      .string()
      .trim()
      .max(WEBHOOK_URL_MAX)
      .refine((v) => {
        try {
          const u = new URL(v);
          return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
        } catch {
          return false;
        }
      }, 'must be an http(s) URL')
      .refine((v) => {
        try {
          const u = new URL(v);
          return u.username === '' && u.password === '';
        } catch {
          return true;
        }
      }, 'must not carry a user name or password: endpoints are listed, and the signature already authenticates the sender')
      // The URL the refinements above take, for the document (the refinements have no JSON Schema):
      // a host name whose last label starts with a letter, or an IPv4 address; no user name or password.
      .meta({ pattern: WEBHOOK_URL_PATTERN })
      .describe(
        'An http(s) URL (an IPv6 address in brackets is taken too). Loopback, private and link-local addresses are refused (400 here when written as such, and at every delivery after resolving the name) unless the server sets WEBHOOK_ALLOW_PRIVATE=true. An IPv4 address inside IPv6 (mapped, translated, compatible, NAT64, 6to4, Teredo) is judged as that IPv4 address; other IPv6 only in global unicast (2000::/3).',
      ),
    events: z
      .array(z.string())
      .max(LEDGER_ACTION_NAMES.length * 2)
      .default([])
      .superRefine((names, ctx) => {
        const unknown = names.filter((n) => !(LEDGER_ACTION_NAMES as readonly string[]).includes(n));
        if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: `unknown event name ${unknown.map((n) => `"${n}"`).join(', ')}: use the ledger action names (LedgerAction)` });
      })
      .transform((names) => [...new Set(names)] as z.infer<typeof LedgerAction>[])
      // The refinement above, for the document.
      .meta({ items: { type: 'string', enum: LEDGER_ACTION_NAMES } })
      .describe(`Ledger action names to send; empty or absent means every event. Names repeated count once. One of: ${LEDGER_ACTION_NAMES.join(', ')}.`),
  })
  .meta({ id: 'CreateWebhookInput', description: 'A new endpoint: where to POST, and which ledger actions.' });
export type CreateWebhookInput = z.infer<typeof CreateWebhookInput>;

export const WebhookTestResult = z
  .object({
    webhookId: z.string().describe('The `webhook-id` of the test delivery.'),
    delivered: z.boolean().describe('True when the receiver answered 2xx within 15 seconds.'),
    statusCode: z.number().int().nullable().describe('The receiver’s HTTP status; null when it gave none.'),
    durationMs: z.number().int().describe('Time from sending to the end of the answer (or the failure).'),
    bodyExcerpt: z.string().nullable().describe('The first 1,024 characters of the receiver’s answer body (at most 64 KiB are read).'),
    error: z.string().nullable().describe('Why it did not succeed, in words; null when delivered.'),
    deactivated: z.boolean().describe('True when the answer was 410 and the endpoint is now deactivated.'),
  })
  .meta({ id: 'WebhookTestResult', description: 'The receiver’s answer to one signed `webhook.test` delivery sent just now (not retried).' });
export type WebhookTestResult = z.infer<typeof WebhookTestResult>;

export const WebhookSecretRotation = z
  .object({
    id: z.string(),
    secret: SECRET,
    previousSecretExpiresAt: z.string().describe(`Until then every delivery carries two signatures, one per secret (${WEBHOOK_SECRET_OVERLAP_HOURS} hours).`),
  })
  .meta({ id: 'WebhookSecretRotation', description: 'The endpoint’s new signing secret. The previous one keeps signing alongside it for the overlap, then stops.' });

export const WebhookReplayInput = z
  .object({
    since: z.iso.datetime({ offset: true }).optional().describe('Replay ledger rows written at or after this time (ISO 8601).'),
    applicationId: z.string().min(1).max(64).optional().describe('Only this case (needed with `fromSeq`).'),
    fromSeq: z.number().int().min(1).max(INT4_MAX).optional().describe('Replay the case’s rows from this seq on.'),
  })
  .refine((v) => v.since !== undefined || v.fromSeq !== undefined, { message: 'give `since` or `fromSeq` (with `applicationId`)', path: ['since'] })
  .refine((v) => v.fromSeq === undefined || v.applicationId !== undefined, { message: '`fromSeq` counts within one case: give `applicationId` too', path: ['applicationId'] })
  .meta({
    id: 'WebhookReplayInput',
    // The refinements, for the OpenAPI document.
    anyOf: [{ required: ['since'] }, { required: ['fromSeq'] }],
    dependentRequired: { fromSeq: ['applicationId'] },
    description:
      'Which ledger rows to send again. Only rows written after the endpoint was created and matching its `events` are replayed; each keeps the `webhook-id` it had, so a receiver that did get it can drop it. Replayed deliveries queue behind what is already pending for each case.',
  });
export type WebhookReplayInput = z.infer<typeof WebhookReplayInput>;

export const WebhookReplayResult = z
  .object({ enqueued: z.number().int().min(0).describe('Deliveries enqueued, one per ledger row replayed.') })
  .meta({ id: 'WebhookReplayResult' });

export const WebhookDeliveriesQuery = z.object({
  limit: integerParam(1, 500).default(100).describe('How many, newest first (at most 500).'),
  before: integerParam(1, Number.MAX_SAFE_INTEGER).optional().describe('Only deliveries older than this delivery id (the next page).'),
  status: WebhookDeliveryStatus.optional().describe('Only deliveries in this state.'),
});

/**
 * The JSON body of every delivery (spec Part 6.1). `data.seq` is ours: a receiver of a replay or
 * a resend can put rows back in order with it.
 */
export const WebhookEventPayload = z
  .object({
    id: z.string().describe('Equal to the `webhook-id` header.'),
    type: z.string().describe('The ledger action, or `webhook.test`.'),
    at: z.string().describe('ISO 8601: when the ledger row was written (for a test, when it was sent).'),
    application: z.string().nullable().describe('The case; null for a test delivery.'),
    data: z.object({
      actor: z.string(),
      target: z.string(),
      detail: z.record(z.string(), z.unknown()),
      seq: z.number().int().nullable().describe('The row’s seq in its case (our addition to the spec’s shape); null for a test.'),
    }),
  })
  .meta({ id: 'WebhookEventPayload', description: 'The body POSTed to a receiver, signed per Standard Webhooks.' });
export type WebhookEventPayload = z.infer<typeof WebhookEventPayload>;
