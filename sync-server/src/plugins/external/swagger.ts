import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE_PATH, errorResponses, MAX_PATH_PARAM_CHARS } from '@portal/shared';
import { SERVER_VERSION } from '../../version.js';
import { specNamedTransforms } from './component-names.js';
import { SESSION_COOKIE } from './cookie.js';

/**
 * The answers every operation can give before its handler runs, added to what the route declares:
 * 400 when it validates a path, query or body (the validator's refusal), and 414 when it has
 * path parameters (one longer than the router takes; MAX_PATH_PARAM_CHARS), and 503 on every one
 * (no database connection came free in time: DatabaseBusyError; or the server is shutting
 * down). Said once here, so no route can forget them.
 */
const BUSY =
  'The server is busy (no database connection came free within `DATABASE_POOL_WAIT_MS`; `Retry-After` says when to try again) or shutting down. Nothing was done: send it again.';

function withRouterErrors(schema: FastifySchema = {}): FastifySchema {
  const response = { ...((schema.response as Record<string, unknown> | undefined) ?? {}) };
  if ((schema.params || schema.querystring || schema.body) && !('400' in response)) Object.assign(response, errorResponses(400));
  if (schema.params && !('414' in response)) Object.assign(response, errorResponses(414));
  // A body may be refused before it is read (a declared length past the limit) or time out while
  // it arrives (plugins/app/request-body.ts).
  if (schema.body && !('408' in response)) Object.assign(response, errorResponses(408));
  if (schema.body && !('413' in response)) Object.assign(response, errorResponses(413));
  if (!('503' in response)) Object.assign(response, { 503: errorResponses(503)[503].describe(BUSY) });
  return { ...schema, response };
}

type Document = { paths?: Record<string, Record<string, any>>; components?: { schemas?: Record<string, any> } };

/** What every string a request carries may hold: anything but NUL (json-body.ts, intake). */
export const NO_NUL_PATTERN = '^[^\\u0000]*$';
const REF = '#/components/schemas/';

/**
 * The server refuses a NUL character in every string of a request (PostgreSQL cannot store it:
 * JSON bodies, path, query and multipart fields alike), a rule no zod schema states. Every
 * string schema a request reaches (parameters, bodies and the components they name) that has
 * no pattern, format or set of values of its own gets this pattern, so the document says it.
 */
function withoutNulInRequests(document: Document): Document {
  const schemas = document.components?.schemas ?? {};
  const seen = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const s = node as Record<string, any>;
    if (typeof s.$ref === 'string' && s.$ref.startsWith(REF)) {
      const name = s.$ref.slice(REF.length);
      if (!seen.has(name)) {
        seen.add(name);
        visit(schemas[name]);
      }
    }
    const isString = s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'));
    if (isString && s.pattern === undefined && s.format === undefined && s.enum === undefined && s.const === undefined && s.contentMediaType === undefined) {
      s.pattern = NO_NUL_PATTERN;
    }
    // Keys too: a NUL in a property name is refused like one in a value (json-bounds.ts).
    const isObject = s.type === 'object' || (Array.isArray(s.type) && s.type.includes('object')) || s.properties !== undefined;
    if (isObject && s.propertyNames === undefined) s.propertyNames = { pattern: NO_NUL_PATTERN };
    for (const [key, value] of Object.entries(s)) if (key !== 'enum' && key !== 'const' && key !== 'default' && key !== 'examples') visit(value);
  };
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item)) {
      if (!operation || typeof operation !== 'object') continue;
      for (const parameter of operation.parameters ?? []) visit(parameter.schema);
      for (const media of Object.values<any>(operation.requestBody?.content ?? {})) visit(media.schema);
    }
  }
  return document;
}

/**
 * The OpenAPI document is generated from the routes' own zod schemas, so it cannot drift from
 * what the server validates and sends. Paths are written relative to `{base_url}` (`/api`),
 * as the spec writes them, with `/api` as the server URL.
 */
export default fp(
  async function swagger(app: FastifyInstance) {
    const named = specNamedTransforms();
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Api',
          version: '0.1.0',
          description: [
            `Compliance Portal public API (server ${SERVER_VERSION}). Errors are \`{ "error": "…" }\`, including the router's own: an unknown method on a known path is 405 with \`Allow\` listing its methods; a path parameter longer than ${MAX_PATH_PARAM_CHARS} characters (as sent) 414; a path that is not valid percent-encoding 400.`,
            'Public operations (`security: []`) ignore credentials they do not need: an unknown or revoked bearer there is not a 401.',
            'No string of a request, nor a property name, may contain NUL (`\\u0000`). A request body declared larger than its operation takes is 413 before it is read, one that stops arriving or arrives too slowly 408, and an answer given before the body was read closes the connection (`Connection: close`). Integers are at most 2147483647 unless a schema says otherwise. Every answer carries `X-Content-Type-Options: nosniff`.',
          ].join(' '),
        },
        servers: [{ url: API_BASE_PATH }],
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Signed session cookie set by POST /login or POST /signup.' },
            apiKey: { type: 'http', scheme: 'bearer', description: 'An API key: `Authorization: Bearer <key>`.' },
          },
        },
        security: [{ session: [] }, { apiKey: [] }],
      },
      transform(args) {
        if (!args.url.startsWith(`${API_BASE_PATH}/`)) return { schema: { ...args.schema, hide: true }, url: args.url };
        // @fastify/websocket hides its routes; ours (collaboration) are part of the API. They
        // authenticate inside the socket, so they are `public` to the auth hook but not here.
        const route = args.route as { websocket?: boolean; wsHandler?: unknown };
        const isWebSocket = route.websocket === true || typeof route.wsHandler === 'function';
        const out = named.transform({ ...args, schema: { ...withRouterErrors(args.schema), ...(isWebSocket ? { hide: false } : {}) } });
        // Public operations are declared once, in the route's `config.access`; the document follows.
        const isPublic = !isWebSocket && (args.route.config as { access?: string } | undefined)?.access === 'public';
        // @fastify/swagger then strips the server URL (`/api`) from the path (stripBasePath).
        return { schema: isPublic ? { ...out.schema, security: [] } : out.schema, url: out.url };
      },
      transformObject: (args) => withoutNulInRequests(named.transformObject(args) as Document) as ReturnType<typeof named.transformObject>,
    });
  },
  { name: 'swagger' },
);
