import { idFromName, type IntelTemplate, type IntelTemplateEdit, type IntelTemplateListing, type IntelTemplateRef } from '@portal/shared';
import type { Db, Queryable } from '../db/db.js';
import { badRequest, conflict } from '../http-error.js';
import { sourceOf, type FamilyAddress, type FamilyVersion } from '../library/family-engine.js';
import { intelTemplateEngine, type IntelTemplateContent, type IntelTemplateEngine } from './family.js';

type Source = 'own' | 'official';

/**
 * The intel template library of spec Parts 3 and 4 over the family engine. Another
 * organization's templates do not exist for a caller (404); official ones are read-only.
 */
export class IntelTemplateLibrary {
  readonly engine: IntelTemplateEngine = intelTemplateEngine();

  constructor(private readonly deps: { db: Db; officialOrgId: string }) {}

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

  private address(q: Queryable, orgId: string, id: string, source?: Source): Promise<FamilyAddress> {
    return this.engine.address(q, orgId, this.official, id, source);
  }

  /** The caller's own family of `id`; an official one is read-only (409), a missing one 404. */
  private async ownAddress(q: Queryable, orgId: string, id: string, version: number, source?: Source): Promise<FamilyAddress> {
    const address = await this.address(q, orgId, id, source);
    if (address.source === 'official') {
      await this.engine.readVersion(q, address, orgId, version);
      throw conflict(`Intel template "${id}" is official and read-only; make your own copy with POST /intel-templates/${id}/${version}/new-version`);
    }
    return address;
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

  async create(orgId: string, input: { name: string; description?: string | undefined }, createdBy: string): Promise<IntelTemplateRef> {
    const named = idFromName(input.name);
    if (!named.ok) throw badRequest(`body.name: ${named.message}`);
    const created = await this.deps.db.transaction((tx) =>
      this.engine.create(tx, { orgId, id: named.id, name: input.name, content: { description: input.description ?? '', questions: [] }, createdBy }),
    );
    return this.toRef(created);
  }

  async read(orgId: string, id: string, version: number, source?: Source): Promise<IntelTemplate> {
    const address = await this.address(this.deps.db, orgId, id, source);
    return this.toTemplate(await this.engine.readVersion(this.deps.db, address, orgId, version));
  }

  async save(orgId: string, id: string, version: number, edit: IntelTemplateEdit, source?: Source): Promise<IntelTemplate> {
    if (edit.id !== undefined && edit.id !== id) throw badRequest(`body.id: "${edit.id}" is not the id of the path ("${id}")`);
    if (edit.version !== undefined && edit.version !== version) throw badRequest(`body.version: ${edit.version} is not the version of the path (${version})`);
    return this.deps.db.transaction(async (tx) => {
      await this.ownAddress(tx, orgId, id, version, source);
      const saved = await this.engine.save(tx, orgId, id, version, (current) => {
        if (edit.name !== undefined && edit.name !== current.name) {
          throw badRequest(`body.name: a version never changes its name; this one is "${current.name}"`);
        }
        return { description: edit.description ?? current.content.description, questions: edit.questions };
      });
      return this.toTemplate(saved);
    });
  }

  /**
   * new-version of your own template: v(N+1) draft from the active version (409 when the source
   * is not active or a newer version exists). Of an official template's active version: your
   * own copy under the same id, v1 draft (409 when you have a template of that id).
   */
  async newVersion(orgId: string, id: string, version: number, createdBy: string, source?: Source): Promise<IntelTemplateRef> {
    return this.deps.db.transaction(async (tx) => {
      const address = await this.address(tx, orgId, id, source);
      if (address.source === 'official') {
        const official = await this.engine.readVersion(tx, address, orgId, version);
        if (official.status !== 'active') {
          throw conflict(`Version ${version} of the official template "${id}" is ${official.status}; copy its active version`);
        }
        if (await this.engine.exists(tx, orgId, id)) {
          throw conflict(`You already have an intel template "${id}"; make new versions of yours (without ?source=official)`);
        }
        return this.toRef(await this.engine.copyToFamily(tx, official, { orgId, id, name: official.name, createdBy }));
      }
      return this.toRef(await this.engine.newVersion(tx, orgId, id, version, { createdBy }));
    });
  }

  async activate(orgId: string, id: string, version: number, source?: Source): Promise<IntelTemplate> {
    return this.deps.db.transaction(async (tx) => {
      await this.ownAddress(tx, orgId, id, version, source);
      const { activated } = await this.engine.activate(tx, orgId, id, version);
      return this.toTemplate(activated);
    });
  }

  /**
   * The version a new brief answers: the active version of the template the id names (yours,
   * else the official one). 404 for an unknown template, 409 when it has no active version.
   */
  async activeForBrief(q: Queryable, orgId: string, templateId: string): Promise<IntelTemplate> {
    const address = await this.address(q, orgId, templateId);
    const active = await this.engine.latestActive(q, address.orgId, templateId);
    if (!active) throw conflict(`Intel template "${templateId}" has no active version; activate one first`);
    return this.toTemplate(active);
  }
}
