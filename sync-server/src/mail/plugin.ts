import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { join } from 'node:path';
import type { Queryable } from '../db/db.js';
import { exponentialBackoff } from '../jobs/retry-schedule.js';
import { createMailer, type Mail } from './mailer.js';

/**
 * Queues a mail; pass the transaction of the change that causes it so both land or neither.
 * Sending happens in a job: a slow or absent mail server never slows a request, and a
 * response never reveals, by its timing, whether a mail was sent.
 */
export type SendMail = (mail: Mail & { orgId?: string | null }, q?: Queryable) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    sendMail: SendMail;
  }
}

export const MAIL_JOB = 'mail.send';

export default fp(
  async function mail(app: FastifyInstance) {
    const mailer = createMailer({
      smtpUrl: app.config.smtpUrl,
      from: app.config.mailFrom,
      outboxDir: join(app.config.dataDir, 'outbox'),
    });
    app.jobs.register<Mail>(
      MAIL_JOB,
      async (job) => {
        const result = await mailer.send(job.payload);
        // Keep who and what, drop the body: it may hold a reset link that must not outlive its use.
        await app.db.query(
          `UPDATE jobs SET payload = jsonb_build_object('to', payload->'to', 'subject', payload->'subject') WHERE id = $1`,
          [job.id],
        );
        // The recipient and subject only: mails carry reset links, which must never reach a log.
        app.log.info({ to: job.payload.to, subject: job.payload.subject, ...result }, 'mail sent');
      },
      { retry: exponentialBackoff(30_000, 30 * 60_000) },
    );
    app.decorate('sendMail', async (m: Mail & { orgId?: string | null }, q?: Queryable) => {
      await app.jobs.enqueue({ kind: MAIL_JOB, orgId: m.orgId ?? null, payload: { to: m.to, subject: m.subject, text: m.text }, maxAttempts: 8 }, q);
    });
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mail' },
);
