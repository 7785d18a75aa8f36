import type { z } from 'zod';
import type { Queryable } from '../../db/db.js';
import type { SyncChange, SyncCollection, SyncScope } from '../collection.js';

interface TableRow {
  rev: number;
  deleted: boolean;
}

/**
 * A collection that is one table's rows of the caller's organization (and, with
 * `includeOfficial`, the official organization's published rows), one document per row.
 */
export function tableCollection<R extends TableRow, D extends { id: string }>(def: {
  name: string;
  description: string;
  table: string;
  document: z.ZodObject;
  toDocument: (row: R) => D;
  /** SQL condition on the row (alias `t`) that keeps it in view; rows leaving the view are sent as deleted. */
  visible?: string;
  includeOfficial?: boolean;
  /** Column holding the document id (default `id`). */
  idColumn?: string;
  readOnlyReason: string;
}): SyncCollection<D> {
  const visible = def.visible ?? 'true';
  const idCol = def.idColumn ?? 'id';
  const orgs = (scope: SyncScope) => (def.includeOfficial && scope.officialOrgId ? [scope.orgId, scope.officialOrgId] : [scope.orgId]);
  const toChange = (row: R & { visible: boolean }): SyncChange<D> => ({ rev: row.rev, deleted: row.deleted || !row.visible, doc: def.toDocument(row) });
  return {
    name: def.name,
    description: def.description,
    tables: [def.table],
    document: def.document,
    readOnlyReason: def.readOnlyReason,
    oneStatement: true,
    async changes(q: Queryable, scope, after, below, limit) {
      const { rows } = await q.query<R & { visible: boolean }>(
        `SELECT t.*, (${visible}) AS visible FROM ${def.table} t
          WHERE t.org_id = ANY($1::text[]) AND t.rev > $2 AND ($3::bigint IS NULL OR t.rev < $3)
          ORDER BY t.rev LIMIT $4`,
        [orgs(scope), after, below, limit],
      );
      return rows.map(toChange);
    },
    async byIds(q: Queryable, scope, ids) {
      if (ids.length === 0) return [];
      const { rows } = await q.query<R & { visible: boolean }>(
        `SELECT t.*, (${visible}) AS visible FROM ${def.table} t WHERE t.org_id = ANY($1::text[]) AND t.${idCol} = ANY($2::text[])`,
        [orgs(scope), ids],
      );
      return rows.map(toChange);
    },
  };
}
