/**
 * The insights area (tag `insights`, our addition): how well the analyzer reads one
 * organization's documents, measured from what its people decided about what runs read.
 *
 *   repository.ts   the one statement: readings from the ledger, judged by the active decisions
 *                   on their pages, aggregated per type, field, week and confidence bin
 *   service.ts      the filters' checks, the contract's shape, the names people know
 *   routes.ts       GET /insights/analyzer (right `insights.read`: Managers)
 *
 * Decorates nothing; reads the library's names through `app.library`. Nothing is recorded for
 * it: the ledger already says everything it counts.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import insightsRoutes from './routes.js';
import { InsightsService } from './service.js';

export default fp(
  async function insights(app: FastifyInstance) {
    const service = new InsightsService({
      db: app.db,
      workflows: async (orgId) => (await app.library.workflows.list(orgId)).map((w) => ({ id: w.id, name: w.name })),
      typeNames: async (q, orgId) => new Map([...(await app.library.catalogs.chain(q, orgId)).lookup].map(([docType, e]) => [docType, e.name])),
      fieldLabels: async (q, orgId, docType) => {
        const resolved = await app.library.schemas.resolveFor(q, orgId, docType);
        return new Map((resolved?.version.content.fields ?? []).map((f) => [f.name, f.label ?? '']));
      },
    });
    await app.register(insightsRoutes, { insights: service });
  },
  { name: 'insights', dependencies: ['services', 'identity', 'library'] },
);
