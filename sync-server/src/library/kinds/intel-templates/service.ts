import { idFromName, type IntelTemplate, type IntelTemplateEdit, type IntelTemplateListing, type IntelTemplateRef } from '@portal/shared';
import type { Db, Queryable } from '../../../db/db.js';
import { badRequest, conflict } from '../../../http-error.js';
import { sourceOf, type FamilyVersion } from '../../family-engine.js';
import { FamilyService, type LibraryActor, type Source } from '../../family-service.js';
import type { IntelTemplateContent, IntelTemplateEngine } from './kind.js';

/**
 * The intel template library of spec Parts 3 and 4 over the family engine. Another
 * organization's templates do not exist for a caller (404); official ones are read-only.
 */
export class IntelTemplateLibrary {
  readonly engine: IntelTemplateEngine;
  readonly family: FamilyService<IntelTemplateContent, IntelTemplateContent, IntelTemplateEdit>;

  constructor(private readonly deps: { db: Db; engine: IntelTemplateEngine; officialOrgId: string }) {
    this.engine = deps.engine;
    this.family = new FamilyService(deps.db, {
      engine: deps.engine,
      officialOrgId: deps.officialOrgId,
      idField: 'id',
      toEdit: (body, current) => ({ description: body.description ?? current.content.description, questions: body.questions }),
      readOnlyHint: (official) => `make your own copy with POST /intel-templates/${official.id}/${official.version}/new-version`,
    });
  }

  private get official(): string {
    return this.deps.officialOrgId;
  }

  toTemplate(v: FamilyVersion<IntelTemplateContent>): IntelTemplate {
    return {
      id: v.id,
      version: v.version,
      name: v.name,
      description: v.content.description,
      status: v.status,
      source: sourceOf(v.orgId, this.official),
      questions: v.content.questions,
      derivedFrom: v.derivedFrom ? { id: v.derivedFrom.id, version: v.derivedFrom.version, source: sourceOf(v.derivedFrom.orgId, this.official) } : null,
      createdAt: v.createdAt.toISOString(),
      updatedAt: v.updatedAt.toISOString(),
      activatedAt: v.activatedAt?.toISOString() ?? null,
    };
  }

  toRef(v: FamilyVersion<IntelTemplateContent>): IntelTemplateRef {
    return { id: v.id, version: v.version, name: v.name, status: v.status, source: sourceOf(v.orgId, this.official) };
  }

  async list(orgId: string): Promise<IntelTemplateListing[]> {
    const versions = await this.engine.listVisible(this.deps.db, orgId, this.official);
    const families = new Map<string, FamilyVersion<IntelTemplateContent>[]>();
    for (const v of versions) {
      const key = `${v.orgId}/${v.id}`;
      families.set(key, [...(families.get(key) ?? []), v]);
    }
    const ordered = [...families.values()]
      .map((family) => [...family].sort((a, b) => b.version - a.version))
      .sort((a, b) => {
        const rank = (v: FamilyVersion<IntelTemplateContent>) => (v.orgId === this.official ? 1 : 0);
        return rank(a[0]!) - rank(b[0]!) || a[0]!.name.localeCompare(b[0]!.name) || a[0]!.id.localeCompare(b[0]!.id);
      });
    return ordered.flat().map((v) => ({
      ...this.toRef(v),
      description: v.content.description,
      questionCount: v.content.questions.length,
      derivedFrom: this.toTemplate(v).derivedFrom,
      createdAt: v.createdAt.toISOString(),
      updatedAt: v.updatedAt.toISOString(),
      activatedAt: v.activatedAt?.toISOString() ?? null,
    }));
  }

  async create(actor: LibraryActor, input: { name: string; description?: string | undefined }): Promise<IntelTemplateRef> {
    const named = idFromName(input.name);
    if (!named.ok) throw badRequest(`body.name: ${named.message}`);
    const created = await this.deps.db.transaction((tx) =>
      this.engine.create(tx, { orgId: actor.orgId, id: named.id, name: input.name, content: { description: input.description ?? '', questions: [] }, createdBy: actor.authenticatedAs }),
    );
    return this.toRef(created);
  }

  async read(actor: LibraryActor, id: string, version: number, source?: Source): Promise<IntelTemplate> {
    return this.toTemplate((await this.family.read(this.deps.db, actor.orgId, id, version, source)).version);
  }

  async save(actor: LibraryActor, id: string, version: number, edit: IntelTemplateEdit, source?: Source): Promise<IntelTemplate> {
    return this.toTemplate(await this.family.save(actor, id, version, edit, source));
  }

  /**
   * new-version of your own template: v(N+1) draft from the active version (409 when the source
   * is not active or a newer version exists). Of an official template's active version: your
   * own copy under the same id, v1 draft (409 when you have a template of that id).
   */
  async newVersion(actor: LibraryActor, id: string, version: number, source?: Source): Promise<IntelTemplateRef> {
    return this.toRef(await this.family.newVersion(actor, id, version, source));
  }

  async activate(actor: LibraryActor, id: string, version: number, source?: Source): Promise<IntelTemplate> {
    return this.toTemplate(await this.family.activate(actor, id, version, source));
  }

  /**
   * The version a new brief answers: the active version of the template the id names (yours once
   * activated, else the official one). 404 for an unknown template, 409 when it has no active version.
   */
  async activeForBrief(q: Queryable, orgId: string, templateId: string): Promise<IntelTemplate> {
    const address = await this.family.inUseAddress(q, orgId, templateId);
    const active = await this.engine.latestActive(q, address.orgId, templateId);
    if (!active) throw conflict(`Intel template "${templateId}" has no active version; activate one first`);
    return this.toTemplate(active);
  }
}
