import type { z } from 'zod';
import type { Right } from '@portal/shared';
import type { Queryable } from '../db/db.js';
import type { Caller } from '../identity/caller.js';

export interface SyncScope {
  orgId: string;
  /**
   * Who is asking (`user:<id>`, `apiKey:<id>`, `guest:<id>`): a collection of a caller's own
   * documents (decision requests) shows each caller only theirs, and none when absent.
   */
  owner?: string | undefined;
  /** The official organization, whose published content every organization reads. */
  officialOrgId: string | null;
}

export interface SyncChange<D> {
  rev: number;
  /** Deleted on the server, or no longer in the caller's view: the client drops it. */
  deleted: boolean;
  doc: D;
}

/** A pushed row (RxDB's push protocol), its document checked against the collection's schema. */
export interface SyncPushedRow {
  newDocumentState: Record<string, unknown> & { id: string; _deleted?: boolean | undefined };
  assumedMasterState?: Record<string, unknown> | null | undefined;
}

/** A pushed document the server keeps no row of: sent back deleted, so the client drops it. */
export interface SyncGone {
  gone: Record<string, unknown> & { id: string };
}

/**
 * One replicated collection: how its documents are read from the tables behind it. Documents
 * are ordered by the server `rev` of the row they come from, so "after rev N" is a complete
 * answer to "what changed since I last looked". Read-only over sync (`readOnlyReason`), or
 * written by the client (`push`).
 */
export type SyncCollection<D extends { id: string } = { id: string }> = SyncCollectionReads<D> & (ReadOnlySync | WritableSync<D>);

interface ReadOnlySync {
  /**
   * Why pushes are refused: library drafts are edited through the collaborative editor, the rest
   * through the REST API.
   */
  readOnlyReason: string;
  push?: undefined;
}

interface WritableSync<D extends { id: string }> {
  readOnlyReason?: undefined;
  push: {
    /** What a push does, for the operation's description. */
    description: string;
    /**
     * Applies what is pushed, as `caller`, and answers, for each pushed document, its master
     * state after the push (or it gone, when the server keeps no row of it): the client adopts
     * it. Throws (an HttpError) before writing anything when a row cannot be taken.
     */
    apply(caller: Caller, scope: SyncScope, rows: readonly SyncPushedRow[]): Promise<(SyncChange<D> | SyncGone)[]>;
  };
}

interface SyncCollectionReads<D extends { id: string }> {
  name: string;
  description: string;
  /** The right its operations need; the routes' own right when absent. */
  right?: Right;
  /** Tables whose committed changes can change this collection (for the live stream). */
  tables: readonly string[];
  /** The document schema (an object schema: the stream and pull add `serverRev` and `_deleted`). */
  document: z.ZodObject;
  /** Changes with `after < rev < below` (no upper bound when `below` is null), oldest first. */
  changes(q: Queryable, scope: SyncScope, after: number, below: number | null, limit: number): Promise<SyncChange<D>[]>;
  /** The current state of some documents, for answering a push with the master state. */
  byIds(q: Queryable, scope: SyncScope, ids: string[]): Promise<SyncChange<D>[]>;
  /**
   * `changes` reads with one statement, so a pull needs no transaction for it (`readBelowBound`);
   * absent or false, its statements are read in one repeatable-read snapshot.
   */
  oneStatement?: boolean;
}

/** The replicated form of a change: the document plus RxDB's fields. */
export const toSyncDocument = <D extends { id: string }>(c: SyncChange<D>): D & { serverRev: number; _deleted: boolean } =>
  // Not `{ ...c.doc, serverRev, _deleted }`: V8 (Node 20) adds properties after a spread on a slow
  // path, and every document of every pull and stream event passes here (DESIGN.md "Hot paths").
  Object.assign({}, c.doc, { serverRev: c.rev, _deleted: c.deleted });

/** A caller as the owner of what it writes over sync: by id, which outlives a changed email or name. */
export function ownerOf(caller: Caller): string {
  const id = caller.kind === 'user' ? caller.userId : caller.apiKeyId;
  return id ? `${caller.kind}:${id}` : caller.authenticatedAs;
}
