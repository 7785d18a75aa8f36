import type { z } from 'zod';
import type { Queryable } from '../db/db.js';

export interface SyncScope {
  orgId: string;
  /** The official organization, whose published content every organization reads. */
  officialOrgId: string | null;
}

export interface SyncChange<D> {
  rev: number;
  /** Deleted on the server, or no longer in the caller's view: the client drops it. */
  deleted: boolean;
  doc: D;
}

/**
 * One replicated collection: how its documents are read from the tables behind it. Documents
 * are ordered by the server `rev` of the row they come from, so "after rev N" is a complete
 * answer to "what changed since I last looked".
 */
export interface SyncCollection<D extends { id: string } = { id: string }> {
  name: string;
  description: string;
  /** Tables whose committed changes can change this collection (for the live stream). */
  tables: readonly string[];
  /** The document schema (an object schema: the stream and pull add `serverRev` and `_deleted`). */
  document: z.ZodObject;
  /** Changes with `after < rev < below` (no upper bound when `below` is null), oldest first. */
  changes(q: Queryable, scope: SyncScope, after: number, below: number | null, limit: number): Promise<SyncChange<D>[]>;
  /** The current state of some documents, for answering a push with the master state. */
  byIds(q: Queryable, scope: SyncScope, ids: string[]): Promise<SyncChange<D>[]>;
  /**
   * Why pushes are refused. Every collection so far is read-only over sync: library drafts are
   * edited through the collaborative editor, the rest through the REST API.
   */
  readOnlyReason: string;
}

/** The replicated form of a change: the document plus RxDB's fields. */
export const toSyncDocument = <D extends { id: string }>(c: SyncChange<D>) => ({ ...c.doc, serverRev: c.rev, _deleted: c.deleted });
