/**
 * The route set every versioned kind shares: read a version, save a draft, new-version,
 * rename-as-new-version (lists and schemas), activate — at `<collection>/{id}/{version}…`. A
 * kind's routes file calls this with its schemas, its service and the texts that differ, and
 * adds the operations only it has (create, listing, duplicate, set-default, …).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ID_PATTERN, RenameInput, SourceQuery, VersionParam } from '@portal/shared';
import { requireCaller } from '../identity/caller.js';
import type { LibraryActor, Source } from './family-service.js';

/** The operations of one kind, as its service provides them (responses already in contract shape). */
export interface FamilyOperations<Item, Ref, Edit, Activated> {
  read(actor: LibraryActor, id: string, version: number, source?: Source): Promise<Item>;
  save(actor: LibraryActor, id: string, version: number, body: Edit, source?: Source): Promise<Item>;
  newVersion(actor: LibraryActor, id: string, version: number, source?: Source): Promise<Ref>;
  activate(actor: LibraryActor, id: string, version: number, source?: Source): Promise<Activated>;
  renameAsNewVersion?(actor: LibraryActor, id: string, version: number, name: string, source?: Source): Promise<Ref>;
}

export interface FamilyRoutesDef<Item, Ref, Edit, Activated> {
  /** `/expected-doc-lists`, `/workflows`, … */
  collection: string;
  /** The id's path parameter, as the spec names it (`expectedDocListId`, `docType`, …), and its description. */
  idParam: string;
  idDescription: string;
  /** Longest id accepted (400 beyond it). */
  idMax?: number;
  /** The spec tags: reading and saving a version can belong to an editor tag, the lifecycle to the library tag. */
  tags: { version: string[]; lifecycle: string[] };
  noun: string;
  schemas: { item: z.ZodType<Item>; ref: z.ZodType<Ref>; edit: z.ZodType<Edit>; activated: z.ZodType<Activated> };
  /** What each operation's description says beyond the shared lifecycle rules. */
  describe: { read?: string; save: string; newVersion: string; activate: string; renameAsNewVersion?: string };
  operations: FamilyOperations<Item, Ref, Edit, Activated>;
  /** What a caller's versions of this kind are made of, for ETags (conditional GETs). */
  fingerprint(orgId: string): Promise<string>;
}

type VersionRequest = FastifyRequest<{ Params: Record<string, string | number>; Querystring: { source?: 'own' | 'official' } }>;

export function familyRoutes<Item, Ref, Edit, Activated>(def: FamilyRoutesDef<Item, Ref, Edit, Activated>): FastifyPluginAsyncZod {
  return async (typed) => {
    // The generic schemas below cannot be resolved into request and reply types at compile time;
    // they still validate and serialize every request and response at run time.
    const app = typed as unknown as FastifyInstance;
    // Ids are slugs (spec Part 2); one that cannot be is a 400 naming the rule, not a lookup.
    const id = z.string().min(1).max(def.idMax ?? 64).regex(ID_PATTERN, 'must be an id: lower-case letters and digits joined by single hyphens');
    const params = z.object({ [def.idParam]: id.describe(def.idDescription), version: VersionParam });
    const path = `${def.collection}/:${def.idParam}/:version`;
    const read = { access: 'library.read', etag: (request: FastifyRequest) => def.fingerprint(requireCaller(request).orgId) } as const;
    const edit = { access: 'library.edit' } as const;
    const ops = def.operations;
    const target = (request: VersionRequest) => ({
      actor: requireCaller(request),
      id: String(request.params[def.idParam]),
      version: Number(request.params.version),
      source: request.query.source,
    });

    app.get(
      path,
      {
        config: read,
        schema: {
          tags: def.tags.version,
          summary: `One version of a ${def.noun}`,
          description: def.describe.read ?? `Official drafts, and every ${def.noun} of another organization, are 404.`,
          params,
          querystring: SourceQuery,
          response: { 200: def.schemas.item, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const t = target(request as VersionRequest);
        return (await ops.read(t.actor, t.id, t.version, t.source));
      },
    );

    app.put(
      path,
      {
        config: edit,
        schema: {
          tags: def.tags.version,
          summary: 'Save a draft',
          description: `Only a draft is writable: 409 on an active or superseded version, and on official content. ${def.describe.save}`,
          params,
          querystring: SourceQuery,
          body: def.schemas.edit,
          response: { 200: def.schemas.item, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const t = target(request as VersionRequest);
        return (await ops.save(t.actor, t.id, t.version, request.body as Edit, t.source));
      },
    );

    app.post(
      `${path}/new-version`,
      {
        config: edit,
        schema: {
          tags: def.tags.lifecycle,
          summary: 'Make the next version from the active one, a draft copy',
          description: `201 with v(N+1), a draft. 409 when the version is not active (a draft is edited in place) or a newer version exists. ${def.describe.newVersion}`,
          params,
          querystring: SourceQuery,
          response: { 201: def.schemas.ref, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const t = target(request as VersionRequest);
        return reply.code(201).send((await ops.newVersion(t.actor, t.id, t.version, t.source)));
      },
    );

    const rename = ops.renameAsNewVersion?.bind(ops);
    if (rename) {
      app.post(
        `${path}/rename-as-new-version`,
        {
          config: edit,
          schema: {
            tags: def.tags.lifecycle,
            summary: 'Make the next version under a new name',
            description: `One atomic write: v(N+1), a draft, carries the new name; version N keeps its own. The id does not change. 409 when the version is not active, a newer version exists, or on official content. ${def.describe.renameAsNewVersion ?? ''}`.trim(),
            params,
            querystring: SourceQuery,
            body: RenameInput,
            response: { 201: def.schemas.ref, ...errorResponses(400, 401, 403, 404, 409) },
          },
        },
        async (request, reply) => {
          const t = target(request as VersionRequest);
          return reply.code(201).send((await rename(t.actor, t.id, t.version, (request.body as { name: string }).name, t.source)));
        },
      );
    }

    app.post(
      `${path}/activate`,
      {
        config: edit,
        schema: {
          tags: def.tags.lifecycle,
          summary: 'Activate a draft',
          description: `409 when the version is not a draft, or not complete enough to activate, and on official content. ${def.describe.activate}`,
          params,
          querystring: SourceQuery,
          response: { 200: def.schemas.activated, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const t = target(request as VersionRequest);
        return (await ops.activate(t.actor, t.id, t.version, t.source));
      },
    );
  };
}
