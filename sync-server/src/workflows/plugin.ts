import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { WorkflowToolRegistry } from '../workflow-tools/registry.js';
import workflowRoutes from './routes.js';
import { WorkflowLibrary } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The steps workflows can name; the run engine finds each tool's settings schema here. */
    workflowTools: WorkflowToolRegistry;
    /** The workflow library; the run engine resolves the version a run follows with `resolveForRun`. */
    workflows: WorkflowLibrary;
  }
}

/**
 * Workflows and their tools. Visible to the other /api areas (runs), and installs the default
 * workflow of every organization created from now on.
 */
export default fp(
  async function workflows(app: FastifyInstance) {
    const tools = new WorkflowToolRegistry();
    const library = new WorkflowLibrary({ db: app.db, tools, officialOrgId: app.officialOrgId });
    app.decorate('workflowTools', tools);
    app.decorate('workflows', library);
    app.organizationInitializers.push((tx, org) => library.installDefault(tx, org));
    await app.register(workflowRoutes);
  },
  { name: 'workflows', dependencies: ['library'] },
);
