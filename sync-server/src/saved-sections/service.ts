import type { ExpectedDoc, SavedSection, Subsection } from '@portal/shared';
import type { Queryable } from '../db/db.js';
import { sourceOf } from '../library/family-engine.js';

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

export async function getSavedSection(q: Queryable, orgId: string, id: string): Promise<SavedSectionRow | undefined> {
  const { rows } = await q.query<SavedSectionRow>('SELECT * FROM saved_sections WHERE id = $1 AND org_id = $2 AND NOT deleted', [id, orgId]);
  return rows[0];
}
