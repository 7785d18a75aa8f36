// The HTTP floor of the sync-load bench: a bare Fastify whose one route inserts the posted name
// with the bench's bare INSERT … RETURNING on a pg pool and answers the row. No auth, no contract,
// no library: what any Node HTTP service in front of the same database gets on this machine.
// Plain JavaScript in a process of its own. `node bare-insert-server.mjs <database url>`; prints
// the port it listens on (127.0.0.1 only).
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.argv[2], max: 20 });
const app = Fastify({ logger: false });
app.post('/rows', async (request, reply) => {
  const { rows } = await pool.query('INSERT INTO bench_bare (name) VALUES ($1) RETURNING id, created_at', [request.body.name]);
  return reply.code(201).send(rows[0]);
});
const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${new URL(address).port}\n`);
const stop = () => void app.close().then(() => pool.end()).then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
