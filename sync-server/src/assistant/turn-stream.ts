import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { openEventStream } from '../event-stream.js';
import type { Caller } from '../identity/caller.js';
import type { AssistantService } from './service.js';

/** How often a follower looks for the next events; the answering job may run on another instance. */
const POLL_MS = 80;
/** What an EventSource waits before it reconnects: a turn is short, so soon. */
const RETRY_MS = 1_000;

/**
 * A turn's event stream (`text/event-stream`): every event stored for the turn, numbered by its
 * `id`, from after `Last-Event-ID` (a reconnect resumes where it stopped), then the new ones as the
 * job writes them, until `done` or `failed`. Tied to the caller's credential (closed on revocation).
 */
export async function streamTurn(
  app: FastifyInstance,
  assistant: AssistantService,
  request: FastifyRequest,
  reply: FastifyReply,
  caller: Caller,
  ids: { applicationId: string; conversationId: string; turnId: string },
  open: Set<() => void>,
): Promise<void> {
  // 404 before the stream starts.
  const turn = await assistant.turnFor(caller, ids.applicationId, ids.conversationId, ids.turnId);
  const lastEventId = Number(request.headers['last-event-id']);
  let seq = Number.isInteger(lastEventId) && lastEventId >= 0 ? lastEventId : 0;
  // An EventSource reconnects whenever a stream ends; 204 is how the protocol tells it the turn
  // has nothing more to send, so it stops.
  if (turn.status !== 'answering' && (await assistant.eventsAfter(turn.id, seq)).length === 0) {
    return reply.code(204).send();
  }

  const stream = openEventStream(app, request, reply, { caller, needs: 'briefs.start', open, retryMs: RETRY_MS });
  let timer: NodeJS.Timeout | undefined;
  stream.onEnd(() => clearTimeout(timer));

  const step = async () => {
    if (stream.ended) return;
    try {
      for (;;) {
        const events = await assistant.eventsAfter(turn.id, seq);
        for (const e of events) {
          stream.send(e.data, { id: e.seq, event: e.event });
          seq = e.seq;
          if (e.event === 'done' || e.event === 'failed') return stream.end();
        }
        if (events.length < 500) break;
      }
      // A turn that ended without its last event (it failed before it could say so) ends the stream too.
      const now = await assistant.turn(turn.id);
      if (!now) return stream.end();
      if (now.status !== 'answering' && (await assistant.eventsAfter(turn.id, seq)).length === 0) {
        stream.send({ error: now.error ?? 'The turn ended' }, { event: 'failed' });
        return stream.end();
      }
    } catch (err) {
      if (!stream.ended) request.log.warn({ err }, 'assistant stream could not read the turn');
    }
    if (!stream.ended) timer = setTimeout(() => void step(), POLL_MS);
  };
  await step();
}
