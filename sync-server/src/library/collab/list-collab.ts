import {
  collabDocName,
  ContentBoundsError,
  listContent,
  migrateListText,
  readListContent,
  readListStatus,
  writeListContent,
  writeListStatus,
  yBoundsProblem,
  type Json,
} from '@portal/shared/collab';
import { ExpectedDocListEdit, type ExpectedDocList } from '@portal/shared';
import type { Caller } from '../../identity/caller.js';
import type { Clock } from '../../clock.js';
import { HttpError } from '../../http-error.js';
import type { Queryable } from '../../db/db.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { LibraryActor } from '../family-service.js';
import type { ListService } from '../kinds/lists/service.js';
import { SERVER_ORIGIN, type RoomHooks } from './collab-room.js';
import type { CollabHub } from './collab-hub.js';

const editableContent = (list: ExpectedDocList) => ({ description: list.description, sections: list.sections as unknown as Json[] });

/**
 * Collaborative editing of draft expected document lists: the Yjs document of a list version,
 * its first state from the saved draft, and each change saved back through the same service as
 * a REST save (so the same contract validation applies). A state that does not validate stays
 * in the Yjs document, with the errors shown to every editor, until someone fixes it.
 */
/** The job that writes a draft saved through REST into its collaborative document. */
export const APPLY_SAVED_JOB = 'collab.apply-saved';

interface ApplySavedPayload {
  orgId: string;
  id: string;
  version: number;
  /** The version's `updated_at` when saved: a later save supersedes this job. */
  savedAt: string;
  actor: LibraryActor;
}

export class ListCollab {
  constructor(
    private readonly db: Queryable,
    readonly hub: CollabHub,
    readonly lists: ListService,
    private readonly clock: Clock,
    private readonly jobs: JobQueue,
  ) {
    // A REST save and its write into the live document are one unit: the save's transaction
    // enqueues the write (outbox), which is tried at once after commit and otherwise by a job,
    // so a save that landed never answers an error for the document, nor is the write lost.
    lists.onSave({
      inTransaction: async (tx, actor, saved) => {
        const payload: ApplySavedPayload = { orgId: actor.orgId, id: saved.id, version: saved.version, savedAt: saved.updatedAt.toISOString(), actor };
        await jobs.enqueue({ kind: APPLY_SAVED_JOB, orgId: actor.orgId, payload, runAt: new Date(Date.now() + 5_000) }, tx);
      },
      afterCommit: (actor, list) => this.applySaved(actor as Caller, list),
    });
    jobs.register<ApplySavedPayload>(APPLY_SAVED_JOB, async ({ payload }) => {
      const list = await this.lists.read(payload.actor, payload.id, payload.version, 'own').catch((err: unknown) => {
        if (err instanceof HttpError && err.status === 404) return undefined;
        throw err;
      });
      // Saved again since (that save has its own job), activated (no longer edited) or gone.
      if (!list || list.status !== 'draft' || list.updatedAt !== payload.savedAt) return;
      await this.applySaved(payload.actor as Caller, list);
    });
  }

  docName(id: string, version: number): string {
    return collabDocName(id, version);
  }

  /** The room hooks for one list version; saves run as whoever changed it last. */
  hooks(list: ExpectedDocList, owner: Caller): RoomHooks {
    // Asked for every incoming change, never cached: an activation must stop edits at once. One
    // indexed row, not the whole list.
    const isDraft = async () => (await this.lists.statusOf(this.db, owner.orgId, list.id, list.version)) === 'draft';
    /** The content this room last saved and wrote back: saving it again would change nothing. */
    let lastSaved: string | undefined;
    return {
      writable: isDraft,
      initialize: (doc) => writeListContent(doc, editableContent(list)),
      refuse: (withChange) => yBoundsProblem(listContent(withChange), 'content'),
      // Drafts stored when free text was a plain string: from now on it merges by character.
      migrate: (doc) => void migrateListText(doc, SERVER_ORIGIN),
      materialize: async (doc, lastEditor) => {
        const editor = (lastEditor as Caller | undefined) ?? owner;
        let content: ReturnType<typeof readListContent>;
        try {
          content = readListContent(doc);
        } catch (err) {
          // Stored before changes were checked (or from an older server): told, never saved.
          if (!(err instanceof ContentBoundsError)) throw err;
          writeListStatus(doc, { state: 'invalid', errors: [err.message], savedAt: null }, SERVER_ORIGIN);
          return;
        }
        const read = JSON.stringify(content);
        // Every instance holding the document saves after each change (see CollabRoom.onUpdate);
        // one that has nothing new to save, only another instance's status, stops here.
        if (read === lastSaved && readListStatus(doc)?.state === 'saved') return;
        const parsed = ExpectedDocListEdit.safeParse(content);
        if (!parsed.success) {
          const errors = parsed.error.issues.slice(0, 20).map((i) => `${i.path.join('.')}: ${i.message}`);
          writeListStatus(doc, { state: 'invalid', errors, savedAt: null }, SERVER_ORIGIN);
          return;
        }
        lastSaved = undefined;
        try {
          const saved = await this.lists.saveFromCollaboration(editor, list.id, list.version, parsed.data);
          // The service fills defaults (names, kinds, counts from the catalogue) and editors get
          // them too, but only onto the very content that was saved: written onto a content
          // changed meanwhile, the saved one would undo the change (a line deleted during the
          // save would come back, as a delete moves no state vector). The change scheduled
          // another save, which brings the defaults.
          const unchanged = !yBoundsProblem(listContent(doc), 'content') && JSON.stringify(readListContent(doc)) === read;
          doc.transact(() => {
            if (unchanged) writeListContent(doc, editableContent(saved), SERVER_ORIGIN);
            writeListStatus(doc, { state: 'saved', errors: [], savedAt: this.clock().toISOString() }, SERVER_ORIGIN);
          }, SERVER_ORIGIN);
          if (unchanged) lastSaved = JSON.stringify(readListContent(doc));
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
      // Applied already (a save is written at once and again by its job): nothing to change.
      const content = editableContent(list);
      if (readListStatus(doc)?.state === 'saved' && !yBoundsProblem(listContent(doc), 'content') && JSON.stringify(readListContent(doc)) === JSON.stringify(content)) return;
      doc.transact(() => {
        writeListContent(doc, content, origin);
        writeListStatus(doc, { state: 'saved', errors: [], savedAt: this.clock().toISOString() }, origin);
      }, origin);
    });
  }
}
