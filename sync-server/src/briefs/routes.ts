import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, IntelBrief, IntelBriefListing, StartIntelBriefInput } from '@portal/shared';
import { requireCaller } from '../identity/caller.js';
import type { BriefService } from './service.js';

const TAGS = ['intel-briefs'];
const Params = z.object({ applicationId: z.string().min(1).max(64).describe('Application id.') });
const BriefParams = Params.extend({ briefId: z.string().min(1).max(64).describe('Intel brief id.') });

const briefRoutes: FastifyPluginAsyncZod<{ briefs: BriefService }> = async (app, { briefs }) => {
  app.get(
    '/applications/:applicationId/intel-briefs',
    {
      config: { access: 'cases.read' },
      schema: {
        tags: TAGS,
        summary: 'The case’s intel briefs, newest first',
        description: 'Each brief without its sections, with how many are done or failed and what they spent. 404 no such application in your organization.',
        params: Params,
        response: { 200: z.array(IntelBriefListing), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => briefs.list(requireCaller(request).orgId, request.params.applicationId),
  );

  app.post(
    '/applications/:applicationId/intel-briefs',
    {
      config: { access: 'briefs.start' },
      schema: {
        tags: TAGS,
        summary: 'Answers an intel template over the case',
        description:
          'One question per section, answered in parallel by the engine chosen for the `intel` stage (`GET /models`: the built-in retrieval by default, nothing leaves the server; or an OpenAI-compatible model) over every page of every file of the case that a run read, except the pages a person junked: those are never cited (a brief made before the junk keeps its citations, their `address` null). Every citation is checked against the stored page text: one whose quote is not on its page and line is dropped and counted (`droppedCitations`), and a section left without one answers "No evidence found in the case’s documents." The brief is `ready` when every section is done or failed; a failed section says why. `brief.started` and `brief.ready` ledger rows. 202 the brief, `running`. 400 invalid body. 404 application or template not found. 409 the template has no active version (or the pinned version is a draft), the case has no parsed pages (or every one is junked), or it is the sample case. 429 too many briefs for a workspace with no email yet (`BRIEF_THROTTLE`, with `Retry-After`). 502 the chosen model could not be reached (nothing started).',
        params: Params,
        body: StartIntelBriefInput,
        response: { 202: IntelBrief, ...errorResponses(400, 401, 403, 404, 409, 429, 502) },
      },
    },
    async (request, reply) => reply.code(202).send(await briefs.start(requireCaller(request), request.params.applicationId, request.body)),
  );

  app.get(
    '/applications/:applicationId/intel-briefs/:briefId',
    {
      config: { access: 'cases.read' },
      schema: {
        tags: TAGS,
        summary: 'One intel brief with its sections',
        description: 'Sections fill in as their questions are answered; poll until `status` is `ready`. 404 no such application or brief in your organization.',
        params: BriefParams,
        response: { 200: IntelBrief, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => briefs.get(requireCaller(request).orgId, request.params.applicationId, request.params.briefId),
  );
};

export default briefRoutes;
