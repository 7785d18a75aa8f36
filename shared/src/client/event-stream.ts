import type { RetryPace } from './retry-backoff.js';

/**
 * Server-sent events over `fetch`, so a desktop client can send its bearer credential (the
 * browser's EventSource cannot set headers). Calls `onData` with each event's parsed `data`,
 * reconnecting until `signal` aborts (which also ends the returned promise at once, waiting or
 * not): at the `pace` given (backing off while the server cannot be reached, paused while the
 * network is down), else after `retryMs`. `onOpen` runs on every (re)connect.
 */
export async function readEventStream(options: {
  url: string;
  fetch: typeof fetch;
  headers?: () => Record<string, string>;
  signal: AbortSignal;
  onData: (data: unknown) => void;
  onOpen?: () => void;
  onError?: (err: unknown) => void;
  retryMs?: number;
  pace?: RetryPace;
}): Promise<void> {
  const retry = options.retryMs ?? 2_000;
  const pace = options.pace;
  while (!options.signal.aborted) {
    if (pace) {
      try {
        await pace.ready();
      } catch {
        return;
      }
    }
    try {
      const res = await options.fetch(options.url, {
        headers: { accept: 'text/event-stream', ...(options.headers?.() ?? {}) },
        signal: options.signal,
        credentials: 'include',
      });
      if (!res.ok || !res.body) throw new Error(`event stream answered ${res.status}`);
      pace?.success();
      options.onOpen?.();
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          const event = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const data = event
            .split('\n')
            .filter((l) => l.startsWith('data:'))
            .map((l) => l.slice(5).trimStart())
            .join('\n');
          if (data) options.onData(JSON.parse(data));
        }
      }
    } catch (err) {
      if (options.signal.aborted) return;
      options.onError?.(err);
    }
    if (options.signal.aborted) return;
    // A stream that ended or failed: the pace decides when to try again.
    if (pace) {
      pace.failure();
      continue;
    }
    // Waits before reconnecting; stopping ends the wait at once.
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        options.signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, retry);
      options.signal.addEventListener('abort', done);
    });
  }
}
