import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Cross-origin calls to /api from the configured origins (the desktop app). They authenticate
 * with a bearer device session, never with cookies: no credentials mode, so a foreign page can
 * never ride on a session. Registered before the auth hook, so its refusals carry CORS headers.
 */
export default fp(
  async function cors(app: FastifyInstance) {
    await app.register(fastifyCors, {
      origin: app.config.allowedOrigins,
      credentials: false,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['authorization', 'content-type', 'x-request-id'],
      exposedHeaders: ['retry-after'],
      maxAge: 600,
    });
  },
  { name: 'cors' },
);
