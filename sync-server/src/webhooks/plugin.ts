/**
 * The webhooks area (spec tag `webhooks`, Part 6): ledger events POSTed to an organization's
 * endpoints, signed per Standard Webhooks.
 *
 *   service.ts         endpoints (add, list, remove, test, reactivate, rotate the secret), their
 *                      deliveries (list, resend), replay; and the ledger listener (the outbox)
 *   dispatcher.ts      sends the outbox: lanes per endpoint and case, leases, retries
 *   sender.ts          one signed POST: no redirects, a capped answer, 15 s, no private addresses
 *   retry-schedule.ts  the 14 waits between attempts (spec Part 6.4)
 *   repository.ts      the SQL of endpoints, deliveries and lanes
 *   routes.ts          the operations, for signed-in Managers only
 *
 * Decorates `app.webhooks`. Deliveries are enqueued by `app.ledger`'s listener in the ledger
 * row's transaction, so this area registers right after the ledger, before anything appends.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { WebhookDispatcher } from './dispatcher.js';
import { WEBHOOKS_CHANNEL } from './repository.js';
import webhookRoutes from './routes.js';
import { WebhookSender } from './sender.js';
import { WebhookService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: { service: WebhookService; dispatcher: WebhookDispatcher };
  }
}

/** Lanes one job worker sends to at the same time. */
const LANES_PER_WORKER = 16;

export default fp(
  async function webhooks(app: FastifyInstance) {
    const sender = new WebhookSender({ allowPrivate: app.config.webhookAllowPrivate });
    const service = new WebhookService({ db: app.db, clock: app.clock, sender });
    const dispatcher = new WebhookDispatcher(
      { db: app.db, clock: app.clock, sender },
      {
        concurrency: Math.max(1, app.config.workers) * LANES_PER_WORKER,
        reserve: app.config.orgReserveSlots,
        stats: app.queueStats,
        leaseMs: app.config.jobLeaseMs,
        pollMs: app.config.jobPollMs,
        log: app.log,
      },
    );
    app.decorate('webhooks', { service, dispatcher });
    app.ledger.listeners.push(service.onLedgerRow);

    let unlisten: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      if (app.config.workers <= 0) return;
      // Every instance's dispatcher wakes when any instance commits a delivery.
      unlisten = await app.db.listen(WEBHOOKS_CHANNEL, () => dispatcher.wake());
      dispatcher.start();
    });
    // Before the database closes (onClose): deliveries in flight finish or are left to their leases.
    app.addHook('preClose', async () => {
      await dispatcher.stop(app.config.shutdownGraceMs);
      await unlisten?.().catch(() => {});
      sender.close();
    });
    await app.register(webhookRoutes, { webhooks: service });
  },
  { name: 'webhooks', dependencies: ['services', 'identity', 'ledger'] },
);
