import type { z } from 'zod';
import type { CreateSavedSectionInput as CreateSchema } from '@portal/shared';
import { newId, type ExpectedDoc, type ExpectedDocList, type SavedSection, type SectionEdit, type Subsection } from '@portal/shared';
import type { Db, Queryable } from '../../db/db.js';
import { notFound } from '../../http-error.js';
import { sourceOf } from '../family-engine.js';
import type { LibraryActor } from '../family-service.js';
import { problemsError } from '../problems.js';
import type { MarkedChains } from '../kinds/catalogs/chain.js';
import { freshContainerId, type ListService } from '../kinds/lists/service.js';

type CreateSavedSectionInput = z.infer<typeof CreateSchema>;

export interface SavedSectionContent {
  note: string;
  lines: ExpectedDoc[];
  subsections: Subsection[];
}

export interface SavedSectionRow {
  id: string;
  org_id: string;
  name: string;
  content: SavedSectionContent;
  derived_from: { orgId: string; expectedDocListId: string; version: number; sectionId: string } | null;
  created_at: Date;
}

export const toSavedSection = (r: SavedSectionRow, officialOrgId: string): SavedSection => ({
  id: r.id,
  name: r.name,
  note: r.content.note,
  lines: r.content.lines,
  subsections: r.content.subsections,
  derivedFrom: r.derived_from
    ? {
        expectedDocListId: r.derived_from.expectedDocListId,
        version: r.derived_from.version,
        sectionId: r.derived_from.sectionId,
        source: sourceOf(r.derived_from.orgId, officialOrgId),
      }
    : null,
  createdAt: r.created_at.toISOString(),
});

/** Inserted content gets fresh line ids: ids only mean something within the list they were made in. */
const withoutLineIds = <T extends { id?: string | undefined }>(lines: readonly T[]) => lines.map(({ id: _id, ...rest }) => rest);

const missing = (id: string) => notFound(`No saved section "${id}" in your organization`);

/** Spec "saved-sections": sections kept for reuse, always copied, never linked. */
export class SavedSectionService {
  constructor(
    private readonly db: Db,
    private readonly lists: ListService,
    private readonly chains: MarkedChains,
    private readonly officialOrgId: string,
  ) {}

  async list(orgId: string): Promise<SavedSection[]> {
    const { rows } = await this.db.query<SavedSectionRow>('SELECT * FROM saved_sections WHERE org_id = $1 AND NOT deleted ORDER BY lower(name), id', [orgId]);
    return rows.map((r) => toSavedSection(r, this.officialOrgId));
  }

  async get(q: Queryable, orgId: string, id: string): Promise<SavedSectionRow | undefined> {
    const { rows } = await q.query<SavedSectionRow>('SELECT * FROM saved_sections WHERE id = $1 AND org_id = $2 AND NOT deleted', [id, orgId]);
    return rows[0];
  }

  /**
   * Saves a section: a copy of a section of a stored list version (`from`), or the content given,
   * validated like a list save.
   */
  async create(actor: LibraryActor, input: CreateSavedSectionInput): Promise<SavedSection> {
    let name: string;
    let content: SavedSectionContent;
    let derivedFrom: SavedSectionRow['derived_from'] = null;
    if (input.from) {
      const { expectedDocListId, version, sectionId, source } = input.from;
      const found = await this.lists.section(actor, expectedDocListId, version, sectionId, source);
      name = input.name ?? found.section.name;
      content = { note: input.note ?? found.section.note, lines: found.section.lines, subsections: found.section.subsections };
      derivedFrom = { orgId: found.version.orgId, expectedDocListId, version, sectionId };
    } else {
      name = input.name!;
      const edit: SectionEdit = { name, note: input.note ?? '', lines: input.lines ?? [], subsections: input.subsections ?? [] };
      const result = await this.chains.normalize(this.db, { orgId: actor.orgId, itemKind: null, parent: null, sections: [edit] });
      if (!result.ok) throw problemsError(result.problems);
      const section = result.value[0]!;
      content = { note: section.note, lines: section.lines, subsections: section.subsections };
    }
    const { rows } = await this.db.query<SavedSectionRow>(
      'INSERT INTO saved_sections (id, org_id, name, content, derived_from) VALUES ($1, $2, $3, $4::jsonb, $5::jsonb) RETURNING *',
      [newId('sec'), actor.orgId, name, JSON.stringify(content), derivedFrom ? JSON.stringify(derivedFrom) : null],
    );
    return toSavedSection(rows[0]!, this.officialOrgId);
  }

  async remove(orgId: string, id: string): Promise<void> {
    const { rowCount } = await this.db.query('UPDATE saved_sections SET deleted = true WHERE id = $1 AND org_id = $2 AND NOT deleted', [id, orgId]);
    if (rowCount === 0) throw missing(id);
  }

  /** Copies a saved section into a draft as a new section at `position` (appended when absent). */
  async insertInto(actor: LibraryActor, listId: string, version: number, input: { savedSectionId: string; position?: number | undefined }): Promise<ExpectedDocList> {
    const saved = await this.get(this.db, actor.orgId, input.savedSectionId);
    if (!saved) throw missing(input.savedSectionId);
    return this.lists.editDraft(actor, listId, version, async (sections) => {
      const copy: SectionEdit = {
        id: freshContainerId(sections, saved.name),
        name: saved.name,
        note: saved.content.note,
        lines: withoutLineIds(saved.content.lines),
        subsections: saved.content.subsections.map((u) => ({ name: u.name, note: u.note, lines: withoutLineIds(u.lines), origin: u.origin })),
        origin: { type: 'savedSection', id: saved.id, name: saved.name },
      };
      sections.splice(Math.min(input.position ?? sections.length, sections.length), 0, copy);
      return sections;
    });
  }
}
