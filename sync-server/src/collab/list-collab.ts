import * as Y from 'yjs';
import {
  collabDocName,
  readListContent,
  writeListContent,
  writeListStatus,
  type Json,
} from '@portal/shared/collab';
import { ExpectedDocListEdit, type ExpectedDocList } from '@portal/shared';
import type { Caller } from '../access/caller.js';
import type { Clock } from '../clock.js';
import { HttpError } from '../http-error.js';
import { LIST_FAMILY } from '../expected-doc-lists/family.js';
import type { ListService } from '../expected-doc-lists/service.js';
import type { Queryable } from '../db/db.js';
import { SERVER_ORIGIN, type RoomHooks } from './collab-room.js';
import type { CollabHub } from './collab-hub.js';

const editableContent = (list: ExpectedDocList) => ({ description: list.description, sections: list.sections as unknown as Json[] });

/**
 * Collaborative editing of draft expected document lists: the Yjs document of a list version,
 * its first state from the saved draft, and each change saved back through the same service as
 * a REST save (so the same contract validation applies). A state that does not validate stays
 * in the Yjs document, with the errors shown to every editor, until someone fixes it.
 */
export class ListCollab {
  constructor(
    private readonly db: Queryable,
    readonly hub: CollabHub,
    /** Saves without telling collaboration again: the changes come from it. */
    readonly lists: ListService,
    private readonly clock: Clock,
  ) {}

  docName(id: string, version: number): string {
    return collabDocName(id, version);
  }

  /** The room hooks for one list version; saves run as whoever changed it last. */
  hooks(list: ExpectedDocList, owner: Caller): RoomHooks {
    // Asked for every incoming change, never cached: an activation must stop edits at once. One
    // indexed row, not the whole list.
    const isDraft = async () => {
      const { rows } = await this.db.query<{ status: string }>(
        'SELECT status FROM library_versions WHERE org_id = $1 AND family_kind = $2 AND id = $3 AND version = $4 AND NOT deleted',
        [owner.orgId, LIST_FAMILY, list.id, list.version],
      );
      return rows[0]?.status === 'draft';
    };
    return {
      writable: isDraft,
      initialize: (doc) => writeListContent(doc, editableContent(list)),
      materialize: async (doc, lastEditor) => {
        const editor = (lastEditor as Caller | undefined) ?? owner;
        const before = Y.encodeStateVector(doc);
        const parsed = ExpectedDocListEdit.safeParse(readListContent(doc));
        if (!parsed.success) {
          const errors = parsed.error.issues.slice(0, 20).map((i) => `${i.path.join('.')}: ${i.message}`);
          writeListStatus(doc, { state: 'invalid', errors, savedAt: null }, SERVER_ORIGIN);
          return;
        }
        try {
          const saved = await this.lists.save(editor, list.id, list.version, parsed.data, 'own');
          doc.transact(() => {
            // The service fills defaults (names, kinds, counts from the catalogue); editors get
            // them too, unless someone typed meanwhile (then the next save brings them).
            if (equal(before, Y.encodeStateVector(doc))) writeListContent(doc, editableContent(saved), SERVER_ORIGIN);
            writeListStatus(doc, { state: 'saved', errors: [], savedAt: this.clock().toISOString() }, SERVER_ORIGIN);
          }, SERVER_ORIGIN);
        } catch (err) {
          if (!(err instanceof HttpError) || err.status >= 500) throw err;
          writeListStatus(doc, { state: 'invalid', errors: err.message.split('; '), savedAt: null }, SERVER_ORIGIN);
        }
      },
    };
  }

  /**
   * A draft saved through REST (PUT, inserting a bundle or a saved section) is written into its
   * Yjs document too, so editors see it and both paths agree. Lists never opened for
   * collaboration have no Yjs document yet; theirs starts from the saved draft when first opened.
   */
  async applySaved(owner: Caller, list: ExpectedDocList): Promise<void> {
    const name = this.docName(list.id, list.version);
    if (!(await this.hub.hasStoredState(owner.orgId, name))) return;
    await this.hub.change(owner.orgId, name, this.hooks(list, owner), (doc, origin) => {
      doc.transact(() => {
        writeListContent(doc, editableContent(list), origin);
        writeListStatus(doc, { state: 'saved', errors: [], savedAt: this.clock().toISOString() }, origin);
      }, origin);
    });
  }
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
