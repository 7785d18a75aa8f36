/**
 * The briefs area (spec tag `intel-briefs`): intel templates answered over a case.
 *
 *   service.ts     start (the checks, the brief, a job per question), list, read, and the
 *                  section job: the engine's answer, its citations checked, the brief ready
 *   repository.ts  the SQL of briefs and their sections
 *   routes.ts      GET/POST /applications/{id}/intel-briefs, GET …/intel-briefs/{briefId}
 *
 * Engines, the case corpus and the citation check are `research/`'s, shared with the assistant.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RESEARCH_LANE } from '../research/types.js';
import { BRIEF_SECTION_JOB } from './repository.js';
import briefRoutes from './routes.js';
import { BriefService, type SectionJob } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    briefs: BriefService;
  }
}

export default fp(
  async function briefs(app: FastifyInstance) {
    const service = new BriefService({
      db: app.db,
      config: app.config,
      clock: app.clock,
      jobs: app.jobs,
      ledger: app.ledger,
      applications: app.applications,
      documents: app.documents,
      names: { chain: (q, orgId) => app.library.catalogs.chain(q, orgId), resolveFor: (q, orgId, docType) => app.library.schemas.resolveFor(q, orgId, docType) },
      templates: app.library.intelTemplates,
      organizations: app.identity.organizations,
      models: app.models,
      throttle: app.throttle,
      log: app.log,
    });
    app.decorate('briefs', service);
    app.jobs.register<SectionJob>(BRIEF_SECTION_JOB, (job, ctx) => service.answerSection(job, ctx), { lane: RESEARCH_LANE });
    await app.register(briefRoutes, { briefs: service });
  },
  { name: 'briefs', dependencies: ['services', 'identity', 'library', 'ledger', 'applications', 'documents', 'models'] },
);
