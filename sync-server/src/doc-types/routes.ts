import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CoinDocTypeInput,
  DocumentTypeListing,
  errorResponses,
  ExpectedDoc,
  MarkedDocTypeCatalog,
  Organization,
  SetMarkedDocTypeCatalogInput,
} from '@portal/shared';
import { requireCaller } from '../access/auth-plugin.js';
import { listEngine } from '../expected-doc-lists/family.js';
import { schemaVersionsByDocType } from '../extraction-schemas/service.js';
import { conflict, notFound } from '../http-error.js';
import { toOrganization, type OrganizationRow } from '../users/user-row.js';
import { loadMarkedChain } from './chain.js';
import { byFallbackThenName, coinDocType, documentsOf } from './service.js';

const TAGS = ['doc-type-extraction-schemas'];

const docTypeRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { officialOrgId: app.officialOrgId };
  const lists = listEngine(deps);

  app.get(
    '/doc-type-catalog/marked',
    {
      config: { access: 'library.read' },
      schema: {
        tags: TAGS,
        summary: 'Your marked document catalogue, merged down to generic',
        response: { 200: MarkedDocTypeCatalog, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const chain = await loadMarkedChain(app.db, lists, deps, requireCaller(request).orgId, { withCustom: true });
      return { marked: chain.marked, chain: chain.layers, entries: chain.entries };
    },
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
      const caller = requireCaller(request);
      const result = await app.db.transaction((tx) => coinDocType(tx, lists, deps, caller.orgId, request.body));
      return reply.code(result.created ? 201 : 200).send(result.entry);
    },
  );

  app.get(
    '/document-types',
    {
      config: { access: 'library.read' },
      schema: {
        tags: TAGS,
        summary: 'The document types of your marked chain, with their schema versions',
        description: '`fallback` first, then by name. Page kinds and the requirement defaults are not document types and are left out.',
        response: { 200: z.array(DocumentTypeListing), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const orgId = requireCaller(request).orgId;
      const [chain, schemas] = await Promise.all([
        loadMarkedChain(app.db, lists, deps, orgId, { withCustom: true }),
        schemaVersionsByDocType(app.db, orgId, app.officialOrgId),
      ]);
      return documentsOf(chain)
        .map((e) => ({
          docType: e.docType,
          name: e.name,
          kind: e.kind,
          description: e.description,
          definedIn: e.definedIn,
          schemas: schemas.get(e.docType) ?? [],
        }))
        .sort(byFallbackThenName);
    },
  );

  app.put(
    '/organization/marked-doc-type-catalog',
    {
      config: { access: 'organization.manage' },
      schema: {
        tags: ['users'],
        summary: 'Set the official catalogue your organization works from',
        description: 'Managers only. 409 when the id is not an official document catalogue with an active version.',
        body: SetMarkedDocTypeCatalogInput,
        response: { 200: Organization, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      const { catalogId } = request.body;
      const catalogs = await lists.activeOf(app.db, app.officialOrgId, 'docTypeCatalogOfficial');
      if (!catalogs.some((c) => c.id === catalogId)) {
        throw conflict(`"${catalogId}" is not an official document catalogue with an active version; choose one of ${catalogs.map((c) => c.id).join(', ')}`);
      }
      const { rows } = await app.db.query<OrganizationRow>(
        'UPDATE organizations SET marked_doc_type_catalog = $2 WHERE id = $1 AND NOT deleted RETURNING *',
        [caller.orgId, catalogId],
      );
      if (!rows[0]) throw notFound('No such organization');
      return toOrganization(rows[0]);
    },
  );
};

export default docTypeRoutes;
