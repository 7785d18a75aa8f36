import type { FastifyPluginAsync } from 'fastify';
import { caseCollections } from './collections/cases.js';
import { decisionRequestsCollection } from './collections/decision-requests.js';
import { libraryCollections } from './collections/index.js';
import type { SyncCollection } from './collection.js';
import syncRoutes from './routes.js';

/**
 * Replication for the desktop app: `/sync/<collection>/…` operations, live from `app.changes`.
 * The library's collections need `library.read`, the cases' `cases.read` (each says so). All are
 * read-only over sync but `decision-requests` (`documents.decide`): the reviewer's decisions,
 * applied through the documents and runs services.
 */
const sync: FastifyPluginAsync = async (app) => {
  const collections = [
    ...libraryCollections(app),
    ...caseCollections({ documents: app.documents }),
    decisionRequestsCollection({ db: app.db, documents: app.documents, runs: app.runs }) as unknown as SyncCollection,
  ];
  await app.register(syncRoutes, { collections, feed: app.changes, right: 'library.read' });
};

export default sync;
