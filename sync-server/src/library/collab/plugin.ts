import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CollabHub } from './collab-hub.js';
import { ListCollab } from './list-collab.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Collaborative draft lists: the editors' endpoint uses it, and REST saves write into it. */
    listCollab: ListCollab;
  }
}

/** Opens the collaboration hub and hears of every REST save of a draft list through the library. */
export default fp(
  async function collab(app: FastifyInstance) {
    const hub = new CollabHub(app.db, app.log);
    await hub.start();
    app.decorate('listCollab', new ListCollab(app.db, hub, app.library.lists, app.clock, app.jobs));
    app.addHook('preClose', async () => hub.close());
  },
  { name: 'collab' },
);
