import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateDocTypeExtractionSchemaInput,
  DocTypeExtractionSchema,
  DocTypeExtractionSchemaEdit,
  DocTypeExtractionSchemaRef,
  errorResponses,
  RenameInput,
  ResolvedExtractionSchema,
  SourceQuery,
  VersionParam,
} from '@portal/shared';
import { requireCaller } from '../access/auth-plugin.js';
import { SchemaService } from './service.js';

const TAGS = ['doc-type-extraction-schemas'];

const DocTypeParam = z.string().min(1).max(64).describe('Document type id.');
const SchemaParams = z.object({ docType: DocTypeParam, version: VersionParam });

const extractionSchemaRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new SchemaService(app.db, { officialOrgId: app.officialOrgId });
  const read = { access: 'library.read' } as const;
  const edit = { access: 'library.edit' } as const;

  app.post(
    '/doc-type-extraction-schemas',
    {
      config: edit,
      schema: {
        tags: TAGS,
        summary: 'Create the extraction schema of a document type',
        description:
          '201 with v1, a draft with no fields; a new document type is coined into custom-documents under `kind`. 200 with the existing schema (yours, else the official one) when the name already means a document type that has one. 400 no usable id, a reserved id, a page kind, or (for a new type) a kind that is not a docKind.',
        body: CreateDocTypeExtractionSchemaInput,
        response: {
          200: DocTypeExtractionSchemaRef.describe('The name already means a document type with a schema; nothing was written.'),
          201: DocTypeExtractionSchemaRef.describe('Created: v1, a draft.'),
          ...errorResponses(400, 401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      const result = await service.create(requireCaller(request), request.body);
      return reply.code(result.created ? 201 : 200).send(result.ref);
    },
  );

  app.get(
    '/doc-type-extraction-schemas/:docType/resolved',
    {
      config: read,
      schema: {
        tags: TAGS,
        summary: 'The schema extraction uses for a document type now',
        description:
          'The active version of your own schema, else the official one; a type with neither resolves to its docKind’s schema, then to `fallback`. 404 when the document type is not in your marked chain.',
        params: z.object({ docType: DocTypeParam }),
        response: { 200: ResolvedExtractionSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.resolve(requireCaller(request), request.params.docType),
  );

  app.get(
    '/doc-type-extraction-schemas/:docType/:version',
    {
      config: read,
      schema: {
        tags: TAGS,
        summary: 'One version of an extraction schema',
        params: SchemaParams,
        querystring: SourceQuery,
        response: { 200: DocTypeExtractionSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.read(requireCaller(request), request.params.docType, request.params.version, request.query.source),
  );

  app.put(
    '/doc-type-extraction-schemas/:docType/:version',
    {
      config: edit,
      schema: {
        tags: TAGS,
        summary: 'Save a draft schema',
        description: '400 when contract validation fails (repeated field names, options on a non-enum field). 409 on an active or superseded version, and on official schemas.',
        params: SchemaParams,
        querystring: SourceQuery,
        body: DocTypeExtractionSchemaEdit,
        response: { 200: DocTypeExtractionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.save(requireCaller(request), request.params.docType, request.params.version, request.body, request.query.source),
  );

  app.post(
    '/doc-type-extraction-schemas/:docType/:version/new-version',
    {
      config: edit,
      schema: {
        tags: TAGS,
        summary: 'Make the next version, a draft copy',
        description:
          'On your own schema v(N+1), a draft (409 when a newer version exists). On an official schema: your own v1 draft copy, which extraction prefers once active (409 when you already have versions of the type).',
        params: SchemaParams,
        querystring: SourceQuery,
        response: { 201: DocTypeExtractionSchemaRef, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.newVersion(requireCaller(request), request.params.docType, request.params.version, request.query.source)),
  );

  app.post(
    '/doc-type-extraction-schemas/:docType/:version/rename-as-new-version',
    {
      config: edit,
      schema: {
        tags: TAGS,
        summary: 'Make the next version under a new name',
        description: 'One atomic write: v(N+1), a draft, carries the new name; the document type id stays. 409 when a newer version exists, and on official schemas.',
        params: SchemaParams,
        querystring: SourceQuery,
        body: RenameInput,
        response: { 201: DocTypeExtractionSchemaRef, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.renameAsNewVersion(requireCaller(request), request.params.docType, request.params.version, request.body.name, request.query.source)),
  );

  app.post(
    '/doc-type-extraction-schemas/:docType/:version/activate',
    {
      config: edit,
      schema: {
        tags: TAGS,
        summary: 'Activate a draft schema: extraction reads it from now on',
        description: 'The active version it replaces becomes superseded in the same write. 409 when not a draft, or not complete enough (no fields, or an enum field without options).',
        params: SchemaParams,
        querystring: SourceQuery,
        response: { 200: DocTypeExtractionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.activate(requireCaller(request), request.params.docType, request.params.version, request.query.source),
  );
};

export default extractionSchemaRoutes;
