import type { ModelOption, ModelStageName, StageModels } from '@portal/shared';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/db.js';
import { chooseModel, modelFor, organizationModels } from './options.js';

/** Which model each analyzer stage runs on, per organization; the analyzer asks `modelFor`. */
export class ModelService {
  constructor(private readonly deps: { db: Db; config: AppConfig }) {}

  /** Every stage, in pipeline order, with its options and the organization's choice. */
  list(orgId: string): Promise<StageModels[]> {
    return organizationModels(this.deps.db, this.deps.config, orgId);
  }

  /** What a stage runs on for an organization now. */
  modelFor(orgId: string, stage: ModelStageName): Promise<ModelOption> {
    return modelFor(this.deps.db, this.deps.config, orgId, stage);
  }

  /** 400 for an option the stage does not offer. */
  choose(o: { orgId: string; stage: ModelStageName; option: string; chosenBy: string }): Promise<StageModels> {
    return chooseModel(this.deps.db, this.deps.config, o);
  }
}
