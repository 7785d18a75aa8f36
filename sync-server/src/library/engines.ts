import { MarkedChains } from './kinds/catalogs/chain.js';
import { intelTemplateEngine, type IntelTemplateEngine } from './kinds/intel-templates/kind.js';
import { listEngine, type ListEngine } from './kinds/lists/kind.js';
import { schemaEngine, type SchemaEngine } from './kinds/schemas/kind.js';
import { workflowEngine, type WorkflowEngine } from './kinds/workflows/kind.js';
import { WorkflowToolRegistry } from './kinds/workflows/tools/registry.js';

/** The family engine of every library kind, wired together for one official organization. */
export interface LibraryEngines {
  lists: ListEngine;
  chains: MarkedChains;
  schemas: SchemaEngine;
  workflows: WorkflowEngine;
  workflowTools: WorkflowToolRegistry;
  intelTemplates: IntelTemplateEngine;
}

export function libraryEngines(officialOrgId: string): LibraryEngines {
  // Lists are checked against the catalogue chain (which reads catalogue versions itself).
  const chains = new MarkedChains(officialOrgId);
  const lists = listEngine(chains);
  const workflowTools = new WorkflowToolRegistry();
  return { lists, chains, schemas: schemaEngine(), workflows: workflowEngine(workflowTools), workflowTools, intelTemplates: intelTemplateEngine() };
}
