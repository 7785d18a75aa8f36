import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import contactRoutes from './routes.js';
import { ContactService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    contact: ContactService;
  }
}

/** Messages from the public site to the team: spec tag `contact`. */
export default fp(
  async function contact(app: FastifyInstance) {
    app.decorate('contact', new ContactService({ db: app.db, config: app.config, throttle: app.throttle, sendMail: app.sendMail }));
    await app.register(contactRoutes);
  },
  { name: 'contact', dependencies: ['services', 'mail'] },
);
