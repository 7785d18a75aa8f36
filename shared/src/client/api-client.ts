import createClient, { type Client } from 'openapi-fetch';
import { API_BASE_PATH } from '../product.js';
import type { components, paths } from './api-types.js';

export type { components, paths };
/** The contract's schemas as the server documents them (`ApiSchemas['ExpectedDocList']`). */
export type ApiSchemas = components['schemas'];
/** The typed client of the REST API: `api.POST('/document-bundles', { body })`, checked against the server's own document. */
export type ApiClient = Client<paths>;

export interface ApiClientOptions {
  /**
   * `same-origin` (the default) for the web app, which sends its session cookie; `omit` for the
   * desktop app, whose device session the main process adds and whose server answers CORS
   * without credentials.
   */
  credentials?: 'omit' | 'same-origin' | 'include';
}

// An answer is the server's state now, never a copy the browser kept. (Spread in: Node's
// RequestInit type, which the test suites compile against, has no `cache`.)
const NO_STORE: Record<string, unknown> = { cache: 'no-store' };

/**
 * The client of the server at `serverUrl` (its origin, optionally with a path prefix; the API is
 * below `API_BASE_PATH`), built by openapi-fetch on the types generated from
 * `GET /api/openapi.json` (api-types.ts). Calls answer `{ data, error, response }`; `ok()`
 * turns that into the data or an `ApiRequestError`.
 */
export function createApiClient(
  serverUrl: string,
  fetch: (input: Request) => Promise<Response> = (input) => globalThis.fetch(input),
  options: ApiClientOptions = {},
): ApiClient {
  return createClient<paths>({
    baseUrl: `${serverUrl.replace(/\/+$/, '')}${API_BASE_PATH}`,
    // Called as a plain function: a detached `window.fetch` throws "Illegal invocation".
    fetch: (input) => fetch(input),
    credentials: options.credentials ?? 'same-origin',
    headers: { accept: 'application/json' },
    ...NO_STORE,
  });
}

/** A refusal from the server, carrying its `{ error }` sentence, or a request that never got an answer (status 0). */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * The data of a call that succeeded, else an `ApiRequestError` with the server's own sentence:
 * `const bundle = await ok(api.POST('/document-bundles', { body }))`.
 */
export async function ok<D>(call: Promise<{ data?: D; error?: unknown; response: Response }>): Promise<D> {
  let answer: { data?: D; error?: unknown; response: Response };
  try {
    answer = await call;
  } catch {
    throw new ApiRequestError('The server could not be reached. Check your connection; this needs the server.', 0);
  }
  if (answer.response.ok) return answer.data as D;
  const { status } = answer.response;
  throw new ApiRequestError(isApiMessage(answer.error) ? answer.error.error : `The server answered HTTP ${status}.`, status);
}

const isApiMessage = (body: unknown): body is { error: string } =>
  typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string';

/** The sentence to show for a failure: the server's `error`, an exception's message, or what there is. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (isApiMessage(error)) return error.error;
  return String(error);
}
