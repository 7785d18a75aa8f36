import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DocumentBundle, errorResponses, newId, SaveDocumentBundleInput } from '@portal/shared';
import { requireCaller } from '../access/auth-plugin.js';
import { listEngine } from '../expected-doc-lists/family.js';
import { conflict, notFound } from '../http-error.js';
import { isUniqueViolation } from '../users/user-row.js';
import { checkMembers, toBundle, type BundleRow } from './service.js';

const TAGS = ['bundle-catalogue'];
const BundleParams = z.object({ bundleId: z.string().min(1).max(64).describe('Catalogue bundle id.') });
const nameTaken = (name: string) => conflict(`A bundle named "${name}" already exists`);

const bundleRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { officialOrgId: app.officialOrgId };
  const lists = listEngine(deps);

  app.get(
    '/document-bundles',
    {
      config: { access: 'library.read' },
      schema: { tags: TAGS, summary: 'Your document bundles, by name', response: { 200: z.array(DocumentBundle), ...errorResponses(401, 403) } },
    },
    async (request) => {
      const { rows } = await app.db.query<BundleRow>('SELECT * FROM document_bundles WHERE org_id = $1 AND NOT deleted ORDER BY lower(name), id', [
        requireCaller(request).orgId,
      ]);
      return rows.map(toBundle);
    },
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
    async (request, reply) => {
      const caller = requireCaller(request);
      const { name, members } = request.body;
      await checkMembers(app.db, lists, deps, caller.orgId, members);
      try {
        const { rows } = await app.db.query<BundleRow>(
          'INSERT INTO document_bundles (id, org_id, name, members) VALUES ($1, $2, $3, $4::jsonb) RETURNING *',
          [newId('bdl'), caller.orgId, name, JSON.stringify(members)],
        );
        return reply.code(201).send(toBundle(rows[0]!));
      } catch (err) {
        if (isUniqueViolation(err)) throw nameTaken(name);
        throw err;
      }
    },
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
    async (request) => {
      const caller = requireCaller(request);
      const { name, members } = request.body;
      await checkMembers(app.db, lists, deps, caller.orgId, members);
      try {
        const { rows } = await app.db.query<BundleRow>(
          'UPDATE document_bundles SET name = $3, members = $4::jsonb WHERE id = $1 AND org_id = $2 AND NOT deleted RETURNING *',
          [request.params.bundleId, caller.orgId, name, JSON.stringify(members)],
        );
        if (!rows[0]) throw notFound(`No bundle "${request.params.bundleId}" in your organization`);
        return toBundle(rows[0]);
      } catch (err) {
        if (isUniqueViolation(err)) throw nameTaken(name);
        throw err;
      }
    },
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
      const { rowCount } = await app.db.query('UPDATE document_bundles SET deleted = true WHERE id = $1 AND org_id = $2 AND NOT deleted', [
        request.params.bundleId,
        requireCaller(request).orgId,
      ]);
      if (rowCount === 0) throw notFound(`No bundle "${request.params.bundleId}" in your organization`);
      return reply.code(204).send();
    },
  );
};

export default bundleRoutes;
