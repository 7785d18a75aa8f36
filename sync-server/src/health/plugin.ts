import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import healthRoutes from './routes.js';
import { HealthService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    health: HealthService;
  }
}

/** Health and the contract itself (`/healthz`, `/openapi.json`): spec tag `health`. */
export default fp(
  async function health(app: FastifyInstance) {
    app.decorate('health', new HealthService({ db: app.db, startedAt: app.startedAt }));
    await app.register(healthRoutes);
  },
  { name: 'health', dependencies: ['swagger'] },
);
