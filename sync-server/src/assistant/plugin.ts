/**
 * The assistant area (spec tags `agent`, `agent-stream`): a conversation about one case.
 *
 *   service.ts      conversations (per case and caller), asking, and the turn job: the engine's
 *                   answer written as events, its citations checked, the turn stored
 *   turn-stream.ts  a turn's events as server-sent events, resumable with Last-Event-ID
 *   repository.ts   the SQL of conversations, turns and their events
 *   routes.ts       the operations above
 *
 * Engines, the case corpus and the citation check are `research/`'s, shared with briefs.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RESEARCH_LANE } from '../research/types.js';
import { ASSISTANT_TURN_JOB } from './repository.js';
import assistantRoutes from './routes.js';
import { AssistantService, type TurnJob } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    assistant: AssistantService;
  }
}

export default fp(
  async function assistant(app: FastifyInstance) {
    const service = new AssistantService({
      db: app.db,
      config: app.config,
      jobs: app.jobs,
      applications: app.applications,
      documents: app.documents,
      names: { chain: (q, orgId) => app.library.catalogs.chain(q, orgId), resolveFor: (q, orgId, docType) => app.library.schemas.resolveFor(q, orgId, docType) },
      models: app.models,
      log: app.log,
    });
    app.decorate('assistant', service);
    app.jobs.register<TurnJob>(ASSISTANT_TURN_JOB, (job, ctx) => service.answerTurn(job, ctx), { lane: RESEARCH_LANE });
    await app.register(assistantRoutes, { assistant: service });
  },
  { name: 'assistant', dependencies: ['services', 'identity', 'library', 'applications', 'documents', 'models'] },
);
