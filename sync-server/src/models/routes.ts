import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ChooseModelInput, errorResponses, ModelStage, StageModels } from '@portal/shared';
import { requireCaller } from '../identity/caller.js';

/** `/models`: the model each analyzer stage runs on; tag `models`. */
const modelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/models',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['models'],
        summary: 'Model options per stage and your organization’s choice',
        description:
          'One entry per analyzer stage, in pipeline order: preview, parse, classify, extract, intel, assistant. Readable by everyone in the organization, API keys included.',
        response: { 200: z.array(StageModels), ...errorResponses(401) },
      },
    },
    async (request) => app.models.list(requireCaller(request).orgId),
  );

  app.put(
    '/models/:stage',
    {
      config: { access: 'models.manage' },
      schema: {
        tags: ['models'],
        summary: 'Choose the model a stage runs on',
        description:
          'For the whole organization, from the next stage that starts. Managers only (403 otherwise, API keys included). 400 for a stage or option that does not exist; an option must be one of the stage’s `options`.',
        params: z.object({ stage: ModelStage }),
        body: ChooseModelInput,
        response: { 200: StageModels, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      return app.models.choose({
        orgId: caller.orgId,
        stage: request.params.stage,
        option: request.body.option,
        chosenBy: caller.name,
      });
    },
  );
};

export default modelRoutes;
