import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, Organization, RenameOrganizationInput, SetMarkedDocTypeCatalogInput } from '@portal/shared';
import { requireCaller } from '../caller.js';
import { toOrganization } from '../rows.js';

/** Your organization: its name and the official catalogue it works from; tag `users`. */
const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const organizations = app.identity.organizations;

  app.get(
    '/organization',
    {
      config: { access: 'organization.read' },
      schema: { tags: ['users'], summary: 'Your organization', response: { 200: Organization, ...errorResponses(401, 403) } },
    },
    async (request) => toOrganization(await organizations.get(requireCaller(request).orgId)),
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
    async (request) => toOrganization(await organizations.rename(requireCaller(request).orgId, request.body.name)),
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
    async (request) => toOrganization(await organizations.setMarkedDocTypeCatalog(requireCaller(request).orgId, request.body.catalogId)),
  );
};

export default organizationRoutes;
