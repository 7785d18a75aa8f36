/**
 * The runs area (spec tag `runs`): the gate and the run engine.
 *
 *   service.ts            the run call (POST /workflows/{id}/runs), bypass, removing an unread
 *                         file at the gate, cancel
 *   engine.ts             runs as jobs: previewing → inventory → running → report, stage time
 *                         limits, resuming after a restart, returning stranded runs to the gate
 *   tools/                what each workflow tool does in a run (keyed by the library's tool ids)
 *   analyzer-port.ts      what the engine asks of the analyzer; analyzer-adapter.ts the embedded one
 *   repository.ts         the SQL of runs, pages read and documents proposed
 *   sample/               the sample case every guest sandbox starts with
 *   routes.ts             the operations above
 *
 * Decorates `app.runs`. Cases and files are the applications area's (`app.applications`).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { modelFor } from '../models/options.js';
import { localAnalyzer } from './analyzer-adapter.js';
import { RECOVER_JOB, RUN_JOB } from './repository.js';
import runRoutes from './routes.js';
import { installSampleCase } from './sample/sample-case.js';
import { RunService } from './service.js';
import type { RunStageJob } from './engine.js';

declare module 'fastify' {
  interface FastifyInstance {
    runs: RunService;
  }
}

export default fp(
  async function runs(app: FastifyInstance) {
    const analyzer = localAnalyzer({
      threads: app.config.analyzer.threads,
      readingProcess: app.config.analyzer.readingProcess ?? true,
      reserve: app.config.orgReserveSlots,
      xmlLimits: app.config.analyzer.xmlLimits,
      log: app.log,
      stats: app.queueStats,
    });
    const service = new RunService({
      db: app.db,
      clock: app.clock,
      blobs: app.blobs,
      jobs: app.jobs,
      ledger: app.ledger,
      applications: app.applications,
      library: app.library,
      identity: app.identity,
      analyzer,
      config: app.config,
      // Read through the caller's transaction (the models area's service reads through the pool).
      modelFor: (q, orgId, stage) => modelFor(q, app.config, orgId, stage),
      log: app.log,
    });
    app.decorate('runs', service);
    // Each guest sandbox starts with the sample case, already at its report.
    app.organizationInitializers.push((tx, org) =>
      installSampleCase(tx, org, { applications: app.applications, ledger: app.ledger, blobs: app.blobs, library: app.library, engine: service.engine, clock: app.clock }),
    );
    app.jobs.register<RunStageJob>(RUN_JOB, (job, ctx) => service.engine.handle(job, ctx));
    // Every minute, and at start: a run in flight that no job will move on goes back to the gate.
    app.jobs.register(RECOVER_JOB, async () => void (await service.engine.recover()), { every: 60_000 });
    // After the job queue has stopped (onClose hooks run in reverse order of registration).
    app.addHook('onClose', async () => service.analyzer.close());
    await app.register(runRoutes, { runs: service });
  },
  { name: 'runs', dependencies: ['services', 'identity', 'library', 'ledger', 'applications'] },
);
