import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADDRESS_PATTERN,
  ApprovedDocFileQuery,
  ApproveDocumentInput,
  CaseCompleteness,
  CorrectKeyDataInput,
  DecisionResult,
  DocumentDecision,
  DocumentDecisionInput,
  DocumentEntry,
  errorResponses,
  integerParam,
  JunkDocumentInput,
  MarkdownText,
  mediaResponse,
  PageLines,
  PagesPdfQuery,
  PdfBytes,
} from '@portal/shared';
import { requireCaller } from '../identity/caller.js';
import { byteRange, contentDisposition } from './pdf.js';
import type { DocumentService } from './service.js';

const CaseParams = z.object({ id: z.string().min(1).max(64).describe('Application id.') });
const DocParams = CaseParams.extend({
  address: z.string().min(1).max(160).regex(ADDRESS_PATTERN, 'must be <fileId>:p<first>-<last>').describe('The document’s address, `<fileId>:p<first>-<last>` (or a proposed piece’s, to confirm its split).'),
});
// Spec Part 7: only the gate's refusal carries more than a message, so a decision's 409 names
// the decision in its way in words: `decision <id> (<kind> of <address> by <decidedBy>, <at>)`.
const conflictResponse = (text: string) => ({ 409: errorResponses(409)[409].describe(text) });
/** What cutting pages from their packets can answer besides the usual (pdf-cutter.ts). */
const cutResponses = () => ({
  422: errorResponses(422)[422].describe('These pages cannot be cut from their packet (the PDF is damaged or too complex); `error` says what failed.'),
  503: errorResponses(503)[503].describe('Cutting the pages took longer than the cutter allows, or the server is busy; try again.'),
});
const pdfResponse = (description: string) => mediaResponse(description, { 'application/pdf': PdfBytes });

/** Sends a PDF with its name, answering a single byte range with 206 (RFC 9110 §14). */
function sendPdf(request: FastifyRequest, reply: FastifyReply, body: { size: number; name: string; read: (range?: { start: number; end: number }) => NodeJS.ReadableStream | Buffer }) {
  const range = byteRange(request.headers.range, body.size);
  if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${body.size}`).send({ error: `The range is outside the ${body.size} bytes of the file` });
  reply.type('application/pdf').header('content-disposition', contentDisposition(body.name)).header('accept-ranges', 'bytes');
  if (range) {
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${body.size}`)
      .header('content-length', range.end - range.start + 1)
      .send(body.read(range));
  }
  return reply.header('content-length', body.size).send(body.read());
}

