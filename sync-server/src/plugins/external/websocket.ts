import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A y-websocket update carries a whole draft at most; anything larger is refused. */
const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

/** WebSocket upgrades for the routes that declare `websocket: true` (collaborative editing). */
export default fp(
  async function websocket(app: FastifyInstance) {
    await app.register(fastifyWebsocket, {
      options: {
        maxPayload: MAX_MESSAGE_BYTES,
        // Browsers require the server to pick one of the offered subprotocols; `bearer.<token>`
        // is only a way to carry the credential and is never echoed back.
        handleProtocols: (protocols: Set<string>) => (protocols.has('portal') ? 'portal' : false),
      },
    });
  },
  { name: 'websocket' },
);
