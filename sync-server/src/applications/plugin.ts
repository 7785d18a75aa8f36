/**
 * The applications area (spec tags `intake`, `files`): cases pinned to a list version, and their
 * source files.
 *
 *   service.ts      create, list and read cases; record received files (guest page quota);
 *                   mark a file removed (the gate decides when, runs area)
 *   intake.ts       receives multipart uploads as they stream: blob store, PDF checks, limits
 *   pdf-probe.ts    opens each stored file on a worker thread for its page count (and refusal)
 *   repository.ts   every SQL statement of the cases' tables; rows.ts their API shapes
 *   routes.ts       POST/GET /applications, GET /applications/{id}, POST /applications/{id}/files
 *
 * Decorates `app.applications`, which the runs area uses to create cases and record files
 * inside the run call's transaction.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Intake } from './intake.js';
import { createPdfProbe } from './pdf-probe.js';
import applicationRoutes from './routes.js';
import { ApplicationService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    applications: ApplicationService;
  }
}

export default fp(
  async function applications(app: FastifyInstance) {
    const probe = createPdfProbe({ reserve: app.config.orgReserveSlots, stats: app.queueStats, log: app.log });
    app.addHook('onClose', async () => probe.close());
    const intake = new Intake({ db: app.db, blobs: app.blobs, probe });
    const service = new ApplicationService({ db: app.db, clock: app.clock, lists: app.library.lists, ledger: app.ledger, intake });
    app.decorate('applications', service);
    await app.register(applicationRoutes, { applications: service });
  },
  { name: 'applications', dependencies: ['services', 'identity', 'library', 'ledger'] },
);
