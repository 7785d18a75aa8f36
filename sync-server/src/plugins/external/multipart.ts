import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import fp from 'fastify-plugin';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { MAX_FILE_BYTES, MAX_FILES_PER_CALL } from '@portal/shared';

/**
 * multipart/form-data uploads (source files), read part by part as they stream in
 * (`request.parts()`): a file goes to the blob store while it arrives and never sits in memory.
 * Registered by the route contexts that take uploads, so every other operation keeps refusing
 * multipart bodies with 415. The limits are one past the spec's (Part 8), so the operation itself
 * sees the 26th file or the byte past 100 MB and refuses it by name. The call as a whole may be
 * at most `UPLOAD_LIMIT_BYTES` (`config.uploadLimitBytes`): a larger `Content-Length` is 413
 * before its body is read, and an answer given before the body was read closes the connection
 * (`plugins/app/request-body.ts`), so nothing of a refused call is read on.
 */
export default fp(
  async function multipart(app: FastifyInstance) {
    // Read by request-body.ts for the multipart bodies of the routes registered beside this.
    const uploadLimitBytes = app.config.uploadLimitBytes;
    app.addHook('onRoute', (route) => {
      route.config = { ...route.config, uploadLimitBytes };
    });
    await app.register(fastifyMultipart, {
      throwFileSizeLimit: true,
      limits: {
        fileSize: MAX_FILE_BYTES + 1,
        files: MAX_FILES_PER_CALL + 1,
        fields: 20,
        fieldSize: 16 * 1024,
        parts: MAX_FILES_PER_CALL + 21,
        headerPairs: 100,
      },
    });
  },
  { name: 'multipart' },
);

/**
 * The validator of an upload route: its `body` schema documents the multipart fields
 * (`WorkflowRunInput`, `SourceFilesInput`) for OpenAPI, but the parts are read by the handler as
 * they stream, so there is no parsed body to validate. Params and query are validated as usual.
 */
export function multipartValidatorCompiler<S>(route: Parameters<FastifySchemaCompiler<S>>[0]): ReturnType<FastifySchemaCompiler<S>> {
  return route.httpPart === 'body' ? (data: unknown) => ({ value: data }) : validatorCompiler(route as unknown as Parameters<FastifySchemaCompiler<ZodType>>[0]);
}
