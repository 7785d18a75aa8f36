/**
 * The learning area: an organization's runs learning from its own reviewers (issue 26, part 5).
 * No operations of its own: it listens to the documents area's decisions and hands the run engine
 * an adapter per organization.
 *
 *   service.ts      what a decision teaches (a type example, a field anchor), forgetting what an
 *                   undone decision taught, and the typer and reader a run of the organization
 *                   reads with (the pure logic is analyzer/learn)
 *   repository.ts   the SQL of the examples (migration 021)
 *
 * Decorates `app.learning`. Nothing it stores leaves the server: examples are rows of the
 * organization's own database, read only by its own runs.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LearningService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    learning: LearningService;
  }
}

export default fp(
  async function learning(app: FastifyInstance) {
    const service = new LearningService({ library: app.library });
    app.decorate('learning', service);
    // In the decision's transaction: an example stands or falls with the decision that taught it.
    app.documents.decided.push((tx, event) => service.capture(tx, event));
    app.documents.undone.push((tx, decision) => service.forget(tx, decision.decisionId));
    app.runs.engine.adapters.push((q, orgId, catalogue) => service.adapter(q, orgId, catalogue));
  },
  { name: 'learning', dependencies: ['services', 'library', 'runs', 'documents'] },
);
