import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { API_BASE_PATH, MAX_PATH_PARAM_CHARS } from '@portal/shared';
import { HttpError } from '../../http-error.js';
import { withoutInternalDetail } from '../../worker-errors.js';
import { AllowedMethods } from './allowed-methods.js';

const CONTEXT_NAMES: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

function describeValidation(context: string | undefined, issues: { instancePath: string; message?: string }[]): string {
  const where = CONTEXT_NAMES[context ?? 'body'] ?? context ?? 'body';
  return issues
    .slice(0, 5)
    .map((i) => {
      const field = i.instancePath.replace(/^\//, '').replaceAll('/', '.');
      return `${field ? `${where}.${field}` : where}: ${i.message ?? 'is invalid'}`;
    })
    .join('; ');
}

/** Fastify's own client errors, reworded so integrators can act on them. */
function clientErrorMessage(err: FastifyError): string {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return `Unsupported media type: ${err.message.replace(/^Unsupported Media Type:?\s*/i, '') || 'this operation takes application/json'}`;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is larger than this server accepts';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The body is empty but Content-Type is application/json; send a JSON document or no Content-Type';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return `Malformed JSON in the request body: ${err.message}`;
    default:
      if (err instanceof SyntaxError) return `Malformed JSON in the request body: ${err.message}`;
      return err.message;
  }
}

/**
 * PostgreSQL's data exceptions (class 22) in words about the input: its own message names
 * neither the field nor anything a client can act on, and is not ours to publish.
 */
function databaseValueMessage(code: string): string {
  switch (code) {
    case '22003':
      return 'A number is out of range: integers of this API are at most 2147483647 unless the schema says otherwise';
    case '22021':
    case '22P05':
      return 'A value contains a NUL character (\\u0000), which cannot be stored';
    case '22001':
      return 'A value is longer than the schema allows';
    case '22007':
    case '22008':
      return 'A date or time is not valid';
    default:
      return 'A value has a form the schema does not allow';
  }
}

const pathTooLong = (reply: FastifyReply): FastifyReply =>
  reply.code(414).send({ error: `A path parameter is longer than ${MAX_PATH_PARAM_CHARS} characters (as sent, percent-encoded); no operation takes one that long` });

/**
 * Errors Fastify's router raises before any route or hook runs (Fastify's `frameworkErrors`),
 * in the error shape: a path parameter longer than the router takes (414, see
 * MAX_PATH_PARAM_CHARS) and a path that is not valid percent-encoding (400).
 */
export function answerFrameworkError(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): FastifyReply {
  // No hook runs for these: the app's onSend header is set here.
  reply.header('x-content-type-options', 'nosniff');
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return pathTooLong(reply);
  }
  if (err.code === 'FST_ERR_BAD_URL') {
    return reply.code(400).send({ error: 'The path is not valid percent-encoding: `%` must start an escape of two hex digits (`%25` for `%` itself)' });
  }
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  return reply.code(status).send({ error: 'The request cannot be routed' });
}

/**
 * The one error handler (spec Part 7): every failure leaves as `{ error }` with the right status.
 * Client mistakes are 4xx naming what is wrong; anything else is a 500 that is logged in full
 * and tells the client nothing internal.
 */
export default fp(
  async function errorHandler(app: FastifyInstance) {
    app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (err instanceof HttpError) {
        reply.headers(err.headers);
        // Services write their own messages, but some quote a library's (a worker that ran out of
        // memory): what is internal in them is said about the input instead.
        return reply.code(err.status).send({ ...err.extra, error: withoutInternalDetail(err.message) });
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        return reply.code(400).send({ error: describeValidation(err.validationContext, err.validation) });
      }
      if (err.validation) {
        return reply.code(400).send({ error: describeValidation(err.validationContext, err.validation) });
      }
      if (isResponseSerializationError(err)) {
        request.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
        return reply.code(500).send({ error: 'Internal server error' });
      }
      // PostgreSQL's data exceptions (class 22: a value out of range, a null byte, a bad number)
      // can only come from input that slipped past validation: the client's mistake, not a crash.
      // Its message stays in the log: the schema should have refused the value (a bug to fix).
      if (typeof err.code === 'string' && /^22[0-9A-Z]{3}$/.test(err.code)) {
        request.log.warn({ err }, 'database refused a value that validation let through');
        return reply.code(400).send({ error: databaseValueMessage(err.code) });
      }
      const status = err.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.code(status).send({ error: withoutInternalDetail(clientErrorMessage(err)) });
      }
      // The client hung up while its body was read (Node's `aborted`, ECONNRESET, raised in
      // whatever was reading it): nobody is left to answer and nothing is wrong with the server.
      if (request.raw.aborted || request.raw.socket?.destroyed) {
        request.log.info({ code: err.code, message: err.message }, 'the client closed the connection before its request was answered');
        return reply.code(499).send({ error: 'The client closed the connection' });
      }
      request.log.error({ err }, 'unhandled error');
      return reply.code(500).send({ error: 'Internal server error' });
    });

    // Every route's methods by path, for the 405 below (onRoute sees the routes registered after it).
    const allowed = new AllowedMethods();
    app.addHook('onRoute', (route) => {
      if (route.url.startsWith(`${API_BASE_PATH}/`)) allowed.add(route.method, route.url);
    });

    const isApi = (path: string) => path === API_BASE_PATH || path.startsWith(`${API_BASE_PATH}/`);
    /** A request under /api that is no operation: 414, 405 with `Allow`, or 404. */
    const answerUnrouted = (request: FastifyRequest, reply: FastifyReply, path: string): FastifyReply => {
      // The router refuses a long parameter only where it tried one: the same refusal for every method.
      if (path.split('/').some((segment) => segment.length > MAX_PATH_PARAM_CHARS)) return pathTooLong(reply);
      // A known path with another method: 405 naming the ones it has (RFC 9110 §15.5.6).
      const methods = allowed.at(path);
      if (methods.length > 0) return notAllowed(reply, request.method, path, methods);
      return reply.code(404).send({ error: `No operation ${request.method} ${path}` });
    };
    const notAllowed = (reply: FastifyReply, method: string, path: string, methods: string[]) =>
      reply
        .code(405)
        .header('allow', methods.join(', '))
        .send({ error: `${method} is not an operation of ${path}; it has ${methods.join(', ')}` });

    // Decided before anything reads the body or asks for credentials: Fastify would otherwise parse
    // the body of an unrouted request first (a QUERY without Content-Type was a 400, any other
    // method with an unknown type a 415), and the web app's wildcard would take an /api GET (405 or
    // 403 from the file server instead of 414). A request routed to a template that a more specific
    // one overlaps (GET …/set-default reaching GET /workflows/:id/:version) is the specific one's 405.
    app.addHook('onRequest', async (request, reply) => {
      const url = request.routeOptions.url;
      if (url !== undefined && url.startsWith(API_BASE_PATH)) {
        const shadowed = allowed.shadowedAt(url, request.url.split('?')[0] ?? '');
        if (shadowed) return notAllowed(reply, request.method, request.url.split('?')[0] ?? '', shadowed);
        return;
      }
      const path = request.url.split('?')[0] ?? '';
      if (isApi(path)) return answerUnrouted(request, reply, path);
      if (url === undefined) return app.serveAppShell(request, reply);
    });

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (isApi(path)) return answerUnrouted(request, reply, path);
      return app.serveAppShell(request, reply);
    });
  },
  { name: 'error-handler', dependencies: ['renderer'] },
);
