import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AnalyzerInsights, AnalyzerInsightsQuery, errorResponses } from '@portal/shared';
import { requireCaller } from '../identity/caller.js';
import type { InsightsService } from './service.js';

const TAGS = ['insights'];

const insightsRoutes: FastifyPluginAsyncZod<{ insights: InsightsService }> = async (app, { insights }) => {
  app.get(
    '/insights/analyzer',
    {
      config: { access: 'insights.read' },
      schema: {
        tags: TAGS,
        summary: 'How well the analyzer reads your organization’s documents, from what your people decided',
        description:
          'Our addition (not in the spec). Every document a run read (its `document.proposed` ledger row) within `from`–`to`, of runs of `workflowId` when given, judged by the decisions people took on its pages since (a decision undone no longer counts): per document type, per key field, per ISO week, with reliability bins of confidence against being right. Counted from the ledger at the time of asking. Managers only (right `insights.read`): others 403. 400 a day that does not exist or is not `YYYY-MM-DD`, `to` before `from`, or a workflow neither the organization nor the official library has; `error` names the parameter.',
        querystring: AnalyzerInsightsQuery,
        response: { 200: AnalyzerInsights, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => insights.analyzer(requireCaller(request).orgId, request.query),
  );
};

export default insightsRoutes;
