import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { API_BASE_PATH } from '@portal/shared';
import { HttpError } from '../../http-error.js';

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
 * The one error handler (spec Part 7): every failure leaves as `{ error }` with the right status.
 * Client mistakes are 4xx naming what is wrong; anything else is a 500 that is logged in full
 * and tells the client nothing internal.
 */
export default fp(
  async function errorHandler(app: FastifyInstance) {
    app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (err instanceof HttpError) {
        reply.headers(err.headers);
        return reply.code(err.status).send({ ...err.extra, error: err.message });
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
      if (typeof err.code === 'string' && /^22[0-9A-Z]{3}$/.test(err.code)) {
        request.log.warn({ err }, 'database refused a value that validation let through');
        return reply.code(400).send({ error: `Invalid value: ${err.message}` });
      }
      const status = err.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.code(status).send({ error: clientErrorMessage(err) });
      }
      request.log.error({ err }, 'unhandled error');
      return reply.code(500).send({ error: 'Internal server error' });
    });

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (path === API_BASE_PATH || path.startsWith(`${API_BASE_PATH}/`)) {
        return reply.code(404).send({ error: `No operation ${request.method} ${path}` });
      }
      return app.serveAppShell(request, reply);
    });
  },
  { name: 'error-handler', dependencies: ['renderer'] },
);
