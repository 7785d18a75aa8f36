import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreatedWebhookEndpoint,
  CreateWebhookInput,
  errorResponses,
  WebhookDeliveriesQuery,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookReplayInput,
  WebhookReplayResult,
  WebhookSecretRotation,
  WebhookTestResult,
} from '@portal/shared';
import { requireCaller } from '../identity/caller.js';
import type { WebhookService } from './service.js';

const TAGS = ['webhooks'];
const Params = z.object({ id: z.string().min(1).max(64).describe('Webhook endpoint id.') });
const DeliveryParams = Params.extend({ deliveryId: z.string().min(1).max(20).describe('Delivery id.') });

/** Webhook endpoints of your organization, for signed-in Managers only: an API key gets 403 (spec Part 5.4). */
const webhookRoutes: FastifyPluginAsyncZod<{ webhooks: WebhookService }> = async (app, { webhooks }) => {
  const manage = { access: 'webhooks.manage', usersOnly: true } as const;

  app.get(
    '/webhooks',
    {
      config: manage,
      schema: {
        tags: TAGS,
        summary: 'Webhook endpoints of your organization, newest first',
        description: 'Each with its latest delivery (status, the receiver’s answer code, time, attempts). The secret is never listed.',
        response: { 200: z.array(WebhookEndpoint), ...errorResponses(401, 403) },
      },
    },
    async (request) => webhooks.list(requireCaller(request).orgId),
  );

  app.post(
    '/webhooks',
    {
      config: manage,
      schema: {
        tags: TAGS,
        summary: 'Add an endpoint; its signing secret is shown only in this answer',
        description:
          'Every ledger row written from now on whose action is in `events` (all when empty) is POSTed to `url`, signed per Standard Webhooks; nothing from before is sent. 400 not an http(s) URL, a URL with credentials, a loopback or private address (unless the server allows them), or an unknown event name.',
        body: CreateWebhookInput,
        response: { 201: CreatedWebhookEndpoint, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => reply.code(201).send(await webhooks.create(requireCaller(request), request.body)),
  );

  app.delete(
    '/webhooks/:id',
    {
      config: manage,
      schema: {
        tags: TAGS,
        summary: 'Remove an endpoint and its delivery history',
        params: Params,
        response: { 204: z.undefined().describe('Removed, with every delivery to it.'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await webhooks.remove(requireCaller(request).orgId, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/webhooks/:id/test',
    {
      config: manage,
      schema: {
        tags: TAGS,
        summary: 'Send one signed `webhook.test` delivery now and report the answer',
        description:
          'Waits for the receiver (at most 15 seconds), records the delivery in the endpoint’s history and is not retried. Works on a deactivated endpoint too, to check a receiver before reactivating it. A 410 answer deactivates the endpoint.',
        params: Params,
        response: { 200: WebhookTestResult, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => webhooks.test(requireCaller(request), request.params.id),
  );

  app.post(
    '/webhooks/:id/reactivate',
    {
      config: manage,
      schema: {
        tags: TAGS,
        summary: 'Reactivate an endpoint deactivated by a 410 answer',
        description:
          'Ledger rows written from now on are sent again; those written while it was inactive are not, unless replayed (POST /webhooks/{id}/replay with `since`). Also 200 when it was active.',
        params: Params,
        response: { 200: WebhookEndpoint, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => webhooks.reactivate(requireCaller(request).orgId, request.params.id),
  );

  app.post(
    '/webhooks/:id/rotate-secret',
    {
      config: manage,
      schema: {
        tags: TAGS,
        summary: 'Replace the signing secret; the old one keeps signing for 24 hours',
        description:
          'Shown only in this answer. Until `previousSecretExpiresAt`, every delivery carries two signatures in `webhook-signature` (`v1,<new> v1,<old>`), so a receiver verifying with either secret accepts it; a second rotation ends the first one’s overlap.',
        params: Params,
        response: { 200: WebhookSecretRotation, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => webhooks.rotateSecret(requireCaller(request).orgId, request.params.id),
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      config: manage,
      schema: {
        tags: TAGS,
        summary: 'The endpoint’s deliveries, newest first',
        description: 'Page back with `before` (the last id of a page).',
        params: Params,
        querystring: WebhookDeliveriesQuery,
        response: { 200: z.array(WebhookDelivery), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => webhooks.deliveries(requireCaller(request).orgId, request.params.id, request.query),
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/resend',
    {
      config: manage,
      schema: {
        tags: TAGS,
        summary: 'Send one delivery again',
        description:
          'The same body and `webhook-id`, as a new delivery queued after what is pending for its case, with a fresh set of retries. 404 no such delivery of this endpoint. 409 the endpoint is deactivated.',
        params: DeliveryParams,
        response: { 202: WebhookDelivery, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => reply.code(202).send(await webhooks.resend(requireCaller(request).orgId, request.params.id, request.params.deliveryId)),
  );

  app.post(
    '/webhooks/:id/replay',
    {
      config: manage,
      schema: {
        tags: TAGS,
        summary: 'Send the ledger again from a time, or from a seq of one case',
        description:
          'For a receiver that lost data: every ledger row written at or after `since` (or the case’s rows from `fromSeq`), after the endpoint was created and matching its events, is enqueued again with its original `webhook-id`. 404 no such endpoint or application. 409 the endpoint is deactivated.',
        params: Params,
        body: WebhookReplayInput,
        response: { 202: WebhookReplayResult, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => reply.code(202).send(await webhooks.replay(requireCaller(request).orgId, request.params.id, request.body)),
  );
};

export default webhookRoutes;
