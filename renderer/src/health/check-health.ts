import { API_BASE_PATH, HealthStatus } from '@portal/shared';

export type HealthCheck =
  /** The server answered with a health body: 200 when ok, 503 when its database does not answer. */
  | { kind: 'answered'; health: HealthStatus; httpStatus: number; checkedAt: Date }
  /** Nothing answered in time: wrong address, server down, or no network. */
  | { kind: 'unreachable'; reason: string; checkedAt: Date }
  /** Something answered, but not with our health body (another service at that address, a proxy error page…). */
  | { kind: 'unexpected'; reason: string; checkedAt: Date };

/** `fetch` as the page has it; the typed API client passes a `Request`. */
export type FetchFn = (input: string | Request, init?: RequestInit) => Promise<Response>;

export function healthUrl(serverUrl: string): string {
  return `${serverUrl.replace(/\/+$/, '')}${API_BASE_PATH}/healthz`;
}

export async function checkHealth(
  fetchFn: FetchFn,
  serverUrl: string,
  signal: AbortSignal,
  timeoutMs = 5000,
): Promise<HealthCheck> {
  const checkedAt = new Date();
  // A server that accepts the connection but never answers must still end in an error state.
  // Combined by hand rather than with AbortSignal.any, which older browsers of web users lack.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort();
  signal.addEventListener('abort', forwardAbort, { once: true });

  try {
    let response: Response;
    try {
      response = await fetchFn(healthUrl(serverUrl), {
        headers: { accept: 'application/json' },
        cache: 'no-store',
        signal: controller.signal,
      });
    } catch {
      return {
        kind: 'unreachable',
        reason: timedOut ? `No answer within ${Math.round(timeoutMs / 1000)} s.` : 'The server could not be reached.',
        checkedAt,
      };
    }
    return await readHealth(response, checkedAt);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', forwardAbort);
  }
}

async function readHealth(response: Response, checkedAt: Date): Promise<HealthCheck> {
  if (response.status === 502 || response.status === 504) {
    // What a reverse proxy (or `vite dev`'s) answers when the server behind it is down.
    return { kind: 'unreachable', reason: `A proxy answered HTTP ${response.status}: the server behind it is not answering.`, checkedAt };
  }
  if (response.status !== 200 && response.status !== 503) {
    return { kind: 'unexpected', reason: `The server answered HTTP ${response.status}.`, checkedAt };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { kind: 'unexpected', reason: 'The server did not answer with JSON.', checkedAt };
  }
  const parsed = HealthStatus.safeParse(body);
  if (!parsed.success) {
    return { kind: 'unexpected', reason: 'The server answered with an unknown health format.', checkedAt };
  }
  return { kind: 'answered', health: parsed.data, httpStatus: response.status, checkedAt };
}
