import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, JsonLinesText, LedgerEvent, LedgerVerification, mediaResponse } from '@portal/shared';
import { requireCaller } from '../identity/caller.js';
import type { LedgerService } from './service.js';

const TAGS = ['ledger'];
const Params = z.object({ id: z.string().min(1).max(64).describe('Application id.') });

const ledgerRoutes: FastifyPluginAsyncZod<{ ledger: LedgerService }> = async (app, { ledger }) => {
  app.get(
    '/applications/:id/events',
    {
      config: { access: 'cases.read', etag: (request) => ledger.fingerprint(requireCaller(request).orgId, (request.params as { id: string }).id) },
      schema: {
        tags: TAGS,
        summary: 'The case’s ledger, newest first',
        description: 'Every change to the case, as `{ seq, at, actor, action, target, detail }` rows (spec Parts 2 and 6). 404 no such application in your organization.',
        params: Params,
        response: { 200: z.array(LedgerEvent), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ledger.events(requireCaller(request).orgId, request.params.id),
  );

  app.get(
    '/applications/:id/events/export',
    {
      config: { access: 'cases.read' },
      schema: {
        tags: TAGS,
        summary: 'The whole ledger as JSON lines, oldest first, with its hash chain',
        description:
          'Content type `application/x-ndjson`: one `LedgerExportLine` per line, from seq 1, each with `prevHash` and `hash`, so the trail can be kept and checked outside the portal (`hash` is the SHA-256 of the canonical JSON described on `LedgerExportLine`). 404 no such application in your organization.',
        params: Params,
        response: { 200: mediaResponse('JSON lines, one `LedgerExportLine` each, oldest first.', { 'application/x-ndjson': JsonLinesText }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const lines = await ledger.exportLines(requireCaller(request).orgId, request.params.id);
      return reply
        .type('application/x-ndjson; charset=utf-8')
        .header('content-disposition', `attachment; filename="ledger-${request.params.id}.jsonl"`)
        .send(lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
    },
  );

  app.get(
    '/applications/:id/events/verify',
    {
      config: { access: 'cases.read' },
      schema: {
        tags: TAGS,
        summary: 'Checks the ledger’s hash chain and reports the first broken link',
        description: 'Recomputes every row’s hash from row 1 and checks that each names the one before and none is missing. 404 no such application in your organization.',
        params: Params,
        response: { 200: LedgerVerification, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ledger.verify(requireCaller(request).orgId, request.params.id),
  );
};

export default ledgerRoutes;
