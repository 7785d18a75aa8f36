import type { FastifyInstance, FastifyPluginAsync, FastifyPluginCallback } from 'fastify';
import { API_BASE_PATH } from '@portal/shared';
import analysis from './analysis/plugin.js';
import applications from './applications/plugin.js';
import assistant from './assistant/plugin.js';
import briefs from './briefs/plugin.js';
import contact from './contact/plugin.js';
import documents from './documents/plugin.js';
import health from './health/plugin.js';
import identity from './identity/plugin.js';
import insights from './insights/plugin.js';
import learning from './learning/plugin.js';
import ledger from './ledger/plugin.js';
import library, { LIBRARY_TAGS } from './library/plugin.js';
import models from './models/plugin.js';
import runs from './runs/plugin.js';
import sets from './sets/plugin.js';
import sync from './sync/plugin.js';
import webhooks from './webhooks/plugin.js';

/**
 * An area of the API: one folder, one plugin, and the spec tags its operations carry. A reader
 * looking for an operation goes to the folder its tag names; the guard below keeps that true.
 */
export interface Area {
  name: string;
  /** The spec tags of its operations; an operation under /api tagged otherwise stops the start. */
  tags: readonly string[];
  /** Builds the area's services, decorates them on the app (fastify-plugin) and registers its routes. */
  plugin: FastifyPluginAsync | FastifyPluginCallback;
}

/**
 * Every area, in registration order. The auth hook, CORS and WebSocket support are registered
 * before them (app.ts), so order matters only for start-up dependencies, not for security.
 */
export const AREAS: readonly Area[] = [
  // Who people and programs are: sign-up, sessions, passwords, users, the organization, API and
  // guest keys, the access matrix. Other areas create and read organizations through `app.identity`.
  { name: 'identity', tags: ['access', 'keys', 'users'], plugin: identity },
  // `/healthz` and `/openapi.json`.
  { name: 'health', tags: ['health'], plugin: health },
  // Messages from the public site to the team.
  { name: 'contact', tags: ['contact'], plugin: contact },
  // Which model each analyzer stage runs on, per organization (`app.models.modelFor`).
  { name: 'models', tags: ['models'], plugin: models },
  // Versioned lists and catalogues, extraction schemas, workflows, intel templates, bundles,
  // saved sections, and the live collaborative editor of draft lists (`app.library`).
  { name: 'library', tags: LIBRARY_TAGS, plugin: library },
  // The append-only, hash-chained trail of every case (`app.ledger.append(tx, row)`).
  { name: 'ledger', tags: ['ledger'], plugin: ledger },
  // Ledger events POSTed to the organization's endpoints, enqueued by the ledger's listener (`app.webhooks`).
  { name: 'webhooks', tags: ['webhooks'], plugin: webhooks },
  // Cases pinned to a list version, and their source files, streamed into the blob store (`app.applications`).
  { name: 'applications', tags: ['intake', 'files'], plugin: applications },
  // The gate and the run engine: the run call, bypass, cancel, runs as jobs calling the analyzer (`app.runs`).
  { name: 'runs', tags: ['runs'], plugin: runs },
  // What people decide about the documents runs proposed, and what integrators read: the list,
  // decisions, filed PDFs, the case as text (`app.documents`).
  { name: 'documents', tags: ['documents', 'approved-docs'], plugin: documents },
  // What a case is checked against: another list or version, lines waived or added by hand for
  // one case, relisting its documents (`app.expectedDocs`).
  { name: 'sets', tags: ['sets'], plugin: sets },
  // What integrators' own engines read of a file, which runs take instead of reading those pages
  // (hooks into `app.runs.engine`; `app.analysis`).
  { name: 'analysis', tags: ['analysis'], plugin: analysis },
  // What an organization's reviewers teach its runs: examples from approvals and corrected values,
  // and the typer and reader its runs use with them (`app.learning`). No operations of its own.
  { name: 'learning', tags: [], plugin: learning },
  // Intel templates answered over a case, a job per question, every citation checked (`app.briefs`).
  { name: 'briefs', tags: ['intel-briefs'], plugin: briefs },
  // The case assistant: conversations per case and caller, each answer a server-sent event stream.
  { name: 'assistant', tags: ['agent', 'agent-stream'], plugin: assistant },
  // How well the analyzer reads the organization's documents, counted from its ledger (our addition).
  { name: 'insights', tags: ['insights'], plugin: insights },
  // Replication to the desktop app: `/sync/<collection>/pull|push|stream`, reading through the
  // services of the areas that own the data.
  { name: 'sync', tags: ['sync'], plugin: sync },
];

/**
 * Registers the areas in order, each under a guard: while an area registers, every route it adds
 * under /api must carry at least one tag, all of them the area's. Areas are fastify-plugins, so
 * that the services they decorate reach the others; the guard therefore follows which area is
 * registering rather than living in a context of the area's own (which would hide those services).
 */
export async function registerAreas(api: FastifyInstance, areas: readonly Area[]): Promise<void> {
  let current: Area | undefined;
  api.addHook('onRoute', (route) => {
    if (!current || !route.url.startsWith(`${API_BASE_PATH}/`)) return;
    const tags = (route.schema as { tags?: string[] } | undefined)?.tags ?? [];
    const foreign = tags.filter((t) => !current!.tags.includes(t));
    if (tags.length === 0 || foreign.length > 0) {
      const methods = [route.method].flat().join(',');
      throw new Error(
        `${methods} ${route.url} is registered by the ${current.name} area, which serves the tags ${current.tags.join(', ')}, ` +
          (tags.length === 0 ? 'but has no tag' : `but is tagged ${foreign.join(', ')}`) +
          ': tag it with its area, or move it to the area its tag names (sync-server/src/areas.ts)',
      );
    }
  });
  for (const area of areas) {
    current = area;
    await api.register(area.plugin);
  }
  current = undefined;
}
