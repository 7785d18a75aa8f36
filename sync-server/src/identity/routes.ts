import type { FastifyPluginAsync } from 'fastify';
import accessRoutes from './routes/access.js';
import apiKeyRoutes from './routes/api-keys.js';
import organizationRoutes from './routes/organization.js';
import sessionRoutes from './routes/sessions.js';
import userRoutes from './routes/users.js';

/** Identity's operations, one file per group; each route calls `app.identity` and holds no SQL. */
const identityRoutes: FastifyPluginAsync = async (app) => {
  await app.register(accessRoutes);
  await app.register(sessionRoutes);
  await app.register(userRoutes);
  await app.register(organizationRoutes);
  await app.register(apiKeyRoutes);
};

export default identityRoutes;
