import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactAck, ContactInput, errorResponses } from '@portal/shared';

/** `POST /contact`, public; tag `contact`. */
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
      await app.contact.receive(request.body, request.ip);
      return { received: true as const, message: 'Thank you; we will answer by email.' };
    },
  );
};

export default contactRoutes;
