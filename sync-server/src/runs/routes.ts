import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Application, errorResponses, eventStreamResponse, GateDecisionInput, GateRefused, VersionParam, WorkflowRunInput } from '@portal/shared';
import { requireCaller } from '../identity/caller.js';
import multipart, { multipartValidatorCompiler } from '../plugins/external/multipart.js';
import { streamCase } from './case-stream.js';
import type { RunService } from './service.js';

const TAGS = ['runs'];
const CaseParams = z.object({ id: z.string().min(1).max(64).describe('Application id.') });
const refused = (description: string) => GateRefused.describe(description);

const runRoutes: FastifyPluginAsyncZod<{ runs: RunService }> = async (app, { runs }) => {
  await app.register(multipart);

  app.post(
    '/workflows/:workflowId/runs',
    {
      config: { access: 'runs.start' },
      validatorCompiler: multipartValidatorCompiler,
      schema: {
        tags: TAGS,
        summary: 'Create a case (or use one), receive its PDFs and take the gate with the workflow',
        description:
          'The call is the consent to spend on the run; the caller is recorded as `decidedBy` (default: the key’s or user’s name) and `authenticatedAs`. Refused before anything is written: 404 unknown workflow, version, list or application; 409 a draft version pinned or no active version; 400 no files, missing applicant or expectedDocList, a malformed id, a file that is not a PDF (named). Then: 403 `emailRequired` for an instant account with no email (the case exists and waits at the gate); 409 red flags at pre-flight (`flags` and `applicationId`: the case waits at the gate with its files, a person decides); 409 a run in flight, or nothing new to read; 502 the analyzer could not be reached (`applicationId`, files kept). 413 more than 25 files or a file over 100 MB (named). 201: `run.state` is `previewing` (the workflow begins with Preview) or `running`; then poll GET /applications/{id}.',
        consumes: ['multipart/form-data'],
        params: z.object({ workflowId: z.string().min(1).max(120).describe('Workflow id.') }),
        querystring: z.object({ version: VersionParam.optional().describe('Pins a workflow version; otherwise the highest active version runs.') }),
        body: WorkflowRunInput,
        response: {
          201: Application,
          400: refused('The request is invalid; `error` names the field, or every file refused and why (`refusedFiles`): one refused file refuses the whole call.'),
          401: errorResponses(401)[401],
          403: refused('An instant account with no email yet (`emailRequired`, `applicationId`); or the caller may not start runs.'),
          404: refused('No such workflow, version, expected document list or application in your organization.'),
          409: refused('Red flags at pre-flight (`flags`, `applicationId`); no active version or a draft pinned; a run already in flight; nothing new to read.'),
          413: refused('More than 25 files, or a file over 100 MB (named), or past a guest sandbox’s page quota.'),
          415: errorResponses(415)[415],
          502: refused('The analyzer could not be reached; the case waits at the gate with its files (`applicationId`).'),
        },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      if (!request.isMultipart()) return reply.code(415).send({ error: 'Send the run as multipart/form-data: fields applicant, expectedDocList (or applicationId), decidedBy, and the PDFs in "files"' });
      return reply.code(201).send(await runs.start(caller, request.params.workflowId, request.query.version, request.parts()));
    },
  );

  // Streams never end by themselves; a server shutting down ends them so it can stop.
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });

  app.get(
    '/applications/:id/run/stream',
    {
      config: { access: 'cases.read' },
      schema: {
        tags: TAGS,
        summary: 'Follow a case live: its run and its ledger (server-sent events)',
        description:
          'An event stream, for reviewers and integrators who would rather not poll. First an event `state` with the case’s `run` as GET /applications/{id} has it (`state`, `progress` with the stage and pages done, `lastRunError`), then again each time it changes; and an event `ledger` for every ledger row (`{ seq, at, actor, action, target, detail }`, as GET /applications/{id}/events lists them) with the row’s `seq` as its `id`: from the first row, or after `Last-Event-ID` on a reconnect (EventSource sends it), so nothing is missed or repeated. Changes made on any server instance arrive within a second. A comment line every 25 s keeps proxies from closing it. When the credential ends or loses `cases.read`, a last event `revoked` (`{ status, error }`) and the stream ends. 404 no such application in your organization.',
        params: CaseParams,
        response: { 200: eventStreamResponse('The case’s run and ledger as they change (`text/event-stream`).'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => streamCase(app, request, reply, requireCaller(request), request.params.id, streams),
  );

  app.post(
    '/applications/:id/run/cancel',
    {
      config: { access: 'runs.start' },
      schema: {
        tags: TAGS,
        summary: 'Stop the paid run in flight',
        description:
          'The case returns to the gate with `lastRunError` saying who cancelled it; the files it covered stay unread, so the next run covers them. 409 while the run previews (a preview spends nothing and cannot be stopped) or when no run is in flight. 404 no such application.',
        params: CaseParams,
        response: { 200: Application, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => runs.cancel(requireCaller(request), request.params.id),
  );

  app.post(
    '/applications/:id/run/bypass',
    {
      config: { access: 'documents.decide' },
      schema: {
        tags: TAGS,
        summary: '“Process anyway”: a person overrides the red flags holding the case at the gate',
        description:
          'The held run goes on with its workflow version over the files it held (those not removed since), with `decidedBy` and the person recorded (`gate.bypassed`). A person’s decision: API keys get 403. 409 when the case is not held by red flags. 403 `emailRequired` for an instant account with no email. 404 no such application.',
        params: CaseParams,
        body: GateDecisionInput.nullish().describe('Optional: send no body to decide as yourself.'),
        response: { 200: Application, ...errorResponses(400, 401, 404, 409), 403: refused('API keys cannot decide at the gate; or an instant account with no email (`emailRequired`).') },
      },
    },
    async (request) => runs.bypass(requireCaller(request), request.params.id, request.body?.decidedBy),
  );

  app.delete(
    '/applications/:id/files/:fileId',
    {
      config: { access: 'documents.decide' },
      schema: {
        tags: TAGS,
        summary: 'Remove a source file no run has read (a decision at the gate)',
        description:
          'The file record stays in the ledger (`file.removed`); the case no longer lists it and no run reads it. A run held at the gate forgets the file and its red flags. 409 once a run has read the file, or while a run in flight reads it. 404 no such application or file.',
        params: CaseParams.extend({ fileId: z.string().min(1).max(64) }),
        querystring: z.object({ decidedBy: z.string().trim().min(1).max(200).optional().describe('Who decides; defaults to the caller’s name.') }),
        response: { 200: Application, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => runs.removeFile(requireCaller(request), request.params.id, request.params.fileId, request.query.decidedBy),
  );
};

export default runRoutes;
