/**
 * Conditional GETs. A route that declares `config.etag` gets a weak `ETag` on its 200 and
 * answers `If-None-Match` with 304 and no body, before its handler runs: pollers and the
 * desktop app skip bodies that did not change, and the server skips building them.
 *
 * The tag is computed BEFORE the body from a fingerprint of the rows behind the answer (their
 * `rev`s, which every write bumps), so it is never newer than the body it is sent with: a write
 * landing in between makes the next request answer 200 again, never a stale 304.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, onSendHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { CONDITIONAL_GET, notModifiedResponse } from '@portal/shared';
import { SERVER_VERSION } from '../../version.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The fingerprint of what the answer is made of, for the caller: a string that changes
     * whenever the answer may (for example the sum and count of the rows' revs). The plugin
     * makes it a weak ETag of the caller's organization and the server version.
     */
    etag?: (request: FastifyRequest) => Promise<string>;
  }
}

/** `W/"…"` from a fingerprint: per organization (the same official content is another answer elsewhere) and per server version (a deploy may change shapes). */
export function weakEtag(scope: string, fingerprint: string): string {
  const digest = createHash('sha256').update(`${SERVER_VERSION}\0${scope}\0${fingerprint}`).digest('base64url').slice(0, 27);
  return `W/"${digest}"`;
}

/** RFC 9110 §13.1.2: `*`, or a list of entity tags compared weakly. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((t) => opaque(t) === wanted);
}

/**
 * Bodies already sent, by their ETag. A tag names one answer (its organization, URL, server
 * version and the fingerprint of the rows it is made of), so while the tag stays current the
 * body is the same bytes: a poller without `If-None-Match` is answered without building it again.
 * Bounded by size; oldest first out.
 */
export class TaggedBodies {
  private readonly bodies = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes = 32 * 1024 * 1024) {}

  get(etag: string): Buffer | undefined {
    return this.bodies.get(etag);
  }

  set(etag: string, text: string): void {
    if (text.length > this.maxBytes / 16 || this.bodies.has(etag)) return;
    // Encoded once: a replay writes the bytes, not the string again.
    const body = Buffer.from(text);
    this.bodies.set(etag, body);
    this.bytes += body.length;
    for (const [tag, old] of this.bodies) {
      if (this.bytes <= this.maxBytes) break;
      this.bodies.delete(tag);
      this.bytes -= old.length;
    }
  }
}

export default fp(
  async function conditionalGet(app: FastifyInstance) {
    const sent = new TaggedBodies();
    // Declared once per route (`config.etag`); documented, and hooked, on those routes only.
    app.addHook('onRoute', (route) => {
      const fingerprintOf = route.config?.etag;
      if (!fingerprintOf) return;
      if (route.schema) {
        const schema = route.schema as { description?: string; response?: Record<string | number, unknown> };
        schema.description = schema.description ? `${schema.description} ${CONDITIONAL_GET}` : CONDITIONAL_GET;
        schema.response = { ...schema.response, ...notModifiedResponse };
      }
      const preHandler: preHandlerAsyncHookHandler = async (request, reply) => {
        if (request.method !== 'GET' && request.method !== 'HEAD') return;
        const etag = weakEtag(`${request.caller?.orgId ?? ''}\0${request.url}`, await fingerprintOf(request));
        // Private: the answer depends on who asks. no-cache: keep it, but ask every time.
        reply.header('etag', etag).header('cache-control', 'private, no-cache');
        if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
        const body = request.method === 'GET' ? sent.get(etag) : undefined;
        if (body !== undefined) return reply.header('content-type', 'application/json; charset=utf-8').send(body);
      };
      // The tag names the successful answer; an error (404, 400, …) is not what it describes.
      const onSend: onSendHookHandler = async (request, reply, payload) => {
        if (reply.statusCode !== 200 && reply.statusCode !== 304) {
          reply.removeHeader('etag');
          reply.removeHeader('cache-control');
        } else if (reply.statusCode === 200 && request.method === 'GET' && typeof payload === 'string') {
          const etag = reply.getHeader('etag');
          if (typeof etag === 'string') sent.set(etag, payload);
        }
      };
      route.preHandler = [...[route.preHandler ?? []].flat(), preHandler];
      route.onSend = [...[route.onSend ?? []].flat(), onSend];
    });
  },
  { name: 'conditional-get' },
);
