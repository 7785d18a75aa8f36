import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Application, ApplicationListing, CreateApplicationInput, errorResponses, SourceFilesInput, SourceFilesQuery } from '@portal/shared';
import { requireCaller } from '../identity/caller.js';
import multipart, { multipartValidatorCompiler } from '../plugins/external/multipart.js';
import type { ApplicationService } from './service.js';

const Params = z.object({ id: z.string().min(1).max(64).describe('Application id.') });

const applicationRoutes: FastifyPluginAsyncZod<{ applications: ApplicationService }> = async (app, { applications }) => {
  await app.register(multipart);

  app.post(
    '/applications',
    {
      config: { access: 'cases.create' },
      schema: {
        tags: ['intake'],
        summary: 'Create a case without running anything',
        description:
          'Pinned for good to the list version named: `expectedDocListId` alone takes its active version, `<id>/<N>` (or `version`) version N (spec Part 9.6). An id you copied from an official list names your copy once it has an active version, the official list until then. Add files with POST /applications/{id}/files and start a run with POST /workflows/{workflowId}/runs and `applicationId`. A new case waits at the gate (`run.state` `gated`, no `kind`). 400 a malformed list reference or a document catalogue; 404 no such list or version; 409 no active version, or a draft named.',
        body: CreateApplicationInput,
        response: { 201: Application, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await applications.create(requireCaller(request), request.body)),
  );

  app.get(
    '/applications',
    {
      config: { access: 'cases.read', etag: (request) => applications.listFingerprint(requireCaller(request).orgId) },
      schema: {
        tags: ['intake'],
        summary: 'Your organization’s cases, newest first',
        description: 'Each with `docsFiled` and `docsTotal`: how many lines of its pinned list are satisfied, of how many.',
        response: { 200: z.array(ApplicationListing), ...errorResponses(401, 403) },
      },
    },
    async (request) => applications.list(requireCaller(request).orgId),
  );

  app.get(
    '/applications/:id',
    {
      config: { access: 'cases.read', etag: (request) => applications.fingerprint(requireCaller(request).orgId, (request.params as { id: string }).id) },
      schema: {
        tags: ['intake'],
        summary: 'One case: its run, files and pinned list',
        description: 'Poll it every 5 to 10 seconds while a run is in flight (`run.progress` says how far it is; `run.preflight` while a run call checks files at the gate); a run takes minutes. 404 no such application in your organization.',
        params: Params,
        response: { 200: Application, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => applications.get(requireCaller(request).orgId, request.params.id),
  );

  app.post(
    '/applications/:id/files',
    {
      config: { access: 'cases.create' },
      validatorCompiler: multipartValidatorCompiler,
      schema: {
        tags: ['files'],
        summary: 'Add PDFs to a case',
        description:
          'multipart/form-data, field `files` repeated. Each file is stored as it streams in; it is kept only when every file of the call is accepted: one refused file refuses the call whole, and `error` names every file refused with why. The next run covers the files no run has read. 400 a file that is not a PDF by its content, is password-protected or cannot be read (named), no file, or an `expectedDocId` that is not a line of the pinned list; 404 no such application; 413 more than 25 files, a file over 100 MB (named), or past a guest sandbox’s page quota.',
        consumes: ['multipart/form-data'],
        params: Params,
        querystring: SourceFilesQuery,
        body: SourceFilesInput,
        response: { 201: Application, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      if (!request.isMultipart()) return reply.code(415).send({ error: 'Send the files as multipart/form-data, in the field "files"' });
      return reply.code(201).send(await applications.addFiles(caller, request.params.id, request.parts(), request.query.expectedDocId));
    },
  );
};

export default applicationRoutes;
