import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreateSavedSectionInput, errorResponses, newId, SavedSection, type SectionEdit } from '@portal/shared';
import { requireCaller } from '../access/auth-plugin.js';
import { normalizeSections } from '../expected-doc-lists/family.js';
import { ListService } from '../expected-doc-lists/service.js';
import { notFound } from '../http-error.js';
import { problemsError } from '../library/problems.js';
import { toSavedSection, type SavedSectionContent, type SavedSectionRow } from './service.js';

const TAGS = ['saved-sections'];

const savedSectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new ListService(app.db, { officialOrgId: app.officialOrgId });

  app.get(
    '/saved-sections',
    {
      config: { access: 'library.read' },
      schema: { tags: TAGS, summary: 'Your saved sections, by name', response: { 200: z.array(SavedSection), ...errorResponses(401, 403) } },
    },
    async (request) => {
      const { rows } = await app.db.query<SavedSectionRow>('SELECT * FROM saved_sections WHERE org_id = $1 AND NOT deleted ORDER BY lower(name), id', [
        requireCaller(request).orgId,
      ]);
      return rows.map((r) => toSavedSection(r, app.officialOrgId));
    },
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
    async (request, reply) => {
      const caller = requireCaller(request);
      const input = request.body;
      let name: string;
      let content: SavedSectionContent;
      let derivedFrom: SavedSectionRow['derived_from'] = null;
      if (input.from) {
        const { expectedDocListId, version, sectionId, source } = input.from;
        const found = await service.section(caller, expectedDocListId, version, sectionId, source);
        name = input.name ?? found.section.name;
        content = { note: input.note ?? found.section.note, lines: found.section.lines, subsections: found.section.subsections };
        derivedFrom = { orgId: found.version.orgId, expectedDocListId, version, sectionId };
      } else {
        name = input.name!;
        const edit: SectionEdit = { name, note: input.note ?? '', lines: input.lines ?? [], subsections: input.subsections ?? [] };
        const result = await normalizeSections(app.db, service.lists, service.deps, { orgId: caller.orgId, itemKind: null, parent: null, sections: [edit] });
        if (!result.ok) throw problemsError(result.problems);
        const section = result.value[0]!;
        content = { note: section.note, lines: section.lines, subsections: section.subsections };
      }
      const { rows } = await app.db.query<SavedSectionRow>(
        'INSERT INTO saved_sections (id, org_id, name, content, derived_from) VALUES ($1, $2, $3, $4::jsonb, $5::jsonb) RETURNING *',
        [newId('sec'), caller.orgId, name, JSON.stringify(content), derivedFrom ? JSON.stringify(derivedFrom) : null],
      );
      return reply.code(201).send(toSavedSection(rows[0]!, app.officialOrgId));
    },
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
      const { rowCount } = await app.db.query('UPDATE saved_sections SET deleted = true WHERE id = $1 AND org_id = $2 AND NOT deleted', [
        request.params.savedSectionId,
        requireCaller(request).orgId,
      ]);
      if (rowCount === 0) throw notFound(`No saved section "${request.params.savedSectionId}" in your organization`);
      return reply.code(204).send();
    },
  );
};

export default savedSectionRoutes;
