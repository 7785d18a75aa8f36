import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateExpectedDocListInput,
  errorResponses,
  ExpectedDocList,
  ExpectedDocListDuplicateInput,
  ExpectedDocListEdit,
  ExpectedDocListListing,
  ExpectedDocListRef,
  InsertBundleInput,
  InsertSavedSectionInput,
  RenameInput,
  SourceQuery,
  VersionParam,
  type SectionEdit,
} from '@portal/shared';
import { requireCaller } from '../access/auth-plugin.js';
import { getBundle } from '../bundles/service.js';
import { badRequest, notFound } from '../http-error.js';
import { getSavedSection } from '../saved-sections/service.js';
import { freshContainerId, ListService } from './service.js';

const LIBRARY = ['expected-doc-list-library'];
const EDITOR = ['expected-doc-list-editor'];

const ListParams = z.object({
  expectedDocListId: z.string().min(1).max(80).describe('Id of an expected document list family.'),
  version: VersionParam,
});

/** Inserted content gets fresh line ids: ids only mean something within the list they were made in. */
const withoutLineIds = <T extends { id?: string | undefined }>(lines: readonly T[]) => lines.map(({ id: _id, ...rest }) => rest);

const expectedDocListRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new ListService(app.db, { officialOrgId: app.officialOrgId }, { saved: (caller, list) => app.listCollab.applySaved(caller, list) });
  const read = { access: 'library.read' } as const;
  const edit = { access: 'library.edit' } as const;

  app.get(
    '/expected-doc-lists',
    {
      config: read,
      schema: {
        tags: LIBRARY,
        summary: 'Your library of expected document lists: one row per version',
        description: 'Clients group the rows by id. Official list templates and catalogues are listed too (active and superseded versions).',
        response: { 200: z.array(ExpectedDocListListing), ...errorResponses(401, 403) },
      },
    },
    async (request) => service.listing(app.db, requireCaller(request).orgId),
  );

  app.post(
    '/expected-doc-lists',
    {
      config: edit,
      schema: {
        tags: LIBRARY,
        summary: 'Create a list: v1, a draft with a blank scaffold',
        description: '400 when the name yields no usable id or a reserved one; 409 when the id exists (yours, or an official list’s).',
        body: CreateExpectedDocListInput,
        response: { 201: ExpectedDocListRef, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(requireCaller(request), request.body)),
  );

  app.get(
    '/expected-doc-lists/:expectedDocListId/:version',
    {
      config: read,
      schema: {
        tags: EDITOR,
        summary: 'One version of a list',
        params: ListParams,
        querystring: SourceQuery,
        response: { 200: ExpectedDocList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { expectedDocListId, version } = request.params;
      return service.read(requireCaller(request), expectedDocListId, version, request.query.source);
    },
  );

  app.put(
    '/expected-doc-lists/:expectedDocListId/:version',
    {
      config: edit,
      schema: {
        tags: EDITOR,
        summary: 'Save a draft',
        description:
          'Only a draft is writable: 409 on an active or superseded version (and on official content). 400 when contract validation fails; the message names each failing line.',
        params: ListParams,
        querystring: SourceQuery,
        body: ExpectedDocListEdit,
        response: { 200: ExpectedDocList, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { expectedDocListId, version } = request.params;
      return service.save(requireCaller(request), expectedDocListId, version, request.body, request.query.source);
    },
  );

  app.post(
    '/expected-doc-lists/:expectedDocListId/:version/new-version',
    {
      config: edit,
      schema: {
        tags: LIBRARY,
        summary: 'Make the next version, a draft copy',
        description:
          '201 with v(N+1), a draft. 409 when a newer version exists. On an official list template: your own copy, v1 draft of kind `expectedDocListCatalogOrgCustom` under the same id (409 when you already have that id). On an official document catalogue: 409 (override entries through custom-documents).',
        params: ListParams,
        querystring: SourceQuery,
        response: { 201: ExpectedDocListRef, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { expectedDocListId, version } = request.params;
      return reply.code(201).send(await service.newVersion(requireCaller(request), expectedDocListId, version, request.query.source));
    },
  );

  app.post(
    '/expected-doc-lists/:expectedDocListId/:version/rename-as-new-version',
    {
      config: edit,
      schema: {
        tags: LIBRARY,
        summary: 'Make the next version under a new name',
        description: 'One atomic write: v(N+1), a draft, carries the new name; version N keeps its own. The id does not change. 409 when a newer version exists, and on official content.',
        params: ListParams,
        querystring: SourceQuery,
        body: RenameInput,
        response: { 201: ExpectedDocListRef, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { expectedDocListId, version } = request.params;
      return reply.code(201).send(await service.renameAsNewVersion(requireCaller(request), expectedDocListId, version, request.body.name, request.query.source));
    },
  );

  app.post(
    '/expected-doc-lists/:expectedDocListId/:version/duplicate',
    {
      config: edit,
      schema: {
        tags: LIBRARY,
        summary: 'Copy a version into a new list',
        description: 'The new list is v1, a draft, of kind `expectedDocListCatalogOrgCustom`, with the id the new name yields. 400 no usable or a reserved id; 409 when that id exists, or when the source is a document catalogue.',
        params: ListParams,
        querystring: SourceQuery,
        body: ExpectedDocListDuplicateInput,
        response: { 201: ExpectedDocListRef, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { expectedDocListId, version } = request.params;
      return reply.code(201).send(await service.duplicate(requireCaller(request), expectedDocListId, version, request.body.name, request.query.source));
    },
  );

  app.post(
    '/expected-doc-lists/:expectedDocListId/:version/activate',
    {
      config: edit,
      schema: {
        tags: LIBRARY,
        summary: 'Activate a draft',
        description:
          'The active version it replaces becomes superseded in the same write. 409 when the version is not a draft, when a newer version is already active, or when it is not complete enough (no lines, or lines whose document types no longer resolve).',
        params: ListParams,
        querystring: SourceQuery,
        response: { 200: ExpectedDocListListing, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { expectedDocListId, version } = request.params;
      return service.activate(requireCaller(request), expectedDocListId, version, request.query.source);
    },
  );

  app.post(
    '/expected-doc-lists/:expectedDocListId/:version/set-default',
    {
      config: edit,
      schema: {
        tags: LIBRARY,
        summary: 'Make the list your organization’s default',
        description:
          'Called on the active version; the whole list (all its versions) becomes the default and every other list loses it, atomically. Answers the library after the change. 404 no such version; 409 the version is not active, or it is a document catalogue. An official list template can be your default.',
        params: ListParams,
        querystring: SourceQuery,
        response: { 200: z.array(ExpectedDocListListing), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { expectedDocListId, version } = request.params;
      return service.setDefault(requireCaller(request), expectedDocListId, version, request.query.source);
    },
  );

  app.post(
    '/expected-doc-lists/:expectedDocListId/:version/insert-bundle',
    {
      config: edit,
      schema: {
        tags: EDITOR,
        summary: 'Insert a bundle into a draft as a subsection',
        description:
          'A copy, not a link: the subsection holds one line per member with the catalogue’s requirement defaults, and keeps its lines when the bundle changes or is deleted. 400 unknown section or a member that no longer resolves; 404 unknown list, version or bundle; 409 not a draft.',
        params: ListParams,
        body: InsertBundleInput,
        response: { 200: ExpectedDocList, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      const { expectedDocListId, version } = request.params;
      const bundle = await getBundle(app.db, caller.orgId, request.body.bundleId);
      if (!bundle) throw notFound(`No bundle "${request.body.bundleId}" in your organization`);
      return service.editDraft(caller, expectedDocListId, version, async (sections) => {
        const target = sections.find((s) => s.id === request.body.sectionId);
        if (!target) throw badRequest(`body.sectionId: version ${version} of "${expectedDocListId}" has no section "${request.body.sectionId}"`);
        target.subsections.push({
          id: freshContainerId(sections, bundle.name),
          name: bundle.name,
          note: '',
          lines: bundle.members.map((docType) => ({ docType })),
          origin: { type: 'bundle', id: bundle.id, name: bundle.name },
        });
        return sections;
      });
    },
  );

  app.post(
    '/expected-doc-lists/:expectedDocListId/:version/insert-saved-section',
    {
      config: edit,
      schema: {
        tags: EDITOR,
        summary: 'Insert a saved section into a draft',
        description: 'A copy: the section and its lines get ids of this list. 404 unknown list, version or saved section; 409 not a draft; 400 when its lines no longer resolve.',
        params: ListParams,
        body: InsertSavedSectionInput,
        response: { 200: ExpectedDocList, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      const { expectedDocListId, version } = request.params;
      const saved = await getSavedSection(app.db, caller.orgId, request.body.savedSectionId);
      if (!saved) throw notFound(`No saved section "${request.body.savedSectionId}" in your organization`);
      return service.editDraft(caller, expectedDocListId, version, async (sections) => {
        const copy: SectionEdit = {
          id: freshContainerId(sections, saved.name),
          name: saved.name,
          note: saved.content.note,
          lines: withoutLineIds(saved.content.lines),
          subsections: saved.content.subsections.map((u) => ({ name: u.name, note: u.note, lines: withoutLineIds(u.lines), origin: u.origin })),
          origin: { type: 'savedSection', id: saved.id, name: saved.name },
        };
        const at = Math.min(request.body.position ?? sections.length, sections.length);
        sections.splice(at, 0, copy);
        return sections;
      });
    },
  );
};

export default expectedDocListRoutes;
