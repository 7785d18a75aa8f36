import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AnalysisIngest, AnalysisIngestInput, errorResponses } from '@portal/shared';
import { requireCaller } from '../identity/caller.js';
import type { AnalysisService } from './service.js';

const CaseParams = z.object({ id: z.string().min(1).max(64).describe('Application id.') });

/** An engine's page text is larger than the API's other bodies; the JSON bounds (200,000 values) still hold. */
const INGEST_BODY_LIMIT = 16 * 1024 * 1024;

const analysisRoutes: FastifyPluginAsyncZod<{ analysis: AnalysisService }> = async (app, { analysis }) => {
  app.post(
    '/applications/:id/files/:fileId/analysis',
    {
      config: { access: 'cases.create' },
      bodyLimit: INGEST_BODY_LIMIT,
      schema: {
        tags: ['analysis'],
        summary: 'Send what your own engine read of a source file; the run takes it instead of reading those pages',
        description:
          'Our addition (the spec names the tag `analysis ingest`, not its operations). Two formats: `prediction`, the corpus scorer’s prediction format for one packet (`{ packet, flags, documents: [{ pages, docType, keyData }] }`, as `npm run analyze` prints it, confidences and `fields` optional) with `pages` added for the page text (lines with boxes in the page’s units); and `azure-document-intelligence`, the `analyzeResult` of Azure AI Document Intelligence (REST 2023-07-31 or later: `pages[].lines[]` with polygons, `documents[]` with `docType`, `boundingRegions` and `fields`; `words` are not read and may be left out). Precedence, page by page and document by document: the run that reads the file (the next one, since a run reads a file once) takes the ingest’s lines for the pages it gives (no OCR of a scan it gives; citations and key values then name its lines), its documents (pages, type, confidence) in place of the splitter and classifier for the pages they cover (the other pages are split and typed as usual, then filed against the case’s lines as any document), and a document’s key data in place of extraction when it gives some; what comes from it carries `source` `analysis:<ingestId>` (`document.source`, `keyFields[…].source`, the page’s lines). Red flags are always our pre-flight’s. The latest ingest of a file is the one taken (`current`); sending another replaces it, and only the latest few of a file are kept (3 by default): older ones are deleted (their ledger rows stay; the ingest a run used is never deleted). Page numbers are checked against the file (1 to its page count), document types against your marked catalogue chain, key values against the fields of their type’s extraction schema: a field not of the schema, or a value not of its field’s type, is left out and listed in `ignored`. Ledger: `analysis.ingested`. Bodies up to 16 MiB and 200,000 JSON values; what is kept of one (its page lines, documents and `ignored`, as JSON) up to 8 MiB by default. Each organization may send a number of ingests, and MiB of them as kept, per window (by default 1,000 an hour and 512 MiB a day, every key and person together); every attempt counts towards the number, refused ones too. 400 an invalid body (an Azure field part of the wrong type is named), a page past the end of the file (named), a page in two documents, a document type not in your catalogue; 404 no such application or file; 409 the file was read by a run already, or a run reading it is in flight; 413 a body over 16 MiB, or more kept than the server keeps per ingest (nothing is stored); 429 past the organization’s number or MiB of ingests for the window, with `Retry-After`.',
        params: CaseParams.extend({ fileId: z.string().min(1).max(64).describe('A source file of the case.') }),
        body: AnalysisIngestInput,
        response: { 201: AnalysisIngest, ...errorResponses(400, 401, 403, 404, 409, 413, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await analysis.ingest(requireCaller(request), request.params.id, request.params.fileId, request.body)),
  );

  app.get(
    '/applications/:id/analysis',
    {
      config: { access: 'cases.read' },
      schema: {
        tags: ['analysis'],
        summary: 'The analysis ingests of a case, newest first',
        description: 'Our addition. Each with the pages and documents it gives, what was left out of it (`ignored`), whether it is the one a run of its file takes (`current`), and the run that used it. 404 no such application in your organization.',
        params: CaseParams,
        response: { 200: z.array(AnalysisIngest), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => analysis.list(requireCaller(request).orgId, request.params.id),
  );
};

export default analysisRoutes;
