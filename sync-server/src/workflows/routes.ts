import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateWorkflowInput,
  errorResponses,
  SourceQuery,
  VersionParam,
  Workflow,
  WorkflowEdit,
  WorkflowListing,
  WorkflowRef,
  WorkflowToolOption,
} from '@portal/shared';
import { requireCaller } from '../access/auth-plugin.js';

const WorkflowIdParam = z.string().min(1).max(64).describe('Workflow id.');
const FamilyParams = z.object({ workflowId: WorkflowIdParam });
const VersionParams = z.object({ workflowId: WorkflowIdParam, version: VersionParam });
const tags = ['workflow-library'];

const workflowRoutes: FastifyPluginAsyncZod = async (app) => {
  const workflows = app.workflows;

  app.get(
    '/workflow-tools',
    {
      config: { access: 'library.read' },
      schema: {
        tags,
        summary: 'The steps a workflow can have',
        description: 'Preview and Parse (the spine, every workflow begins with them) followed by every registered tool, each with its settings schema.',
        response: { 200: z.array(WorkflowToolOption), ...errorResponses(401, 403) },
      },
    },
    async () => app.workflowTools.options(),
  );

  app.get(
    '/workflows',
    {
      config: { access: 'library.read' },
      schema: {
        tags,
        summary: 'Your workflows and the official ones',
        description: 'One row per workflow, its versions newest first, and which workflow is the default.',
        response: { 200: z.array(WorkflowListing), ...errorResponses(401, 403) },
      },
    },
    async (request) => workflows.list(requireCaller(request).orgId),
  );

  app.post(
    '/workflows',
    {
      config: { access: 'library.edit' },
      schema: {
        tags,
        summary: 'Create a workflow',
        description: 'v1, a draft holding the spine. 400 when the name yields no usable id or a reserved one; 409 when you have a workflow of that id.',
        body: CreateWorkflowInput,
        response: { 201: WorkflowRef, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      return reply.code(201).send(await workflows.create(caller.orgId, request.body, caller.authenticatedAs));
    },
  );

  app.get(
    '/workflows/:workflowId/:version',
    {
      config: { access: 'library.read' },
      schema: {
        tags,
        summary: 'One version of a workflow',
        description: 'Official drafts, and every workflow of another organization, are 404.',
        params: VersionParams,
        querystring: SourceQuery,
        response: { 200: Workflow, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => workflows.read(requireCaller(request).orgId, request.params.workflowId, request.params.version, request.query.source),
  );

  app.put(
    '/workflows/:workflowId/:version',
    {
      config: { access: 'library.edit' },
      schema: {
        tags,
        summary: 'Save a draft',
        description:
          'Only a draft is writable: 409 for an active version (active versions are immutable) and for an official workflow. 400 for a malformed body. The steps may still be incomplete; the answer’s `problems` lists what blocks activation.',
        params: VersionParams,
        querystring: SourceQuery,
        body: WorkflowEdit,
        response: { 200: Workflow, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      workflows.save(requireCaller(request).orgId, request.params.workflowId, request.params.version, request.body, request.query.source),
  );

  app.post(
    '/workflows/:workflowId/:version/new-version',
    {
      config: { access: 'library.edit' },
      schema: {
        tags,
        summary: 'Make the next version, a draft copy',
        description:
          'From your latest version: v(N+1), a draft (409 when a newer version exists). From an official workflow: your own copy under the same id, v1 draft (409 when you already have a workflow of that id); the id names your copy from then on, so if the official workflow was your default, your copy becomes it (runs of it need its version activated).',
        params: VersionParams,
        querystring: SourceQuery,
        response: { 201: WorkflowRef, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      const { workflowId, version } = request.params;
      return reply.code(201).send(await workflows.newVersion(caller.orgId, workflowId, version, caller.authenticatedAs, request.query.source));
    },
  );

  app.post(
    '/workflows/:workflowId/:version/activate',
    {
      config: { access: 'library.edit' },
      schema: {
        tags,
        summary: 'Activate a draft',
        description:
          'One-way, and it replaces nothing: earlier active versions stay active, and runs take the highest active version unless they pin one. 409 when the version is already active or not complete enough (the message lists the problems).',
        params: VersionParams,
        querystring: SourceQuery,
        response: { 200: Workflow, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => workflows.activate(requireCaller(request).orgId, request.params.workflowId, request.params.version, request.query.source),
  );

  app.post(
    '/workflows/:workflowId/set-default',
    {
      config: { access: 'library.edit' },
      schema: {
        tags,
        summary: 'Make a workflow your organization’s default',
        description: 'Exactly one workflow is the default; the previous one loses it in the same write. 409 when the workflow has no active version.',
        params: FamilyParams,
        querystring: SourceQuery,
        response: { 200: z.array(WorkflowListing), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => workflows.setDefault(requireCaller(request).orgId, request.params.workflowId, request.query.source),
  );
};

export default workflowRoutes;
