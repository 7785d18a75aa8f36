import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jsonBoundsProblem } from '@portal/shared';
import { badRequest } from '../../http-error.js';

/**
 * JSON bodies, parsed as Fastify does (prototype poisoning refused), then held to the bounds of
 * every value the contract accepts (`json-bounds.ts`): a body nested thousands of levels deep,
 * or carrying a NUL character PostgreSQL cannot store, is a 400 naming where, before any
 * validator, service or database sees it. Path and query parameters get the NUL check too.
 */
export default fp(
  async function jsonBody(app: FastifyInstance) {
    const parse = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request: FastifyRequest, body: string | Buffer, done) => {
      parse(request, body.toString(), (err, value) => {
        if (err) return done(err, undefined);
        const problem = jsonBoundsProblem(value, 'body');
        if (problem) return done(badRequest(problem), undefined);
        done(null, value);
      });
    });
    app.addHook('preValidation', async (request) => {
      for (const [where, values] of [
        ['path', request.params],
        ['query', request.query],
      ] as const) {
        if (!values || typeof values !== 'object') continue;
        for (const [name, value] of Object.entries(values)) {
          const texts = Array.isArray(value) ? value : [value];
          if (texts.some((t) => typeof t === 'string' && t.includes('\u0000'))) {
            throw badRequest(`${where}.${name}: contains a NUL character (\\u0000), which cannot be stored`);
          }
        }
      }
    });
  },
  { name: 'json-body' },
);
