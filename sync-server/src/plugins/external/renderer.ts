import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a browser navigation outside /api with the web app's index.html (client-side routes). */
    serveAppShell(request: FastifyRequest, reply: FastifyReply): FastifyReply;
  }
}

/**
 * Serves the built renderer at `/`. Vite names assets by content hash, so they are cached for a
 * year; index.html must be revalidated every time so a new release is picked up at once.
 */
export default fp(
  async function renderer(app: FastifyInstance) {
    const root = app.config.rendererDir;
    const built = existsSync(join(root, 'index.html'));
    if (!built) {
      app.log.warn({ rendererDir: root }, 'the web app is not built; run `npm run build` to serve it at /');
    } else {
      await app.register(fastifyStatic, {
        root,
        prefix: '/',
        wildcard: true,
        index: ['index.html'],
        cacheControl: false,
        setHeaders(res, path) {
          const immutable = path.startsWith(join(root, 'assets'));
          res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
          res.header('X-Content-Type-Options', 'nosniff');
        },
      });
    }

    app.decorate('serveAppShell', function serveAppShell(request: FastifyRequest, reply: FastifyReply) {
      const wantsHtml = (request.headers.accept ?? '').includes('text/html');
      if (built && (request.method === 'GET' || request.method === 'HEAD') && wantsHtml) {
        return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
      }
      return reply.code(404).send({ error: `Not found: ${request.method} ${request.url.split('?')[0]}` });
    });
  },
  { name: 'renderer' },
);
