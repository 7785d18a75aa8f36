import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../../clock.js';
import type { OrganizationInitializer } from '../../organization/service.js';
import { Throttle } from '../../throttle/throttle.js';

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
    throttle: Throttle;
    /** Run inside the transaction that creates an organization; areas add theirs at start-up. */
    organizationInitializers: OrganizationInitializer[];
  }
}

/** Domain services shared by several areas, built once per app from its database and clock. */
export default fp(
  async function services(app: FastifyInstance, opts: { clock: Clock }) {
    app.decorate('clock', opts.clock);
    app.decorate('throttle', new Throttle(app.db, opts.clock));
    app.decorate('organizationInitializers', [] as OrganizationInitializer[]);
  },
  { name: 'services' },
);
