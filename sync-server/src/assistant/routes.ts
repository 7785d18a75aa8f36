import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AskInput, ASSISTANT_EVENTS, AssistantTurn, Conversation, ConversationListing, CreateConversationInput, errorResponses, eventStreamResponse } from '@portal/shared';
import { requireCaller } from '../identity/caller.js';
import type { AssistantService } from './service.js';
import { streamTurn } from './turn-stream.js';

const Params = z.object({ applicationId: z.string().min(1).max(64).describe('Application id.') });
const ConversationParams = Params.extend({ conversationId: z.string().min(1).max(64).describe('Conversation id.') });
const TurnParams = ConversationParams.extend({ turnId: z.string().min(1).max(64).describe('Turn id.') });

const OWN = 'Conversations are kept per case and per caller (the user, or the API key): nobody else reads them. 404 no such application in your organization, or no such conversation of yours.';

const assistantRoutes: FastifyPluginAsyncZod<{ assistant: AssistantService }> = async (app, { assistant }) => {
  app.get(
    '/applications/:applicationId/assistant/conversations',
    {
      config: { access: 'briefs.start' },
      schema: {
        tags: ['agent'],
        summary: 'Your conversations about the case, most recent first',
        description: OWN,
        params: Params,
        response: { 200: z.array(ConversationListing), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => assistant.list(requireCaller(request), request.params.applicationId),
  );

  app.post(
    '/applications/:applicationId/assistant/conversations',
    {
      config: { access: 'briefs.start' },
      schema: {
        tags: ['agent'],
        summary: 'Starts a conversation about the case',
        description: `201 the conversation, with no turns. ${OWN}`,
        params: Params,
        body: CreateConversationInput,
        response: { 201: Conversation, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => reply.code(201).send(await assistant.create(requireCaller(request), request.params.applicationId, request.body.title)),
  );

  app.get(
    '/applications/:applicationId/assistant/conversations/:conversationId',
    {
      config: { access: 'briefs.start' },
      schema: {
        tags: ['agent'],
        summary: 'A conversation with its turns',
        description: OWN,
        params: ConversationParams,
        response: { 200: Conversation, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => assistant.get(requireCaller(request), request.params.applicationId, request.params.conversationId),
  );

  app.delete(
    '/applications/:applicationId/assistant/conversations/:conversationId',
    {
      config: { access: 'briefs.start' },
      schema: {
        tags: ['agent'],
        summary: 'Deletes a conversation and its turns',
        description: `204. ${OWN}`,
        params: ConversationParams,
        response: { 204: z.undefined().describe('Deleted, with its turns.'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await assistant.remove(requireCaller(request), request.params.applicationId, request.params.conversationId);
      return reply.code(204).send();
    },
  );

  app.post(
    '/applications/:applicationId/assistant/conversations/:conversationId/turns',
    {
      config: { access: 'briefs.start' },
      schema: {
        tags: ['agent'],
        summary: 'Asks a question about the case',
        description:
          'The engine chosen for the `assistant` stage (`GET /models`) answers from the case’s pages (never the pages a person junked) and the key data of its documents, with the conversation’s earlier turns; each citation is checked against the stored page text as for briefs. 202 the turn, `answering`: read the answer as it is written from its `streamUrl` (server-sent events). 400 invalid body. 409 the case has no parsed pages (or every one is junked). 502 the chosen model could not be reached (nothing asked). ' +
          OWN,
        params: ConversationParams,
        body: AskInput,
        response: { 202: AssistantTurn, ...errorResponses(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await assistant.ask(requireCaller(request), request.params.applicationId, request.params.conversationId, request.body.question)),
  );

  // Streams end by themselves when their turn ends; a server shutting down ends them sooner.
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });

  app.get(
    '/applications/:applicationId/assistant/conversations/:conversationId/turns/:turnId/stream',
    {
      config: { access: 'briefs.start' },
      schema: {
        tags: ['agent-stream'],
        summary: 'The answer of a turn, as it is written (server-sent events)',
        description:
          'Content type `text/event-stream`. Every event has an `id` (1, 2, 3… per turn); reconnecting with `Last-Event-ID` resumes after it (EventSource does this by itself), and a stream opened after the turn ended replays it whole. The stream ends after `done` or `failed`; a reconnect after that is answered 204 (no content), which tells an EventSource to stop. Event kinds and their `data` (JSON): ' +
          Object.entries(ASSISTANT_EVENTS)
            .map(([name, text]) => `\`${name}\` ${text}`)
            .join(' ') +
          ' A comment line (`: ping`) keeps the connection open; `revoked` `{status, error}` ends it when the credential is revoked. ' +
          OWN,
        params: TurnParams,
        response: { 200: eventStreamResponse('The turn’s events as they happen (`text/event-stream`).'), 204: z.undefined().describe('The turn ended and every event after `Last-Event-ID` was sent.'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      streamTurn(app, assistant, request, reply, requireCaller(request), { applicationId: request.params.applicationId, conversationId: request.params.conversationId, turnId: request.params.turnId }, streams),
  );
};

export default assistantRoutes;
