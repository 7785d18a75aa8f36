import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateIntelTemplateInput,
  errorResponses,
  IntelTemplate,
  IntelTemplateEdit,
  IntelTemplateListing,
  IntelTemplateRef,
  SourceQuery,
  VersionParam,
} from '@portal/shared';
import { requireCaller } from '../access/auth-plugin.js';

const VersionParams = z.object({ templateId: z.string().min(1).max(64).describe('Intel template id.'), version: VersionParam });
const tags = ['intel-library'];

const intelTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  const templates = app.intelTemplates;

  app.get(
    '/intel-templates',
    {
      config: { access: 'library.read' },
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
      const caller = requireCaller(request);
      return reply.code(201).send(await templates.create(caller.orgId, request.body, caller.authenticatedAs));
    },
  );

  app.get(
    '/intel-templates/:templateId/:version',
    {
      config: { access: 'library.read' },
      schema: {
        tags,
        summary: 'One version of an intel template',
        description: 'Official drafts, and every template of another organization, are 404.',
        params: VersionParams,
        querystring: SourceQuery,
        response: { 200: IntelTemplate, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => templates.read(requireCaller(request).orgId, request.params.templateId, request.params.version, request.query.source),
  );

  app.put(
    '/intel-templates/:templateId/:version',
    {
      config: { access: 'library.edit' },
      schema: {
        tags,
        summary: 'Save a draft',
        description: '400 for an invalid body or a repeated question. 409 when the version is not a draft, or the template is official.',
        params: VersionParams,
        querystring: SourceQuery,
        body: IntelTemplateEdit,
        response: { 200: IntelTemplate, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      templates.save(requireCaller(request).orgId, request.params.templateId, request.params.version, request.body, request.query.source),
  );

  app.post(
    '/intel-templates/:templateId/:version/new-version',
    {
      config: { access: 'library.edit' },
      schema: {
        tags,
        summary: 'Make the next version from the active one',
        description:
          'v(N+1), a draft copy. 409 when the version is not active or a newer version exists. On an official template’s active version: your own copy under the same id, v1 draft (409 when you have a template of that id).',
        params: VersionParams,
        querystring: SourceQuery,
        response: { 201: IntelTemplateRef, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      const { templateId, version } = request.params;
      return reply.code(201).send(await templates.newVersion(caller.orgId, templateId, version, caller.authenticatedAs, request.query.source));
    },
  );

  app.post(
    '/intel-templates/:templateId/:version/activate',
    {
      config: { access: 'library.edit' },
      schema: {
        tags,
        summary: 'Activate a draft',
        description:
          'One-way. The previously active version becomes superseded in the same write. 409 when the version is not a draft, has no questions, or is older than a version already activated.',
        params: VersionParams,
        querystring: SourceQuery,
        response: { 200: IntelTemplate, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => templates.activate(requireCaller(request).orgId, request.params.templateId, request.params.version, request.query.source),
  );
};

export default intelTemplateRoutes;
