import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE_PATH } from '@portal/shared';
import { SERVER_VERSION } from '../../version.js';
import { specNamedTransforms } from './component-names.js';
import { SESSION_COOKIE } from './cookie.js';

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
          description: `Compliance Portal public API (server ${SERVER_VERSION}). Errors are \`{ "error": "…" }\`.`,
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
        const isWebSocket = (args.route as { websocket?: boolean }).websocket === true;
        const out = named.transform(isWebSocket ? { ...args, schema: { ...args.schema, hide: false } } : args);
        // Public operations are declared once, in the route's `config.access`; the document follows.
        const isPublic = !isWebSocket && (args.route.config as { access?: string } | undefined)?.access === 'public';
        // @fastify/swagger then strips the server URL (`/api`) from the path (stripBasePath).
        return { schema: isPublic ? { ...out.schema, security: [] } : out.schema, url: out.url };
      },
      transformObject: named.transformObject,
    });
  },
  { name: 'swagger' },
);
