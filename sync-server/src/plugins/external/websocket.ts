import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A y-websocket update carries a whole draft at most; anything larger is refused. */
export const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

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
      errorHandler(error, socket, request) {
        // A frame past the size limit, or one that breaks the protocol, is a refusal we expect
        // (ws has already closed the socket with 1009 or 1002): one warning line, no stack. A
        // client that vanished is routine. Anything else is ours and is logged whole.
        const code = (error as { code?: string }).code;
        if (code?.startsWith('WS_ERR_')) {
          request.log.warn({ wsError: code, reason: error.message }, 'WebSocket frame refused');
        } else if (code === 'ECONNRESET' || code === 'EPIPE') {
          request.log.debug({ wsError: code }, 'WebSocket client went away');
        } else {
          request.log.error({ err: error }, 'WebSocket handler failed');
        }
        socket.terminate();
      },
    });
  },
  { name: 'websocket' },
);
