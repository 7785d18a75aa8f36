import { newId, type DocumentBundle, type ExpectedDocList } from '@portal/shared';
import { isUniqueViolation, type Db, type Queryable } from '../../db/db.js';
import { badRequest, conflict, notFound } from '../../http-error.js';
import type { LibraryActor } from '../family-service.js';
import type { CatalogService } from '../kinds/catalogs/service.js';
import { freshContainerId, type ListService } from '../kinds/lists/service.js';

export interface BundleRow {
  id: string;
  org_id: string;
  name: string;
  members: string[];
  created_at: Date;
  updated_at: Date;
}

export const toBundle = (r: BundleRow): DocumentBundle => ({
  id: r.id,
  name: r.name,
  members: r.members,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

const nameTaken = (name: string) => conflict(`A bundle named "${name}" already exists`);
const missing = (id: string) => notFound(`No bundle "${id}" in your organization`);

/** Spec "bundle-catalogue": named sets of document types, inserted into lists as copies. */
export class BundleService {
  constructor(
    private readonly db: Db,
    private readonly catalogs: CatalogService,
    private readonly lists: ListService,
  ) {}

  async list(orgId: string): Promise<DocumentBundle[]> {
    const { rows } = await this.db.query<BundleRow>('SELECT * FROM document_bundles WHERE org_id = $1 AND NOT deleted ORDER BY lower(name), id', [orgId]);
    return rows.map(toBundle);
  }

  async get(q: Queryable, orgId: string, id: string): Promise<BundleRow | undefined> {
    const { rows } = await q.query<BundleRow>('SELECT * FROM document_bundles WHERE id = $1 AND org_id = $2 AND NOT deleted', [id, orgId]);
    return rows[0];
  }

  /** Creates (no `id`) or replaces a bundle; 409 when another bundle has the name (ignoring case). */
  async save(orgId: string, input: { name: string; members: string[] }, id?: string): Promise<DocumentBundle> {
    await this.catalogs.checkDocumentTypes(this.db, orgId, input.members);
    try {
      const { rows } = id
        ? await this.db.query<BundleRow>('UPDATE document_bundles SET name = $3, members = $4::jsonb WHERE id = $1 AND org_id = $2 AND NOT deleted RETURNING *', [
            id,
            orgId,
            input.name,
            JSON.stringify(input.members),
          ])
        : await this.db.query<BundleRow>('INSERT INTO document_bundles (id, org_id, name, members) VALUES ($1, $2, $3, $4::jsonb) RETURNING *', [
            newId('bdl'),
            orgId,
            input.name,
            JSON.stringify(input.members),
          ]);
      if (!rows[0]) throw missing(id!);
      return toBundle(rows[0]);
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTaken(input.name);
      throw err;
    }
  }

  async remove(orgId: string, id: string): Promise<void> {
    const { rowCount } = await this.db.query('UPDATE document_bundles SET deleted = true WHERE id = $1 AND org_id = $2 AND NOT deleted', [id, orgId]);
    if (rowCount === 0) throw missing(id);
  }

  /** Copies a bundle into a draft as a subsection of `sectionId` (a copy, not a link). */
  async insertInto(actor: LibraryActor, listId: string, version: number, input: { bundleId: string; sectionId: string }): Promise<ExpectedDocList> {
    const bundle = await this.get(this.db, actor.orgId, input.bundleId);
    if (!bundle) throw missing(input.bundleId);
    return this.lists.editDraft(actor, listId, version, async (sections) => {
      const target = sections.find((s) => s.id === input.sectionId);
      if (!target) throw badRequest(`body.sectionId: version ${version} of "${listId}" has no section "${input.sectionId}"`);
      target.subsections.push({
        id: freshContainerId(sections, bundle.name),
        name: bundle.name,
        note: '',
        lines: bundle.members.map((docType) => ({ docType })),
        origin: { type: 'bundle', id: bundle.id, name: bundle.name },
      });
      return sections;
    });
  }
}
