import { z } from 'zod';

export const DatabaseDriver = z
  .enum(['pglite', 'postgres'])
  .describe('`pglite`: the embedded database under DATA_DIR; `postgres`: a PostgreSQL server named by DATABASE_URL.');
export type DatabaseDriver = z.infer<typeof DatabaseDriver>;

/**
 * The spec leaves the health body unshown; we decided its fields here.
 */
export const HealthStatus = z
  .object({
    status: z.enum(['ok', 'unavailable']).describe('`ok` when the server and its database answer; `unavailable` (with 503) otherwise.'),
    version: z.string().describe('The server version.'),
    database: z.object({
      driver: DatabaseDriver,
      ok: z.boolean().describe('Whether the database answered a query just now.'),
    }),
    uptimeSeconds: z.number().describe('Seconds since this server process started.'),
    time: z.string().describe('The server clock, ISO 8601.'),
  })
  .meta({
    id: 'HealthStatus',
    description: 'Liveness and readiness of one server instance. Sent with 200 when healthy and with 503 when the database does not answer.',
  });
export type HealthStatus = z.infer<typeof HealthStatus>;
