import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactAck, ContactInput, errorResponses, newId } from '@portal/shared';

const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact',
    {
      config: { access: 'public' },
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the Compliance Portal team',
        description: '400 for a missing name, an invalid email or no topic picked; 429 when one address sends too many.',
        body: ContactInput,
        response: { 200: ContactAck, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const ack = { received: true as const, message: 'Thank you; we will answer by email.' };
      await app.throttle.hit(`contact:${request.ip}`, app.config.throttles.contact, 'Too many messages from this address');
      const m = request.body;
      // The honeypot: people never see the field, robots fill it. Accepted, kept nowhere.
      if (m.company) return ack;
      await app.db.transaction(async (tx) => {
        const id = newId('msg');
        await tx.query(
          'INSERT INTO contact_messages (id, name, email, topics, message, ip) VALUES ($1, $2, $3, $4, $5, $6)',
          [id, m.name, m.email, m.topics, m.message ?? null, request.ip],
        );
        if (app.config.contactInbox) {
          await app.sendMail(
            {
              to: app.config.contactInbox,
              subject: `Contact: ${m.topics.join(', ')} from ${m.name}`,
              text: [`From: ${m.name} <${m.email}>`, `Topics: ${m.topics.join(', ')}`, `Message id: ${id}`, '', m.message ?? '(no message)'].join('\n'),
            },
            tx,
          );
        }
      });
      return ack;
    },
  );
};

export default contactRoutes;
