import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import intelTemplateRoutes from './routes.js';
import { IntelTemplateLibrary } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The intel template library; briefs find the version they answer with `activeForBrief`. */
    intelTemplates: IntelTemplateLibrary;
  }
}

export default fp(
  async function intelTemplates(app: FastifyInstance) {
    app.decorate('intelTemplates', new IntelTemplateLibrary({ db: app.db, officialOrgId: app.officialOrgId }));
    await app.register(intelTemplateRoutes);
  },
  { name: 'intel-templates', dependencies: ['library'] },
);
