import { z } from 'zod';

/**
 * Every error the API sends has this shape (spec Part 7), documented under the spec's name
 * `ApiMessage`; we fixed its only field as `error`, a readable sentence that names what is wrong.
 */
export const ApiError = z
  .object({
    error: z.string().describe('What went wrong, in words a person can act on; names the offending field when there is one.'),
  })
  .meta({ id: 'ApiMessage', description: 'The one error body of the API (spec Part 7).' });
export type ApiError = z.infer<typeof ApiError>;

/**
 * The longest path parameter the router takes, as sent (percent-encoded): above every declared
 * `maxLength` even when each character is escaped, so a parameter the schema allows always
 * reaches its validator, and a longer one is a 414 in the error shape.
 */
export const MAX_PATH_PARAM_CHARS = 2048;

/** Describes why each status is sent, so every route's OpenAPI responses say it the same way. */
export const errorStatusText = {
  400: 'The request is invalid; `error` names the field or rule.',
  401: 'Not signed in, or wrong credentials.',
  403: 'Signed in, but not allowed to do this.',
  404: 'No such resource in your organization.',
  405: 'The path exists but not with this method; the `Allow` header lists the methods it has.',
  408: 'The request body stopped arriving, or did not arrive whole in the time the server waits; the connection is closed.',
  409: 'The request conflicts with the current state.',
  413: 'The request body is larger than the server accepts (a declared `Content-Length` past the limit is refused before the body is read, and the connection closed).',
  414: `A path parameter is longer than any operation accepts (over ${MAX_PATH_PARAM_CHARS} characters as sent, percent-encoded).`,
  415: 'The request body has a media type this operation does not accept.',
  422: 'The request is well-formed but cannot be carried out on this input (`error` says why).',
  426: 'This operation is a WebSocket: send the upgrade (`Connection: Upgrade`, `Upgrade: websocket`).',
  429: 'Too many requests; retry after the `Retry-After` seconds.',
  502: 'An upstream service (the analyzer) did not answer.',
  503: 'The service is unavailable.',
} as const;
export type ErrorStatus = keyof typeof errorStatusText;

/**
 * The error responses of a route, for its `schema.response`: one `ApiError` per status it can send.
 */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof ApiError> {
  const out = {} as Record<S, typeof ApiError>;
  for (const s of statuses) out[s] = ApiError.describe(errorStatusText[s]);
  return out;
}

/** A file of an upload that cannot be accepted, and why. */
export const RefusedFile = z
  .object({ name: z.string().describe('The file’s name as sent (cleaned).'), reason: z.string().describe('Why it cannot be accepted, in words.') })
  .meta({ id: 'RefusedFile', description: 'A file of an upload that cannot be accepted, and why.' });
export type RefusedFile = z.infer<typeof RefusedFile>;

export const REFUSED_FILES_TEXT =
  'On a 400 or 413 refusing files: every file of the call that cannot be accepted, in the order sent. One refused file refuses the whole call (nothing of it is kept): files not listed were acceptable, and can be sent again without these. A file past 100 MB ends the call there: files after it were not read.';

