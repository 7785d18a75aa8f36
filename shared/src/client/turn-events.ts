import type { AssistantTurn, IntelCitation } from '../contract/briefs.js';

/**
 * A case assistant turn's event stream (`ASSISTANT_EVENTS`) as a client reads it: the
 * server-sent events parsed, and what the answer is after each of them. Pure: the reading itself
 * (fetch, reconnecting with `Last-Event-ID`) is the client's.
 */

/** One event of a turn's stream (`ASSISTANT_EVENTS`), numbered by the server. */
export interface TurnEvent {
  id: number | null;
  event: string;
  data: unknown;
}

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
