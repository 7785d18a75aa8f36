import {
  checkWorkflowSteps,
  idFromName,
  WORKFLOW_SPINE,
  type Workflow,
  type WorkflowEdit,
  type WorkflowListing,
  type WorkflowRef,
} from '@portal/shared';
import type { Db, Queryable } from '../../../db/db.js';
import { badRequest, conflict } from '../../../http-error.js';
import { sourceOf, type FamilyAddress, type FamilyVersion } from '../../family-engine.js';
import { FamilyService, type LibraryActor, type Source } from '../../family-service.js';
import type { WorkflowToolRegistry } from './tools/registry.js';
import type { WorkflowContent, WorkflowEngine } from './kind.js';

/** The official workflow every new organization gets its own active copy of, as its default. */
export const STANDARD_INTAKE_ID = 'standard-intake';

export interface WorkflowLibraryDeps {
  db: Db;
  engine: WorkflowEngine;
  tools: WorkflowToolRegistry;
  officialOrgId: string;
}

/**
 * The workflow library of spec Parts 3 and 4 over the family engine. Every method takes the
 * caller's organization; another organization's workflows do not exist for it (404), and the
 * official organization's are visible read-only.
 */
export class WorkflowLibrary {
  readonly engine: WorkflowEngine;
  readonly tools: WorkflowToolRegistry;
  readonly family: FamilyService<WorkflowContent, WorkflowContent, WorkflowEdit>;

  constructor(private readonly deps: WorkflowLibraryDeps) {
    this.engine = deps.engine;
    this.tools = deps.tools;
    this.family = new FamilyService(deps.db, {
      engine: deps.engine,
      officialOrgId: deps.officialOrgId,
      idField: 'id',
      toEdit: (body, current) => ({ description: body.description ?? current.content.description, steps: body.steps.map((s) => ({ tool: s.tool, settings: s.settings })) }),
      readOnlyHint: (official) => `make your own copy with POST /workflows/${official.id}/${official.version}/new-version`,
      // Once the copy is activated the id names it (until then runs keep following the official
      // workflow); a default that named the official workflow follows the id then, so runs of
      // the default and the listing agree on which workflow that is.
      afterActivate: async (tx, orgId, activated) => {
        const current = await this.engine.defaultOf(tx, orgId);
        if (current?.orgId === this.official && current.id === activated.id) await this.engine.setDefault(tx, orgId, { orgId, id: activated.id });
      },
    });
  }

  private get official(): string {
    return this.deps.officialOrgId;
  }

  toWorkflow(v: FamilyVersion<WorkflowContent>, isDefault: boolean): Workflow {
    return {
      id: v.id,
      version: v.version,
      name: v.name,
      description: v.content.description,
      status: v.status === 'draft' ? 'draft' : 'active',
      source: sourceOf(v.orgId, this.official),
      isDefault,
      steps: v.content.steps,
      problems: checkWorkflowSteps(v.content.steps, this.deps.tools.rules()).problems,
      derivedFrom: v.derivedFrom ? { id: v.derivedFrom.id, version: v.derivedFrom.version, source: sourceOf(v.derivedFrom.orgId, this.official) } : null,
      createdAt: v.createdAt.toISOString(),
      updatedAt: v.updatedAt.toISOString(),
      activatedAt: v.activatedAt?.toISOString() ?? null,
    };
  }

  toRef(v: FamilyVersion<WorkflowContent>): WorkflowRef {
    return { id: v.id, version: v.version, name: v.name, status: v.status === 'draft' ? 'draft' : 'active', source: sourceOf(v.orgId, this.official) };
  }

  private async isDefault(q: Queryable, orgId: string, family: { orgId: string; id: string }): Promise<boolean> {
    const d = await this.engine.defaultOf(q, orgId);
    return d !== undefined && d.orgId === family.orgId && d.id === family.id;
  }

  private address(q: Queryable, orgId: string, id: string, source?: Source): Promise<FamilyAddress> {
    return this.family.address(q, orgId, id, source);
  }

  async list(orgId: string): Promise<WorkflowListing[]> {
    const versions = await this.engine.listVisible(this.deps.db, orgId, this.official);
    const def = await this.engine.defaultOf(this.deps.db, orgId);
    const families = new Map<string, FamilyVersion<WorkflowContent>[]>();
    for (const v of versions) {
      const key = `${v.orgId}/${v.id}`;
      families.set(key, [...(families.get(key) ?? []), v]);
    }
    const rows = [...families.values()].map((family): WorkflowListing => {
      const newestFirst = [...family].sort((a, b) => b.version - a.version);
      const newest = newestFirst[0]!;
      return {
        id: newest.id,
        name: newest.name,
        source: sourceOf(newest.orgId, this.official),
        isDefault: def !== undefined && def.orgId === newest.orgId && def.id === newest.id,
        runsVersion: newestFirst.find((v) => v.status === 'active')?.version ?? null,
        versions: newestFirst.map((v) => {
          const w = this.toWorkflow(v, false);
          return {
            version: w.version,
            name: w.name,
            status: w.status,
            stepCount: w.steps.length,
            complete: w.problems.length === 0,
            createdAt: w.createdAt,
            updatedAt: w.updatedAt,
            activatedAt: w.activatedAt,
          };
        }),
      };
    });
    const rank = (r: WorkflowListing) => (r.source === 'own' ? 0 : 1);
    return rows.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  }

