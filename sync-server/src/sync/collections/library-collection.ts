import type { z } from 'zod';
import type { Queryable } from '../../db/db.js';
import { toFamilyVersion, type FamilyVersion, type VersionRow } from '../../library/family-engine.js';
import type { SyncChange, SyncCollection, SyncScope } from '../collection.js';

type Row = VersionRow & { rev: number; gone: boolean };

/** `own:<id>:<version>` or `official:<id>:<version>`: unique among what one organization sees. */
export const versionKey = (scope: SyncScope, v: { orgId: string; id: string; version: number }) =>
  `${v.orgId === scope.officialOrgId ? 'official' : 'own'}:${v.id}:${v.version}`;

/**
 * Versions of one kind of library family (lists, workflows, intel templates): the caller's own,
 * every status, and the official organization's published ones (never its drafts), one document
 * per version, mapped by the area's own service so the document is what its REST API returns.
 */
export function libraryCollection<C, D>(def: {
  name: string;
  description: string;
  familyKind: string;
  /** Field of the document holding the mapped version. */
  field: string;
  document: z.ZodObject;
  toPayload: (v: FamilyVersion<C>, scope: SyncScope) => D;
}): SyncCollection {
  const select = `
    SELECT v.org_id, v.id, f.item_kind, v.version, v.name, v.status, v.content, v.derived_from, v.created_by,
           v.activated_at, v.created_at, v.updated_at, v.rev,
           (v.deleted OR f.deleted OR (v.org_id = $2 AND v.status = 'draft')) AS gone
      FROM library_versions v
      JOIN library_families f ON f.org_id = v.org_id AND f.family_kind = v.family_kind AND f.id = v.id
     WHERE v.family_kind = $3 AND v.org_id = ANY(ARRAY[$1, $2]::text[])`;
  const toChange = (scope: SyncScope) => (r: Row): SyncChange<{ id: string }> => {
    const v = toFamilyVersion<C>(r);
    return { rev: r.rev, deleted: r.gone, doc: { id: versionKey(scope, v), [def.field]: def.toPayload(v, scope) } as { id: string } };
  };
  return {
    name: def.name,
    description: def.description,
    tables: ['library_versions'],
    document: def.document,
    readOnlyReason: 'library items change through their REST operations, and draft lists through the collaborative editor.',
    async changes(q: Queryable, scope, after, below, limit) {
      const { rows } = await q.query<Row>(`${select} AND v.rev > $4 AND ($5::bigint IS NULL OR v.rev < $5) ORDER BY v.rev LIMIT $6`, [
        scope.orgId,
        scope.officialOrgId,
        def.familyKind,
        after,
        below,
        limit,
      ]);
      return rows.map(toChange(scope));
    },
    async byIds(q: Queryable, scope, ids) {
      const keys = ids.map((k) => k.split(':')).filter((p) => p.length === 3);
      if (keys.length === 0) return [];
      const { rows } = await q.query<Row>(`${select} AND (v.id, v.version) IN (SELECT * FROM unnest($4::text[], $5::int[]))`, [
        scope.orgId,
        scope.officialOrgId,
        def.familyKind,
        keys.map((k) => k[1]!),
        keys.map((k) => Number(k[2])),
      ]);
      return rows.map(toChange(scope)).filter((c) => ids.includes(c.doc.id));
    },
  };
}
