import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CaseExpectedDocs, errorResponses, ExpectedDocIdParam, SetExpectedDocInput, SetExpectedDocListInput } from '@portal/shared';
import { requireCaller } from '../identity/caller.js';
import type { ExpectedDocsService } from './service.js';

const CaseParams = z.object({ id: z.string().min(1).max(64).describe('Application id.') });
const LineParams = CaseParams.extend({ expectedDocId: ExpectedDocIdParam });

// What every change here does, said once for the operations' descriptions.
const EFFECT =
  'One transaction under the case’s lock: the case, its documents relisted, a ledger row, and `case.completeness` (detail `because`) when the satisfied lines or their number moved. A document filed against a line the case no longer has (by a run, or approved by a person) counts for no line: it is listed without `expectedDocId`, `settled` false, with the finding `expected-docs`/`line_removed`, waiting to be filed again (an approval keeps its filed PDF and its pages: undo it, then approve against a line). Changing nothing (the same again) answers the case as it is and records nothing. Managers only (right `expectedDocs.set`: an exception to the organization’s checklist). 409 while a run is in flight: it files against the lines it started with.';

const setRoutes: FastifyPluginAsyncZod<{ expectedDocs: ExpectedDocsService }> = async (app, { expectedDocs }) => {
  app.get(
    '/applications/:id/expected-docs',
    {
      config: { access: 'cases.read' },
      schema: {
        tags: ['sets'],
        summary: 'The expected documents set for a case, and how far its documents satisfy them',
        description:
          'Our addition (the spec names the tag, not its operations): the list version the case is checked against, its lines in list order (a line waived for the case marked, with who and why) then the lines added for the case, and the completeness of the case’s listed documents against them (a waived line counts in neither `satisfied` nor `total`). 404 no such application in your organization.',
        params: CaseParams,
        response: { 200: CaseExpectedDocs, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => expectedDocs.get(requireCaller(request).orgId, request.params.id),
  );

  app.put(
    '/applications/:id/expected-doc-list',
    {
      config: { access: 'expectedDocs.set' },
      schema: {
        tags: ['sets'],
        summary: 'Check a case against another list, or another version of its list',
        description: `Our addition. The case is pinned to the list version it was created on (spec Part 9.4) until a person sets another here: \`expectedDocListId\` alone takes the list’s active version, \`<id>/<N>\` (or \`version\`) version N, which must be active or superseded (a draft still changes). Its lines are copied onto the case as at creation. Lines set by hand stay, except a waiver of a line the new version lacks and a line added under an id the new version has, which are dropped (the ledger row \`list.changed\` names them, and the documents left unmatched). ${EFFECT} 400 a malformed reference, or a document catalogue; 404 no such application, list or version that your organization reads (another organization’s list does not exist for you); 409 a draft, no active version, or a run in flight.`,
        params: CaseParams,
        body: SetExpectedDocListInput,
        response: { 200: CaseExpectedDocs, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => expectedDocs.setList(requireCaller(request), request.params.id, request.body),
  );

  app.put(
    '/applications/:id/expected-docs/:expectedDocId',
    {
      config: { access: 'expectedDocs.set' },
      schema: {
        tags: ['sets'],
        summary: 'Set a line of a case by hand: waive a line of its list, or add one for this case',
        description: `Our addition. \`kind\` \`waived\`: the case need not satisfy that line of its list (ledger \`line.waived\`); documents may still be filed against it. \`kind\` \`added\`: a line of this case alone, under the path’s \`expectedDocId\` (ledger \`line.added\`): runs and people file against it like a list line, and it counts towards completeness. A reason is required. Setting a line again replaces what was set on it. ${EFFECT} 400 an invalid body, a document type not of your marked chain, \`maxCount\` below \`minCount\`; 404 no such application, or waiving a line the list does not have; 409 adding a line the list has, or a run in flight.`,
        params: LineParams,
        body: SetExpectedDocInput,
        response: { 200: CaseExpectedDocs, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => expectedDocs.setLine(requireCaller(request), request.params.id, request.params.expectedDocId, request.body),
  );

  app.delete(
    '/applications/:id/expected-docs/:expectedDocId',
    {
      config: { access: 'expectedDocs.set' },
      schema: {
        tags: ['sets'],
        summary: 'Clear what was set by hand on a line of a case',
        description: `Our addition. A waived line counts again; an added line is gone, and documents filed against it are listed unmatched (ledger \`line.cleared\`, naming them). ${EFFECT} 404 no such application, or nothing set on that line; 409 a run in flight.`,
        params: LineParams,
        querystring: z.object({ decidedBy: z.string().trim().min(1).max(200).optional().describe('Who decides; defaults to the caller’s name.') }),
        response: { 200: CaseExpectedDocs, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => expectedDocs.clearLine(requireCaller(request), request.params.id, request.params.expectedDocId, request.query.decidedBy),
  );
};

export default setRoutes;
