import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The organization that publishes the official content (seeded at start by seedOfficialContent). */
    officialOrgId: string;
  }
}

/** What the library areas share: who the official organization is. */
export interface LibraryDeps {
  officialOrgId: string;
}

/** Looks the official organization up once per app; the library routes are registered after it. */
export default fp(
  async function library(app: FastifyInstance) {
    const { rows } = await app.db.query<{ id: string }>('SELECT id FROM organizations WHERE is_official AND NOT deleted');
    if (!rows[0]) throw new Error('The official organization is missing: seedOfficialContent must run before the routes are registered');
    app.decorate('officialOrgId', rows[0].id);
  },
  { name: 'library' },
);
