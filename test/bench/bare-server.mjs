// The bench's baseline: a bare Fastify serving, as constants, the exact bytes the portal answered.
// Plain JavaScript in a process of its own, so it pays neither a loader nor the load generator's CPU.
// `node bare-server.mjs <routes.json>`; prints the port it listens on (127.0.0.1 only).
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';

/** @type {{ url: string, status: number, contentType: string, body: string }[]} */
const routes = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const app = Fastify({ logger: false });
for (const r of routes) {
  const body = Buffer.from(r.body);
  app.get(r.url, (_request, reply) => {
    reply.code(r.status).header('content-type', r.contentType).send(body);
  });
}
const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${new URL(address).port}\n`);
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
