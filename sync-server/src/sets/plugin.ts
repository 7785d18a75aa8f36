/**
 * The sets area (spec tag `sets`, "set expected documents"): what a case is checked against.
 *
 *   service.ts      the list version a case is checked against, changed; lines waived, added or
 *                   cleared by hand for one case (each one transaction: the case, its documents
 *                   relisted, its ledger rows); the rules are shared/src/expected-docs.ts
 *   routes.ts       GET /applications/{id}/expected-docs, PUT …/expected-doc-list,
 *                   PUT and DELETE …/expected-docs/{expectedDocId}
 *
 * Its SQL is the applications area's (the case's row: `list_*`, `line_overrides`, migration 027),
 * reached through `app.applications`; the documents area relists a case (`app.documents`).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import setRoutes from './routes.js';
import { ExpectedDocsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    expectedDocs: ExpectedDocsService;
  }
}

export default fp(
  async function sets(app: FastifyInstance) {
    const service = new ExpectedDocsService({
      db: app.db,
      clock: app.clock,
      ledger: app.ledger,
      applications: app.applications,
      documents: app.documents,
      library: app.library,
    });
    app.decorate('expectedDocs', service);
    await app.register(setRoutes, { expectedDocs: service });
  },
  { name: 'sets', dependencies: ['services', 'library', 'ledger', 'applications', 'documents'] },
);
