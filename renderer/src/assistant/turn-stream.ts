import type { AssistantTurn, IntelCitation } from '@portal/shared';
import type { ApiClient } from '@portal/shared/client';

/** One event of a turn's stream (`ASSISTANT_EVENTS`), numbered by the server. */
export interface TurnEvent {
  id: number | null;
  event: string;
  data: unknown;
}

/** How long a dropped stream waits before it asks again: a turn lasts seconds. */
const RETRY_MS = 1_000;

/** Splits server-sent events out of a buffer; returns the events and what is left of an unfinished one. */
export function parseEvents(buffer: string): { events: TurnEvent[]; rest: string } {
  const events: TurnEvent[] = [];
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let id: number | null = null;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      // A comment (`: ping`) keeps the connection open and says nothing.
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') id = Number(value);
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) events.push({ id: Number.isInteger(id) ? id : null, event, data: JSON.parse(data.join('\n')) });
  }
  return { events, rest };
}

/** What the panel shows of a turn while it is answered: the answer as written so far and its checked citations. */
export interface LiveTurn {
  text: string;
  citations: IntelCitation[];
  /** The last event received: a reconnect asks for what follows it (`Last-Event-ID`). */
  lastId: number;
  /** `open` while events arrive; `reconnecting` after the stream dropped, until it is open again. */
  connection: 'connecting' | 'open' | 'reconnecting';
  /** The turn as stored once it ended (`done`), or why it failed. */
  ended?: { turn: AssistantTurn } | { error: string };
}

export const initialLive = (): LiveTurn => ({ text: '', citations: [], lastId: 0, connection: 'connecting' });

/** A turn's state after one event: `restart` (another attempt starts over) forgets what came before. */
export function applyEvent(live: LiveTurn, e: TurnEvent): LiveTurn {
  const next: LiveTurn = { ...live, lastId: e.id ?? live.lastId, connection: 'open' };
  switch (e.event) {
    case 'delta':
      return { ...next, text: next.text + String((e.data as { text?: unknown }).text ?? '') };
    case 'citation':
      return { ...next, citations: [...next.citations, e.data as IntelCitation] };
    case 'restart':
      return { ...next, text: '', citations: [] };
    case 'done':
      return { ...next, ended: { turn: e.data as AssistantTurn } };
    case 'failed':
    case 'revoked':
      return { ...next, ended: { error: String((e.data as { error?: unknown }).error ?? 'The answer stopped.') } };
    default:
      return next;
  }
}

/**
 * Follows a turn's event stream until it ends (`done`, `failed`, or the server's 204 after the
 * last event), reconnecting with `Last-Event-ID` whenever the connection drops, so nothing is
 * missed or repeated. Returns when the turn ended or `signal` aborted; `onEvent` gets each event,
 * `onDropped` each time the stream broke off before the end.
 */
export async function followTurn(options: {
  api: ApiClient;
  path: { applicationId: string; conversationId: string; turnId: string };
  /** The last event already received (0: none). */
  after: number;
  signal: AbortSignal;
  onEvent(e: TurnEvent): void;
  onDropped(): void;
  /** The server has nothing more to send (204): the turn ended before this stream was opened. */
  onFinished(): void;
}): Promise<void> {
  let lastId = options.after;
  while (!options.signal.aborted) {
    try {
      const { response } = await options.api.GET('/applications/{applicationId}/assistant/conversations/{conversationId}/turns/{turnId}/stream', {
        params: { path: options.path },
        headers: { accept: 'text/event-stream', ...(lastId > 0 ? { 'last-event-id': String(lastId) } : {}) },
        parseAs: 'stream',
        signal: options.signal,
      });
      if (response.status === 204) return options.onFinished();
      // No such turn (any more), or the session ended: asking again would not change it.
      if (response.status >= 400 && response.status < 500) {
        options.onEvent({ id: null, event: 'failed', data: { error: `The answer cannot be read: the server answered HTTP ${response.status}.` } });
        return;
      }
      if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const { events, rest } = parseEvents(buffer + value);
        buffer = rest;
        for (const e of events) {
          if (e.id !== null) lastId = e.id;
          options.onEvent(e);
          if (e.event === 'done' || e.event === 'failed' || e.event === 'revoked') return;
        }
      }
    } catch {
      if (options.signal.aborted) return;
    }
    // The stream ended before the turn did: the connection dropped.
    options.onDropped();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, RETRY_MS);
      options.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
  }
}
