import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreateSavedSectionInput, errorResponses, SavedSection } from '@portal/shared';
import { requireCaller } from '../../identity/caller.js';

const TAGS = ['saved-sections'];

const savedSectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const sections = app.library.savedSections;

  app.get(
    '/saved-sections',
    {
      config: { access: 'library.read', etag: (request) => app.library.fingerprints.table(requireCaller(request).orgId, 'saved_sections') },
      schema: { tags: TAGS, summary: 'Your saved sections, by name', response: { 200: z.array(SavedSection), ...errorResponses(401, 403) } },
    },
    async (request) => sections.list(requireCaller(request).orgId),
  );

  app.post(
    '/saved-sections',
    {
      config: { access: 'library.edit' },
      schema: {
        tags: TAGS,
        summary: 'Save a section for reuse (a copy, never a link)',
        description:
          'Either copies a section of a stored list version (`from`), or takes the section’s content (`lines`, `subsections`), validated like a list save. 400 invalid content; 404 unknown list, version or section.',
        body: CreateSavedSectionInput,
        response: { 201: SavedSection, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => reply.code(201).send(await sections.create(requireCaller(request), request.body)),
  );

  app.delete(
    '/saved-sections/:savedSectionId',
    {
      config: { access: 'library.edit' },
      schema: {
        tags: TAGS,
        summary: 'Delete a saved section',
        description: 'Lists it was inserted into keep their copy. 404 no such saved section.',
        params: z.object({ savedSectionId: z.string().min(1).max(64) }),
        response: { 204: z.undefined().describe('Deleted.'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await sections.remove(requireCaller(request).orgId, request.params.savedSectionId);
      return reply.code(204).send();
    },
  );
};

export default savedSectionRoutes;
