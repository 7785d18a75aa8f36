import type { z } from 'zod';
import { parseVersionKey, versionKey as keyOf } from '@portal/shared/sync';
import type { FamilyEngine, FamilyVersion, VisibleChange } from '../../library/family-engine.js';
import type { SyncChange, SyncCollection, SyncScope } from '../collection.js';

/** The replicated document's id (shared/src/sync/version-key.ts): unique among what one organization sees. */
export const versionKey = (scope: SyncScope, v: { orgId: string; id: string; version: number }) =>
  keyOf(v.orgId === scope.officialOrgId ? 'official' : 'own', v.id, v.version);

/**
 * Versions of one kind of library family (lists, workflows, intel templates) as the caller sees
 * them through the family engine — the same visibility rule as the REST listings — one document
 * per version, mapped by the kind's own service so the document is what its REST API returns.
 */
export function libraryCollection<C, D>(def: {
  name: string;
  description: string;
  engine: Pick<FamilyEngine<C, unknown>, 'visibleChanges' | 'visibleByKeys'>;
  /** Field of the document holding the mapped version. */
  field: string;
  document: z.ZodObject;
  toPayload: (v: FamilyVersion<C>, scope: SyncScope) => D;
}): SyncCollection {
  const engine = def.engine;
  const toChange = (scope: SyncScope) => (c: VisibleChange<C>): SyncChange<{ id: string }> => ({
    rev: c.rev,
    deleted: c.gone,
    doc: { id: versionKey(scope, c.version), [def.field]: def.toPayload(c.version, scope) } as { id: string },
  });
  return {
    name: def.name,
    description: def.description,
    // A family row changes visibility too (the caller's own copy hides the official family).
    tables: ['library_versions', 'library_families'],
    document: def.document,
    readOnlyReason: 'library items change through their REST operations, and draft lists through the collaborative editor.',
    oneStatement: true,
    async changes(q, scope, after, below, limit) {
      return (await engine.visibleChanges(q, scope.orgId, scope.officialOrgId ?? scope.orgId, after, below, limit)).map(toChange(scope));
    },
    async byIds(q, scope, ids) {
      const keys = ids.flatMap((key) => {
        const parsed = parseVersionKey(key);
        const orgId = parsed?.source === 'official' ? scope.officialOrgId : scope.orgId;
        return parsed && orgId ? [{ orgId, id: parsed.id, version: parsed.version }] : [];
      });
      return (await engine.visibleByKeys(q, scope.orgId, scope.officialOrgId ?? scope.orgId, keys)).map(toChange(scope));
    },
  };
}
