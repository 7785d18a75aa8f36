import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../../clock.js';
import { Throttle } from '../../throttle/throttle.js';

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
    throttle: Throttle;
  }
}

/** What every area builds on, built once per app from its database and clock. */
export default fp(
  async function services(app: FastifyInstance, opts: { clock: Clock }) {
    app.decorate('clock', opts.clock);
    app.decorate('throttle', new Throttle(app.db, opts.clock));
  },
  { name: 'services' },
);
