import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DocumentBundle, errorResponses, SaveDocumentBundleInput } from '@portal/shared';
import { requireCaller } from '../../identity/caller.js';

const TAGS = ['bundle-catalogue'];
const BundleParams = z.object({ bundleId: z.string().min(1).max(64).describe('Catalogue bundle id.') });

const bundleRoutes: FastifyPluginAsyncZod = async (app) => {
  const bundles = app.library.bundles;

  app.get(
    '/document-bundles',
    {
      config: { access: 'library.read', etag: (request) => app.library.fingerprints.table(requireCaller(request).orgId, 'document_bundles') },
      schema: { tags: TAGS, summary: 'Your document bundles, by name', response: { 200: z.array(DocumentBundle), ...errorResponses(401, 403) } },
    },
    async (request) => bundles.list(requireCaller(request).orgId),
  );

  app.post(
    '/document-bundles',
    {
      config: { access: 'library.edit' },
      schema: {
        tags: TAGS,
        summary: 'Create a bundle',
        description: '400 empty name, no members, a repeated member or one that is not a document type of your chain. 409 when the name exists (ignoring case).',
        body: SaveDocumentBundleInput,
        response: { 201: DocumentBundle, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await bundles.save(requireCaller(request).orgId, request.body)),
  );

  app.put(
    '/document-bundles/:bundleId',
    {
      config: { access: 'library.edit' },
      schema: {
        tags: TAGS,
        summary: 'Replace a bundle’s name and members',
        description: 'Lists that inserted the bundle keep their copy. 400 as for create; 404 no such bundle; 409 another bundle has the name.',
        params: BundleParams,
        body: SaveDocumentBundleInput,
        response: { 200: DocumentBundle, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => bundles.save(requireCaller(request).orgId, request.body, request.params.bundleId),
  );

  app.delete(
    '/document-bundles/:bundleId',
    {
      config: { access: 'library.edit' },
      schema: {
        tags: TAGS,
        summary: 'Delete a bundle',
        description: 'Lists that inserted it keep their subsection: an insert is a copy. 404 no such bundle.',
        params: BundleParams,
        response: { 204: z.undefined().describe('Deleted.'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await bundles.remove(requireCaller(request).orgId, request.params.bundleId);
      return reply.code(204).send();
    },
  );
};

export default bundleRoutes;