const documentRoutes: FastifyPluginAsyncZod<{ documents: DocumentService }> = async (app, { documents }) => {
  app.get(
    '/applications/:id/documents',
    {
      config: { access: 'cases.read', etag: (request) => documents.listFingerprint(requireCaller(request).orgId, (request.params as { id: string }).id) },
      schema: {
        tags: ['documents'],
        summary: 'Every document the case holds, filed or unmatched, in page order',
        description:
          'The entry shape of spec Part 2, plus (our additions) per-field confidence and provenance (`document.keyFields`), the classifier’s `docType`, `confidence` and `alternatives`, the workflow’s `findings`, and `proposedSplits` of a range listed whole. Rules: a range that reads as several documents is listed whole until its split is confirmed (a person approving a piece, or the workflow’s `followSplits`); after confirmation its pieces are listed instead, each with its own address; each page is listed once, a page approved into a document belongs only to it, a junked page is not listed. Empty before any run landed. 404 no such application in your organization.',
        params: CaseParams,
        response: { 200: z.array(DocumentEntry), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => documents.list(requireCaller(request).orgId, request.params.id),
  );

  const decisionText =
    'Recorded with `decidedBy` (default: the caller’s name, an API key’s name) and `authenticatedAs`, in one transaction with its ledger row. Decisions race safely: the first to take a document or page wins; a later one gets 409 whose `error` names the decision in its way, `decision <id> (<kind> of <address> by <decidedBy>, <at>)` (nothing changed: undo that decision to decide again). 404 no such application, document or file in your organization.';

  app.post(
    '/applications/:id/documents/:address/approve',
    {
      config: { access: 'documents.decide' },
      schema: {
        tags: ['documents'],
        summary: 'Approve a document: file it, with a PDF cut from the packet',
        description: `Files the document against its proposed line, another line (\`expectedDocId\`), or as \`"unmatched"\`. With \`spans\`, at new page boundaries (any pages of the case, across files, in the order given); on a proposed piece’s address, confirms that split (its other pieces are listed in place of the range). The filed PDF is the pages of its spans copied from the packets with pdf-lib (nothing re-rendered), identified by \`approval.approvedDocId\`. An approval that fills a line moves the case listing’s \`docsFiled\` (and appends \`case.completeness\`). ${decisionText} 400 a line not of the pinned list, a page past a file’s end or named twice, boundaries that leave out the document.`,
        params: DocParams,
        body: ApproveDocumentInput.nullish().describe('Optional: no body approves the document as listed, as yourself.'),
        response: {
          200: DecisionResult,
          ...errorResponses(400, 401, 403, 404),
          ...conflictResponse('The document or some of its pages were already decided (the `error` names the winner’s decision).'),
          ...cutResponses(),
        },
      },
    },
    async (request) =>
      documents.decide(requireCaller(request), request.params.id, {
        kind: 'approve',
        address: request.params.address,
        spans: request.body?.spans,
        expectedDocId: request.body?.expectedDocId,
        decidedBy: request.body?.decidedBy,
      }),
  );

  app.post(
    '/applications/:id/documents/:address/settle',
    {
      config: { access: 'documents.decide' },
      schema: {
        tags: ['documents'],
        summary: 'Settle a document: a person is done with it without filing it',
        description: `It stays listed, \`settled\`, with \`approval.outcome\` \`settled\` and no filed PDF; it keeps the line it was proposed for. ${decisionText}`,
        params: DocParams,
        body: DocumentDecisionInput.nullish().describe('Optional: no body settles as yourself.'),
        response: { 200: DecisionResult, ...errorResponses(400, 401, 403, 404), ...conflictResponse('The document was already decided (the `error` names that decision).') },
      },
    },
    async (request) => documents.decide(requireCaller(request), request.params.id, { kind: 'settle', address: request.params.address, decidedBy: request.body?.decidedBy }),
  );

  app.post(
    '/applications/:id/documents/:address/junk',
    {
      config: { access: 'documents.decide' },
      schema: {
        tags: ['documents'],
        summary: 'Junk a document, or some of its pages: they leave the list',
        description: `The pages stay in the source files and the ledger; \`GET /pages-pdf\` still serves them. Pages of the document not junked stay listed as a document of their own. ${decisionText} 400 \`spans\` naming pages of another document.`,
        params: DocParams,
        body: JunkDocumentInput.nullish().describe('Optional: no body junks every page of the document, as yourself.'),
        response: { 200: DecisionResult, ...errorResponses(400, 401, 403, 404), ...conflictResponse('The document or some of its pages were already decided (the `error` names that decision).') },
      },
    },
    async (request) =>
      documents.decide(requireCaller(request), request.params.id, { kind: 'junk', address: request.params.address, spans: request.body?.spans, decidedBy: request.body?.decidedBy }),
  );

  app.put(
    '/applications/:id/documents/:address/key-data/:field',
    {
      config: { access: 'documents.decide' },
      schema: {
        tags: ['documents'],
        summary: 'Correct one key value of a document, as a person read it (or clear it)',
        description: `Our addition (the spec has no such operation). A \`correct\` decision: the listed document’s \`extractKeyData[field]\` becomes \`value\` (\`null\` clears it), its \`keyFields[field]\` says a person set it (\`corrected\`, \`confidence\` 1) and where the value is printed on the document’s pages when it is found there. The field must be one of the extraction schema of the document’s type (the type of the line it is filed against when that line asks for a type with a schema of its own, else the type the run read); the value must be of the field’s type. The document may be decided already (approved or settled) or not: a correction takes no pages, so it races no filing; it stays with the document through later decisions that keep its pages, and is undone like any decision (POST …/decisions/{decisionId}/undo). Sending again the value your last correction of the field set answers that decision and records nothing (idempotent). Ledger: \`document.corrected\` (from, to, who), which webhooks deliver as any row. The organization’s later runs learn from it where documents of this layout print the field (nothing leaves the server). From the desktop: a decision request of kind \`correct\`. Recorded with \`decidedBy\` (default: the caller’s name) and \`authenticatedAs\`. 400 an address that is not one, a field not of the schema, a value not of the field’s type or missing; 404 no such application or document in your organization; 409 the document is no longer listed (another decision took it: \`error\` names it) or is a proposed piece whose split nobody confirmed.`,
        params: DocParams.extend({ field: z.string().min(1).max(80).describe('A field of the document type’s extraction schema, e.g. `netPay`.') }),
        body: CorrectKeyDataInput,
        response: {
          200: DecisionResult,
          ...errorResponses(400, 401, 403, 404),
          ...conflictResponse('The document is no longer listed (the `error` names the decision that took it), or is a proposed piece not yet confirmed.'),
        },
      },
    },
    async (request) =>
      documents.correct(requireCaller(request), request.params.id, {
        address: request.params.address,
        field: request.params.field,
        value: request.body.value,
        decidedBy: request.body.decidedBy,
      }),
  );

  app.get(
    '/applications/:id/decisions',
    {
      config: { access: 'cases.read' },
      schema: {
        tags: ['documents'],
        summary: 'Every decision on the case’s documents, in the order made (undone ones too)',
        description: '404 no such application in your organization.',
        params: CaseParams,
        response: { 200: z.array(DocumentDecision), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => documents.decisions(requireCaller(request).orgId, request.params.id),
  );

  app.post(
    '/applications/:id/decisions/:decisionId/undo',
    {
      config: { access: 'documents.decide' },
      schema: {
        tags: ['documents'],
        summary: 'Undo a decision nothing later depends on',
        description:
          'The list becomes what the other decisions make of the proposals, as if this one had not been made; an approval’s filed PDF is withdrawn (its file answers 404). A later decision that touched any page this one touched depends on it: 409 naming it in `error` (undo that one first). 409 already undone. 404 no such application or decision. Ledger: `decision.undone`.',
        params: CaseParams.extend({ decisionId: z.string().min(1).max(64) }),
        body: DocumentDecisionInput.nullish().describe('Optional: no body undoes as yourself.'),
        response: { 200: DecisionResult, ...errorResponses(400, 401, 403, 404), ...conflictResponse('A later decision depends on it (the `error` names that decision), or it was already undone.') },
      },
    },
    async (request) => documents.undo(requireCaller(request), request.params.id, request.params.decisionId, request.body?.decidedBy),
  );

  app.get(
    '/applications/:id/completeness',
    {
      config: { access: 'cases.read' },
      schema: {
        tags: ['documents'],
        summary: 'Which lines of the pinned list the case’s documents satisfy, as decided so far',
        description: 'Counts the listed documents filed against each line (approved, settled, or proposed and waiting). 404 no such application in your organization.',
        params: CaseParams,
        response: { 200: CaseCompleteness, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => documents.completeness(requireCaller(request).orgId, request.params.id),
  );

  app.get(
    '/applications/:id/approved-docs/:approvedDocId/file',
    {
      config: { access: 'cases.read' },
      schema: {
        tags: ['approved-docs'],
        summary: 'A filed PDF, cut from the packet; with ?kind=md its text with page provenance',
        description:
          'The PDF (`application/pdf`), named by `Content-Disposition` from the document’s `suggestedName`; range requests (`Range: bytes=…`) answered with 206, an unsatisfiable one with 416. Cut stripped of active content: JavaScript, actions other than links within the document and to http(s)/mailto addresses (which are kept: they do nothing until clicked), embedded files and XFA forms. With `?kind=md`: markdown (`text/markdown`), a `<!-- page <fileId>:p<n> -->` marker before each page’s text, in the document’s page order. 404 no such application or filed document (or its approval was undone).',
        params: CaseParams.extend({ approvedDocId: z.string().min(1).max(64) }),
        querystring: ApprovedDocFileQuery,
        response: {
          200: mediaResponse('The filed PDF; with `?kind=md`, its text as markdown.', { 'application/pdf': PdfBytes, 'text/markdown': MarkdownText }),
          206: pdfResponse('The byte range asked for (`Range: bytes=…`) of the PDF.'),
          ...errorResponses(400, 401, 403, 404),
          416: errorResponses(400)[400].describe('The range is outside the file.'),
        },
      },
    },
    async (request, reply) => {
      const doc = await documents.approvedDoc(requireCaller(request).orgId, request.params.id, request.params.approvedDocId);
      if (request.query.kind === 'md') return reply.type('text/markdown; charset=utf-8').send(await documents.approvedDocMarkdown(doc));
      return sendPdf(request, reply, { size: Number(doc.size), name: doc.suggested_name, read: (range) => documents.blobStream(doc.sha256, range) });
    },
  );

  app.get(
    '/applications/:id/text',
    {
      config: { access: 'cases.read' },
      schema: {
        tags: ['documents'],
        summary: 'The whole case as one markdown document',
        description:
          'Every listed document in page order: YAML front matter naming it (`address`, `title`, `type`, `line` — null when unmatched —, `settled`, `decision`, `approvedDocId`, `spans`, `keyData`, `findings`; values written as JSON, which YAML reads), then each of its pages: a `<!-- page <fileId>:p<n> -->` marker and the page’s text lines as read. 404 no such application in your organization.',
        params: CaseParams,
        response: { 200: mediaResponse('The case as markdown.', { 'text/markdown': MarkdownText }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const text = Readable.from(await documents.caseText(requireCaller(request).orgId, request.params.id));
      // A stream is written as it comes, past the serializer (which only types the body here).
      // An attachment, never shown inline: it quotes uploaders' file names and text verbatim.
      return (reply as FastifyReply)
        .type('text/markdown; charset=utf-8')
        .header('content-disposition', contentDisposition(request.params.id, '.md'))
        .send(text);
    },
  );

  app.get(
    '/applications/:id/files/:fileId/pages/:page/lines',
    {
      config: { access: 'cases.read' },
      schema: {
        tags: ['documents'],
        summary: 'The text lines a run read on one page, with where each sits',
        description:
          'Our addition (not in the spec), for page viewers: the page’s size and its lines in reading order, each with its 0-based index (what a key value’s provenance, `document.keyFields[field].line`, names) and its box in PDF points, origin at the page’s top-left corner. 404 no such application, file (or a removed one) or page, or a page no run has read yet; 400 a page that is not a positive integer.',
        params: CaseParams.extend({
          fileId: z.string().min(1).max(64).describe('A source file of the case.'),
          page: integerParam(1, 100_000).describe('1-based page of that file.'),
        }),
        response: { 200: PageLines, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => documents.pageLines(requireCaller(request).orgId, request.params.id, request.params.fileId, request.params.page),
  );

  app.get(
    '/applications/:id/pages-pdf',
    {
      config: { access: 'cases.read' },
      schema: {
        tags: ['documents'],
        summary: 'Any pages of the case as one PDF, in the order given',
        description:
          '`span=<fileId>:p<first>-<last>`, repeatable; each span’s pages in order, spans in the order given (copied from the packets, nothing re-rendered), stripped of active content as filed PDFs are (JavaScript, actions but in-document and http(s)/mailto links, embedded files, XFA). Junked pages too: they are still the case’s. 400 a malformed span or a page past its file’s end; 404 no such application, or a file not of this case. Range requests answered with 206.',
        params: CaseParams,
        querystring: PagesPdfQuery,
        response: {
          200: pdfResponse('The pages as one PDF.'),
          206: pdfResponse('The byte range asked for (`Range: bytes=…`) of that PDF.'),
          ...errorResponses(400, 401, 403, 404),
          416: errorResponses(400)[400].describe('The range is outside the file.'),
          ...cutResponses(),
        },
      },
    },
    async (request, reply) => {
      const spans = [request.query.span].flat();
      const bytes = Buffer.from(await documents.pagesPdf(requireCaller(request).orgId, request.params.id, spans));
      return sendPdf(request, reply, { size: bytes.length, name: `${request.params.id}-pages.pdf`, read: (range) => (range ? bytes.subarray(range.start, range.end + 1) : bytes) });
    },
  );
};

export default documentRoutes;
