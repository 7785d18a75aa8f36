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
  SourceQuery,
  VersionParam,
} from '@portal/shared';
import { requireCaller } from '../../../identity/caller.js';
import { familyRoutes } from '../../family-routes.js';
import { LIST_FAMILY } from './kind.js';
import type { ListService } from './service.js';

const LIBRARY = ['expected-doc-list-library'];
const EDITOR = ['expected-doc-list-editor'];

const ListParams = z.object({
  expectedDocListId: z.string().min(1).max(80).describe('Id of an expected document list family.'),
  version: VersionParam,
});

/** Spec "expected-doc-list-library" and "expected-doc-list-editor": lists and document catalogues. */
const expectedDocListRoutes: FastifyPluginAsyncZod<{ lists: ListService }> = async (app, { lists }) => {
  const { bundles, savedSections, fingerprints } = app.library;
  const read = { access: 'library.read' } as const;
  const edit = { access: 'library.edit' } as const;

  app.get(
    '/expected-doc-lists',
    {
      config: { ...read, etag: (request) => fingerprints.kinds(requireCaller(request).orgId, [LIST_FAMILY]) },
      schema: {
        tags: LIBRARY,
        summary: 'Your library of expected document lists: one row per version',
        description: 'Clients group the rows by id. Official list templates and catalogues are listed too (active and superseded versions), except those your own list of the same id has replaced: once it has an active version. Until then the official list stays listed, and a case given its id uses it.',
        response: { 200: z.array(ExpectedDocListListing), ...errorResponses(401, 403) },
      },
    },
    async (request) => lists.listing(app.db, requireCaller(request).orgId),
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
    async (request, reply) => reply.code(201).send(await lists.create(requireCaller(request), request.body)),
  );

  await app.register(
    familyRoutes({
      collection: '/expected-doc-lists',
      idParam: 'expectedDocListId',
      idDescription: 'Id of an expected document list family.',
      idMax: 80,
      tags: { version: EDITOR, lifecycle: LIBRARY },
      noun: 'list',
      schemas: { item: ExpectedDocList, ref: ExpectedDocListRef, edit: ExpectedDocListEdit, activated: ExpectedDocListListing },
      describe: {
        save: '400 when contract validation fails; the message names each failing line.',
        newVersion:
          'On an official list template: your own copy, v1 draft of kind `expectedDocListCatalogOrgCustom` under the same id (409 when you already have that id, saying whether yours is still a draft). The official list stays listed and in use for new cases until your copy has an active version. On an official document catalogue: 409 (override entries through custom-documents).',
        activate: 'Answers the updated listing row. The active version it replaces becomes superseded in the same write. Not complete enough: no lines, or lines whose document types no longer resolve; a draft older than an active version cannot be activated.',
      },
      operations: lists,
      fingerprint: (orgId) => fingerprints.kinds(orgId, [LIST_FAMILY]),
    }),
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
      return reply.code(201).send(await lists.duplicate(requireCaller(request), expectedDocListId, version, request.body.name, request.query.source));
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
      return lists.setDefault(requireCaller(request), expectedDocListId, version, request.query.source);
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
      const { expectedDocListId, version } = request.params;
      return bundles.insertInto(requireCaller(request), expectedDocListId, version, request.body);
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
      const { expectedDocListId, version } = request.params;
      return savedSections.insertInto(requireCaller(request), expectedDocListId, version, request.body);
    },
  );
};

export default expectedDocListRoutes;
