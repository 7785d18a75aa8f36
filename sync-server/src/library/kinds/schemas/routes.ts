import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateDocTypeExtractionSchemaInput,
  DocTypeExtractionSchema,
  DocTypeExtractionSchemaEdit,
  DocTypeExtractionSchemaRef,
  errorResponses,
  ResolvedExtractionSchema,
} from '@portal/shared';
import { requireCaller } from '../../../identity/caller.js';
import { familyRoutes } from '../../family-routes.js';
import { SCHEMA_FAMILY } from './kind.js';
import type { SchemaService } from './service.js';

const TAGS = ['doc-type-extraction-schemas'];

const DocTypeParam = z.string().min(1).max(64).describe('Document type id.');

/** Spec "doc-type-extraction-schemas": the schema routes (the catalogue's are in kinds/catalogs). */
const extractionSchemaRoutes: FastifyPluginAsyncZod<{ service: SchemaService }> = async (app, { service }) => {
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

  await app.register(
    familyRoutes({
      collection: '/doc-type-extraction-schemas',
      idParam: 'docType',
      idDescription: 'Document type id.',
      tags: { version: TAGS, lifecycle: TAGS },
      noun: 'extraction schema',
      schemas: { item: DocTypeExtractionSchema, ref: DocTypeExtractionSchemaRef, edit: DocTypeExtractionSchemaEdit, activated: DocTypeExtractionSchema },
      describe: {
        save: '400 when contract validation fails (repeated field names, options on a non-enum field).',
        newVersion: 'On an official schema’s active version: your own v1 draft copy, which extraction prefers once active (409 when you already have versions of the type).',
        activate: 'Extraction reads it from now on; the active version it replaces becomes superseded in the same write. Not complete enough: no fields, or an enum field without options.',
      },
      operations: service,
      fingerprint: (orgId) => app.library.fingerprints.kinds(orgId, [SCHEMA_FAMILY]),
    }),
  );
};

export default extractionSchemaRoutes;
