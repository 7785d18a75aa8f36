/**
 * The ledger area (spec tag `ledger`): the append-only, hash-chained trail of every case.
 *
 *   service.ts   `append(tx, row)` for every other area, inside the transaction of its change;
 *                the events listing, the export and the chain check
 *   routes.ts    GET /applications/{id}/events, …/events/export, …/events/verify
 *
 * Other areas reach it as `app.ledger`; it reads nothing of theirs (a case's ledger exists from
 * its `application.created` row on, which is how it knows the case is the caller's).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import ledgerRoutes from './routes.js';
import { LedgerService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    ledger: LedgerService;
  }
}

export default fp(
  async function ledger(app: FastifyInstance) {
    const service = new LedgerService({ db: app.db, clock: app.clock });
    app.decorate('ledger', service);
    await app.register(ledgerRoutes, { ledger: service });
  },
  { name: 'ledger', dependencies: ['services', 'identity'] },
);
