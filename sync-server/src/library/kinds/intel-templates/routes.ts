import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateIntelTemplateInput,
  errorResponses,
  IntelTemplate,
  IntelTemplateEdit,
  IntelTemplateListing,
  IntelTemplateRef,
} from '@portal/shared';
import { requireCaller } from '../../../identity/caller.js';
import { familyRoutes } from '../../family-routes.js';
import { INTEL_TEMPLATE_FAMILY_KIND } from './kind.js';
import type { IntelTemplateLibrary } from './service.js';

const tags = ['intel-library'];

/** Spec "intel-library". */
const intelTemplateRoutes: FastifyPluginAsyncZod<{ templates: IntelTemplateLibrary }> = async (app, { templates }) => {

  app.get(
    '/intel-templates',
    {
      config: { access: 'library.read', etag: (request) => app.library.fingerprints.kinds(requireCaller(request).orgId, [INTEL_TEMPLATE_FAMILY_KIND]) },
      schema: {
        tags,
        summary: 'Your intel templates and the official ones',
        description: 'One row per version, each template’s versions together, newest version first.',
        response: { 200: z.array(IntelTemplateListing), ...errorResponses(401, 403) },
      },
    },
    async (request) => templates.list(requireCaller(request).orgId),
  );

  app.post(
    '/intel-templates',
    {
      config: { access: 'library.edit' },
      schema: {
        tags,
        summary: 'Create an intel template',
        description: 'v1, a draft with no questions. 400 when the name yields no usable id or a reserved one; 409 when you have a template of that id.',
        body: CreateIntelTemplateInput,
        response: { 201: IntelTemplateRef, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      return reply.code(201).send(await templates.create(requireCaller(request), request.body));
    },
  );

  await app.register(
    familyRoutes({
      collection: '/intel-templates',
      idParam: 'templateId',
      idDescription: 'Intel template id.',
      tags: { version: tags, lifecycle: tags },
      noun: 'intel template',
      schemas: { item: IntelTemplate, ref: IntelTemplateRef, edit: IntelTemplateEdit, activated: IntelTemplate },
      describe: {
        save: '400 for an invalid body or a repeated question.',
        newVersion: 'On an official template’s active version: your own copy under the same id, v1 draft (409 when you have a template of that id).',
        activate:
          'One-way. The previously active version becomes superseded in the same write. Not complete enough: it has no questions; a draft older than a version already activated cannot be activated.',
      },
      operations: templates,
      fingerprint: (orgId) => app.library.fingerprints.kinds(orgId, [INTEL_TEMPLATE_FAMILY_KIND]),
    }),
  );
};

export default intelTemplateRoutes;
