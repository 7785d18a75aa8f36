import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ListService } from '../expected-doc-lists/service.js';
import { CollabHub } from './collab-hub.js';
import { ListCollab } from './list-collab.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Collaborative draft lists: the editors' endpoint uses it, and REST saves write into it. */
    listCollab: ListCollab;
  }
}

/** Opens the collaboration hub before the list routes, which report their saves to it. */
export default fp(
  async function collab(app: FastifyInstance) {
    const hub = new CollabHub(app.db, app.log);
    await hub.start();
    app.decorate('listCollab', new ListCollab(app.db, hub, new ListService(app.db, { officialOrgId: app.officialOrgId }), app.clock));
    app.addHook('preClose', async () => hub.close());
  },
  { name: 'collab', dependencies: ['library'] },
);
