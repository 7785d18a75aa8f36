import type { FastifyPluginAsync } from 'fastify';
import { libraryCollections } from './collections/index.js';
import syncRoutes from './routes.js';

/** Replication for the desktop app: `/sync/<collection>/…` operations, live from `app.changes`. */
const sync: FastifyPluginAsync = async (app) => {
  await app.register(syncRoutes, { collections: libraryCollections(app), feed: app.changes, right: 'library.read' });
};

export default sync;
