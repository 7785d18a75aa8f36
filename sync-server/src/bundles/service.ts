import { NON_DOCUMENT_KINDS, type DocumentBundle } from '@portal/shared';
import type { Queryable } from '../db/db.js';
import { loadMarkedChain } from '../doc-types/chain.js';
import type { ListEngine } from '../expected-doc-lists/family.js';
import type { LibraryDeps } from '../library/plugin.js';
import { problemsError } from '../library/problems.js';

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

export async function getBundle(q: Queryable, orgId: string, id: string): Promise<BundleRow | undefined> {
  const { rows } = await q.query<BundleRow>('SELECT * FROM document_bundles WHERE id = $1 AND org_id = $2 AND NOT deleted', [id, orgId]);
  return rows[0];
}

/** Members must be document types of the organization's chain (400 naming each one that is not). */
export async function checkMembers(q: Queryable, lists: ListEngine, deps: LibraryDeps, orgId: string, members: readonly string[]): Promise<void> {
  const chain = await loadMarkedChain(q, lists, deps, orgId, { withCustom: true });
  const problems = members.flatMap((m, i) => {
    const entry = chain.lookup.get(m);
    if (!entry) return [`body.members.${i}: "${m}" is not a document type of your marked catalogue chain or custom-documents`];
    if (NON_DOCUMENT_KINDS.has(entry.kind)) return [`body.members.${i}: "${m}" is not a document type`];
    return [];
  });
  if (problems.length) throw problemsError(problems);
}
