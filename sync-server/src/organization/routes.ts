import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, Organization, RenameOrganizationInput } from '@portal/shared';
import { requireCaller } from '../access/auth-plugin.js';
import { notFound } from '../http-error.js';
import { toOrganization, type OrganizationRow } from '../users/user-row.js';
import { getOrganization } from './service.js';

const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organization',
    {
      config: { access: 'organization.read' },
      schema: { tags: ['users'], summary: 'Your organization', response: { 200: Organization, ...errorResponses(401, 403) } },
    },
    async (request) => {
      const org = await getOrganization(app.db, requireCaller(request).orgId);
      if (!org) throw notFound('No such organization');
      return toOrganization(org);
    },
  );

  app.patch(
    '/organization',
    {
      config: { access: 'organization.manage' },
      schema: {
        tags: ['users'],
        summary: 'Rename your organization (its id never changes)',
        body: RenameOrganizationInput,
        response: { 200: Organization, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { rows } = await app.db.query<OrganizationRow>(
        'UPDATE organizations SET name = $2 WHERE id = $1 AND NOT deleted RETURNING *',
        [requireCaller(request).orgId, request.body.name],
      );
      if (!rows[0]) throw notFound('No such organization');
      return toOrganization(rows[0]);
    },
  );
};

export default organizationRoutes;
