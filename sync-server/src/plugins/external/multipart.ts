import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import fp from 'fastify-plugin';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { MAX_FILE_BYTES, MAX_FILES_PER_CALL } from '@portal/shared';

/** The most a call may send: every file at its limit, plus room for the fields and part headers. */
export const MAX_UPLOAD_BYTES = MAX_FILES_PER_CALL * MAX_FILE_BYTES + 1024 * 1024;

/**
 * A refused upload is answered before its body was read (a text field refused it, or a file
 * past a limit): the rest of the body is still on its way, and on a kept-alive connection the
 * next request waits behind it, forever once the parser stops pulling. The rest is read and
 * thrown away so the connection serves the next request; a body declared larger than any call
 * may send is not waited for (the connection closes after the answer), nor one without a length
 * that runs past that.
 */
function discardUnreadBody(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  const declared = Number(raw.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES) {
    reply.header('connection', 'close');
    return;
  }
  // Whatever still parses it (busboy, waiting on a file part nobody reads) lets go.
  raw.unpipe();
  let discarded = 0;
  raw.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > MAX_UPLOAD_BYTES) raw.socket?.destroy();
  });
  raw.resume();
}

/**
 * multipart/form-data uploads (source files), read part by part as they stream in
 * (`request.parts()`): a file goes to the blob store while it arrives and never sits in memory.
 * Registered by the route contexts that take uploads, so every other operation keeps refusing
 * multipart bodies with 415. The limits are one past the spec's (Part 8), so the operation itself
 * sees the 26th file or the byte past 100 MB and refuses it by name.
 */
export default fp(
  async function multipart(app: FastifyInstance) {
    app.addHook('onSend', async (request, reply) => discardUnreadBody(request, reply));
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
