import { parseEvents, type ApiClient, type TurnEvent } from '@portal/shared/client';

/** How long a dropped stream waits before it asks again: a turn lasts seconds. */
const RETRY_MS = 1_000;

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
