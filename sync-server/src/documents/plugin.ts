/**
 * The documents area (spec tags `documents`, `approved-docs`): what people decide about what
 * runs proposed, and what integrators read of it.
 *
 *   listing.ts      the document list of a case as a pure function of its runs' proposals and
 *                   its active decisions (the three rules of spec Part 2)
 *   service.ts      approve, settle, junk, correct (a key value), undo (each one transaction with
 *                   its ledger row; approvals and corrections announced on `decided`); the
 *                   list, completeness, filed PDFs, the case as text, pages as a PDF
 *   pdf-cutter.ts   cutting pages out of packets with pdf-lib, on worker threads (pdf-cut-worker.mjs)
 *   pdf.ts          byte ranges; file names
 *   markdown.ts     page markers and front matter
 *   repository.ts   the SQL of decisions, page claims, filed PDFs and the stored list (014)
 *   routes.ts       the operations above
 *
 * Decorates `app.documents`. Hooks into the run engine so a run that lands recomputes the list
 * of its case in the same transaction.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import documentRoutes from './routes.js';
import { createPdfCutter } from './pdf-cutter.js';
import { DocumentService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    documents: DocumentService;
  }
}

export default fp(
  async function documents(app: FastifyInstance) {
    const cutter = createPdfCutter();
    app.addHook('onClose', async () => cutter.close());
    const service = new DocumentService({
      db: app.db,
      clock: app.clock,
      blobs: app.blobs,
      ledger: app.ledger,
      applications: app.applications,
      cutter,
      // A corrected value is checked against the schema extraction resolves for the type (the library's ladder).
      schemaFor: async (q, orgId, docType) => {
        const resolved = await app.library.schemas.resolveFor(q, orgId, docType);
        if (!resolved) return undefined;
        return {
          own: resolved.step === 'docType',
          fields: resolved.version.content.fields.map((f) => ({ name: f.name, type: f.type, multiple: f.multiple ?? false, options: f.options ?? [] })),
        };
      },
    });
    app.decorate('documents', service);
    app.runs.engine.landed.push(async (tx, run) => {
      const { app: row } = await app.applications.require(tx, run.org_id, run.application_id);
      await service.rebuild(tx, row);
    });
    await app.register(documentRoutes, { documents: service });
  },
  { name: 'documents', dependencies: ['services', 'identity', 'library', 'ledger', 'applications', 'runs'] },
);
