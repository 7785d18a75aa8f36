import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CoinDocTypeInput, DocumentTypeListing, errorResponses, ExpectedDoc, MarkedDocTypeCatalog } from '@portal/shared';
import { requireCaller } from '../../../identity/caller.js';
import { LIST_FAMILY } from '../lists/kind.js';
import { SCHEMA_FAMILY } from '../schemas/kind.js';
import type { CatalogService } from './service.js';

const TAGS = ['doc-type-extraction-schemas'];

/**
 * Spec "doc-type-extraction-schemas", the catalogue side: the marked chain, coining and the
 * document-type listing. (Marking a catalogue is an organization setting: identity's
 * `PUT /organization/marked-doc-type-catalog`, which asks `officialCatalogIds` here.)
 */
const catalogRoutes: FastifyPluginAsyncZod<{ catalogs: CatalogService }> = async (app, { catalogs }) => {
  app.get(
    '/doc-type-catalog/marked',
    {
      config: { access: 'library.read', etag: (request) => app.library.fingerprints.kinds(requireCaller(request).orgId, [LIST_FAMILY], { organization: true }) },
      schema: {
        tags: TAGS,
        summary: 'Your marked document catalogue, merged down to generic',
        response: { 200: MarkedDocTypeCatalog, ...errorResponses(401, 403) },
      },
    },
    async (request) => catalogs.marked(requireCaller(request).orgId),
  );

  app.post(
    '/doc-types',
    {
      config: { access: 'library.edit' },
      schema: {
        tags: TAGS,
        summary: 'Coin a document type into your custom-documents catalogue',
        description:
          '201 with the new entry, appended to custom-documents (created on first use; each coin makes its next active version). 200 with the existing entry, writing nothing, when the marked chain already has the id. 400 no usable id, a reserved id, or a kind that is not a docKind of the chain. 409 while custom-documents has a draft being edited.',
        body: CoinDocTypeInput,
        response: {
          200: ExpectedDoc.describe('The chain already has this document type; nothing was written.'),
          201: ExpectedDoc.describe('Coined into custom-documents.'),
          ...errorResponses(400, 401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      const result = await catalogs.coin(requireCaller(request).orgId, request.body);
      return reply.code(result.created ? 201 : 200).send(result.entry);
    },
  );

  app.get(
    '/document-types',
    {
      config: { access: 'library.read', etag: (request) => app.library.fingerprints.kinds(requireCaller(request).orgId, [LIST_FAMILY, SCHEMA_FAMILY], { organization: true }) },
      schema: {
        tags: TAGS,
        summary: 'The document types of your marked chain, with their schema versions',
        description: '`fallback` first, then by name. Page kinds and the requirement defaults are not document types and are left out.',
        response: { 200: z.array(DocumentTypeListing), ...errorResponses(401, 403) },
      },
    },
    async (request) => catalogs.documentTypes(requireCaller(request).orgId),
  );
};

export default catalogRoutes;
