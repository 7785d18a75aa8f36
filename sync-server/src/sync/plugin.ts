import type { FastifyPluginAsync } from 'fastify';
import { ChangeFeed } from './change-feed.js';
import { libraryCollections } from './collections/index.js';
import syncRoutes from './routes.js';

/** Replication for the desktop app: the change feed and `/sync/<collection>/…` operations. */
const sync: FastifyPluginAsync = async (app) => {
  const feed = new ChangeFeed(app.db);
  await feed.start();
  app.addHook('onClose', async () => feed.close());
  await app.register(syncRoutes, { collections: libraryCollections(app), feed, right: 'library.read' });
};

export default sync;
