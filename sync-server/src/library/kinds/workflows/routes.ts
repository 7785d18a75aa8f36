import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateWorkflowInput,
  errorResponses,
  SourceQuery,
  Workflow,
  WorkflowEdit,
  WorkflowListing,
  WorkflowRef,
  WorkflowToolOption,
} from '@portal/shared';
import { requireCaller } from '../../../identity/caller.js';
import { familyRoutes } from '../../family-routes.js';
import { WORKFLOW_FAMILY_KIND } from './kind.js';
import type { WorkflowLibrary } from './service.js';

const WorkflowIdParam = z.string().min(1).max(64).describe('Workflow id.');
const FamilyParams = z.object({ workflowId: WorkflowIdParam });
const tags = ['workflow-library'];

/** Spec "workflow-library". */
const workflowRoutes: FastifyPluginAsyncZod<{ workflows: WorkflowLibrary }> = async (app, { workflows }) => {

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
    async () => workflows.tools.options(),
  );

  app.get(
    '/workflows',
    {
      config: { access: 'library.read', etag: (request) => app.library.fingerprints.kinds(requireCaller(request).orgId, [WORKFLOW_FAMILY_KIND]) },
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
      return reply.code(201).send(await workflows.create(requireCaller(request), request.body));
    },
  );

  await app.register(
    familyRoutes({
      collection: '/workflows',
      idParam: 'workflowId',
      idDescription: 'Workflow id.',
      tags: { version: tags, lifecycle: tags },
      noun: 'workflow',
      schemas: { item: Workflow, ref: WorkflowRef, edit: WorkflowEdit, activated: Workflow },
      describe: {
        save: '400 for a malformed body. The steps may still be incomplete; the answer’s `problems` lists what blocks activation.',
        newVersion:
          'From an official workflow: your own copy under the same id, v1 draft (409 when you already have a workflow of that id); the id names your copy from then on, so if the official workflow was your default, your copy becomes it (runs of it need its version activated).',
        activate:
          'One-way, and it replaces nothing: earlier active versions stay active, and runs take the highest active version unless they pin one. Not complete enough: the message lists the problems.',
      },
      operations: workflows,
      fingerprint: (orgId) => app.library.fingerprints.kinds(orgId, [WORKFLOW_FAMILY_KIND]),
    }),
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
