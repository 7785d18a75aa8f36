/**
 * The analysis area (spec tag `analysis`, "analysis ingest"): what integrators' own engines read
 * of a case's source files, taken by runs instead of reading those pages.
 *
 *   normalize.ts    the two formats (the corpus scorer's predictions with page text; Azure AI
 *                   Document Intelligence's analyzeResult) into one form, checked against the file,
 *                   the catalogue and the extraction schemas
 *   service.ts      receive an ingest (ledger `analysis.ingested`), list them, hand the ones in
 *                   force to a run, mark them used when it lands
 *   repository.ts   the SQL of `analysis_ingests` (migration 028)
 *   routes.ts       POST /applications/{id}/files/{fileId}/analysis, GET /applications/{id}/analysis
 *
 * Decorates `app.analysis`. Hooks into the run engine (`ingests`, `landed`): the engine knows an
 * ingest only as runs/ingested.ts describes it.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import analysisRoutes from './routes.js';
import { AnalysisService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    analysis: AnalysisService;
  }
}

export default fp(
  async function analysis(app: FastifyInstance) {
    const service = new AnalysisService({
      db: app.db,
      clock: app.clock,
      ledger: app.ledger,
      applications: app.applications,
      library: app.library,
      throttle: app.throttle,
      limits: app.config.analysisIngests,
    });
    app.decorate('analysis', service);
    app.runs.engine.ingests.push((q, applicationId, fileIds) => service.ingestedFor(q, applicationId, fileIds));
    app.runs.engine.landed.push((tx, run) => service.markUsed(tx, run));
    await app.register(analysisRoutes, { analysis: service });
  },
  { name: 'analysis', dependencies: ['services', 'library', 'ledger', 'applications', 'runs'] },
);
