import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import modelRoutes from './routes.js';
import { ModelService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    models: ModelService;
  }
}

/** Model options per analyzer stage and each organization's choice: spec tag `models`. */
export default fp(
  async function models(app: FastifyInstance) {
    app.decorate('models', new ModelService({ db: app.db, config: app.config }));
    await app.register(modelRoutes);
  },
  { name: 'models' },
);