  async create(actor: LibraryActor, input: { name: string; description?: string | undefined }): Promise<WorkflowRef> {
    const named = idFromName(input.name);
    if (!named.ok) throw badRequest(`body.name: ${named.message}`);
    const steps = WORKFLOW_SPINE.map((tool) => ({ tool, settings: this.deps.tools.defaults(tool) }));
    const created = await this.deps.db.transaction((tx) =>
      this.engine.create(tx, { orgId: actor.orgId, id: named.id, name: input.name, content: { description: input.description ?? '', steps }, createdBy: actor.authenticatedAs }),
    );
    return this.toRef(created);
  }

  private async present(q: Queryable, orgId: string, v: FamilyVersion<WorkflowContent>): Promise<Workflow> {
    return this.toWorkflow(v, await this.isDefault(q, orgId, v));
  }

  async read(actor: LibraryActor, id: string, version: number, source?: Source): Promise<Workflow> {
    return this.present(this.deps.db, actor.orgId, (await this.family.read(this.deps.db, actor.orgId, id, version, source)).version);
  }

  async save(actor: LibraryActor, id: string, version: number, edit: WorkflowEdit, source?: Source): Promise<Workflow> {
    return this.present(this.deps.db, actor.orgId, await this.family.save(actor, id, version, edit, source));
  }

  /**
   * new-version of your own workflow's active version: v(N+1) draft (409 when it is a draft or a
   * newer version exists). Of an official workflow: your own copy of it, v1 draft under the same
   * id (409 when you have one).
   */
  async newVersion(actor: LibraryActor, id: string, version: number, source?: Source): Promise<WorkflowRef> {
    return this.toRef(await this.family.newVersion(actor, id, version, source));
  }

  async activate(actor: LibraryActor, id: string, version: number, source?: Source): Promise<Workflow> {
    return this.present(this.deps.db, actor.orgId, await this.family.activate(actor, id, version, source));
  }

  /** Makes the workflow the organization's one default (409 without an active version); the library after it. */
  async setDefault(orgId: string, id: string, source?: Source): Promise<WorkflowListing[]> {
    await this.deps.db.transaction(async (tx) => {
      const address = await this.address(tx, orgId, id, source);
      // Activation is one-way and versions are never deleted, so an active version found here stays.
      if (!(await this.engine.latestActive(tx, address.orgId, id))) {
        throw conflict(`Workflow "${id}" has no active version; activate one before making it the default`);
      }
      await this.engine.setDefault(tx, orgId, { orgId: address.orgId, id });
    });
    return this.list(orgId);
  }

  /**
   * The version a run of `workflowId` follows (spec Part 9, 5): the highest active version, or
   * `pinned`. 404 for an unknown workflow or version, 409 for a pinned draft or nothing active.
   * Reads only, so a run can ask before it writes anything.
   */
  async resolveForRun(q: Queryable, orgId: string, workflowId: string, pinned?: number): Promise<Workflow> {
    // The workflow in use under that id: the organization's own once activated, the official one until then.
    const address = await this.family.inUseAddress(q, orgId, workflowId);
    let chosen: FamilyVersion<WorkflowContent> | undefined;
    if (pinned !== undefined) {
      chosen = await this.engine.readVersion(q, address, orgId, pinned);
      if (chosen.status === 'draft') {
        throw conflict(`Version ${pinned} of workflow "${workflowId}" is a draft; activate it or pin an active version`);
      }
    } else {
      chosen = await this.engine.latestActive(q, address.orgId, workflowId);
      if (!chosen) throw conflict(`Workflow "${workflowId}" has no active version; activate one first`);
    }
    return this.toWorkflow(chosen, await this.isDefault(q, orgId, address));
  }

  /** The organization's default workflow, as a run would resolve it; undefined when none is set. */
  async defaultWorkflowId(q: Queryable, orgId: string): Promise<string | undefined> {
    return (await this.engine.defaultOf(q, orgId))?.id;
  }

  /**
   * Organization initializer: a new organization starts with its own active copy of the official
   * standard-intake workflow as its default, so its first run needs no library work.
   */
  async installDefault(tx: Queryable, org: { id: string; is_official: boolean }): Promise<void> {
    if (org.is_official || org.id === this.official) return;
    const source = await this.engine.latestActive(tx, this.official, STANDARD_INTAKE_ID);
    if (!source) throw new Error(`The official workflow ${STANDARD_INTAKE_ID} is missing: official content must be seeded before organizations are created`);
    const copy = await this.engine.copyToFamily(tx, source, { orgId: org.id, id: source.id, name: source.name });
    await this.engine.activate(tx, org.id, copy.id, copy.version);
    await this.engine.setDefault(tx, org.id, { orgId: org.id, id: copy.id });
  }
}
