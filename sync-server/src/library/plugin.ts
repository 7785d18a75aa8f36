/**
 * The library area: every versioned kind (lists and document catalogues, extraction schemas,
 * workflows, intel templates) plus bundles and saved sections, behind one decorated object
 * `app.library`. Other areas (collaboration, sync, identity, runs) use these services and never
 * import the library's internals.
 *
 *   family-engine.ts    the SQL of versioned families (the repository every kind shares)
 *   family-service.ts   read / save / new-version / rename / activate, official content read-only
 *   family-routes.ts    the route set those operations have, built per kind
 *   engines.ts          each kind's engine, wired together
 *   kinds/<kind>/       kind.ts (content, validation, activation gate), service.ts, routes.ts
 *   bundles/, saved-sections/, official/ (the official content seeded at start)
 *   collab/             the collaborative editor of draft lists (Yjs over WebSocket)
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../db/db.js';
import bundleRoutes from './bundles/routes.js';
import collab from './collab/plugin.js';
import collabRoutes from './collab/routes.js';
import websocket from '../plugins/external/websocket.js';
import { BundleService } from './bundles/service.js';
import { libraryEngines, type LibraryEngines } from './engines.js';
import { FingerprintMemo, LibraryFingerprints } from './fingerprints.js';
import catalogRoutes from './kinds/catalogs/routes.js';
import { CatalogService } from './kinds/catalogs/service.js';
import intelTemplateRoutes from './kinds/intel-templates/routes.js';
import { IntelTemplateLibrary } from './kinds/intel-templates/service.js';
import expectedDocListRoutes from './kinds/lists/routes.js';
import { ListService } from './kinds/lists/service.js';
import extractionSchemaRoutes from './kinds/schemas/routes.js';
import { SchemaService } from './kinds/schemas/service.js';
import workflowRoutes from './kinds/workflows/routes.js';
import { WorkflowLibrary } from './kinds/workflows/service.js';
import { seedOfficialContent } from './official/seed.js';
import savedSectionRoutes from './saved-sections/routes.js';
import { SavedSectionService } from './saved-sections/service.js';

/** What the library offers the other areas. */
export interface Library {
  /** The organization that publishes the official content. */
  officialOrgId: string;
  engines: LibraryEngines;
  lists: ListService;
  catalogs: CatalogService;
  schemas: SchemaService;
  workflows: WorkflowLibrary;
  intelTemplates: IntelTemplateLibrary;
  bundles: BundleService;
  savedSections: SavedSectionService;
  /** The official document catalogues with an active version: what an organization may mark. */
  officialCatalogIds(q: Queryable): Promise<string[]>;
  /** What conditional GETs tag their answers with, remembered until a change. */
  fingerprints: LibraryFingerprints;
}

declare module 'fastify' {
  interface FastifyInstance {
    library: Library;
    /** The organization that publishes the official content (seeded at start). */
    officialOrgId: string;
  }
}

/** The spec tags this area serves. */
export const LIBRARY_TAGS = [
  'expected-doc-list-library',
  'expected-doc-list-editor',
  'saved-sections',
  'bundle-catalogue',
  'doc-type-extraction-schemas',
  'workflow-library',
  'intel-library',
] as const;

export default fp(
  async function library(app: FastifyInstance) {
    // Idempotent, and serialized between instances by an advisory lock.
    const { orgId: officialOrgId } = await seedOfficialContent(app.db);
    const db = app.db;
    const engines = libraryEngines(officialOrgId);
    const memo = new FingerprintMemo(officialOrgId);
    memo.start(app.changes);
    app.addHook('onClose', async () => memo.stop());
    // A caller's own write is seen by its next read on this instance at once; other instances
    // hear of it on `portal_changes`.
    app.addHook('onSend', async (request) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && request.caller) memo.forget(request.caller.orgId);
    });
    const lists = new ListService(db, engines.lists, officialOrgId);
    const catalogs = new CatalogService(db, engines.lists, engines.chains, engines.schemas, officialOrgId);
    const workflows = new WorkflowLibrary({ db, engine: engines.workflows, tools: engines.workflowTools, officialOrgId });
    const library: Library = {
      officialOrgId,
      engines,
      lists,
      catalogs,
      schemas: new SchemaService(db, engines.schemas, catalogs, officialOrgId),
      workflows,
      intelTemplates: new IntelTemplateLibrary({ db, engine: engines.intelTemplates, officialOrgId }),
      bundles: new BundleService(db, catalogs, lists),
      savedSections: new SavedSectionService(db, lists, engines.chains, officialOrgId),
      officialCatalogIds: (q) => catalogs.officialCatalogIds(q),
      fingerprints: new LibraryFingerprints(db, officialOrgId, memo),
    };
    app.decorate('library', library);
    app.decorate('officialOrgId', officialOrgId);
    // A new organization starts with its own active copy of the official standard workflow.
    app.organizationInitializers.push((tx, org) => workflows.installDefault(tx, org));

    // Routes in a context of their own, so the area's tag guard sees only them.
    await app.register(async (routes) => {
      await routes.register(expectedDocListRoutes, { lists });
      await routes.register(catalogRoutes, { catalogs });
      await routes.register(extractionSchemaRoutes, { service: library.schemas });
      await routes.register(workflowRoutes, { workflows });
      await routes.register(intelTemplateRoutes, { templates: library.intelTemplates });
      await routes.register(bundleRoutes);
      await routes.register(savedSectionRoutes);
    });
    // The live editor of draft lists: it hears of every REST save through `lists`. WebSocket
    // support wraps the handlers of the routes registered after it, so only this one gets it.
    await app.register(collab);
    await app.register(async (editor) => {
      await editor.register(websocket);
      await editor.register(collabRoutes);
    });
  },
  { name: 'library', dependencies: ['services', 'identity'] },
);
