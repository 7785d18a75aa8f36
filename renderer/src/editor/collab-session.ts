import { IndexeddbPersistence } from 'y-indexeddb';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { API_BASE_PATH } from '@portal/shared';
import { collabDocName, readListStatus, type ListDocStatus } from '@portal/shared/collab';
import type { LocalStores } from './local-stores';

/** Origin of this person's edits; everything else (the server, the local store) is someone else's. */
export const LOCAL_ORIGIN = Symbol('local edit');

export type CollabConnection = 'connecting' | 'connected' | 'offline' | 'closed';

export interface CollabSnapshot {
  connection: CollabConnection;
  /** Why the server ended the session for good (close codes 4401/4403/4404). */
  closedReason: string | null;
  /** The local copy (IndexedDB) has been read into the document. */
  loaded: boolean;
  /** Has exchanged state with the server since the last (re)connect. */
  synced: boolean;
  /** Own edits made while disconnected, not yet sent. */
  pending: number;
  /** What the server said about the last state: saved, or invalid with its errors. */
  status: ListDocStatus | undefined;
}

export interface PresenceUser {
  id: string;
  name: string;
  color: string;
}

export interface Presence {
  clientId: number;
  user: PresenceUser;
  /** The line (or section) the person is on, and how it is called, for "editing Passport". */
  focus: { id: string; label: string } | null;
}

export interface CollabSessionOptions {
  serverUrl: string;
  /** This device's record of draft stores and their unsent edits. */
  stores: LocalStores;
  /** Part of the local store's name, with the server and the user: drafts of two organizations never mix. */
  storeScope: string;
  listId: string;
  version: number;
  user: PresenceUser;
  /** False for a session that only sends edits kept on this device (no editor open): nobody should see it as present. */
  announce?: boolean;
  /** Told when the socket dropped, so the app can re-check whether the server is reachable. */
  onDisconnect?: () => void;
}

const CLOSE_REASONS: Record<number, string> = {
  4401: 'Your session has ended. Sign in again to keep editing.',
  4403: 'This version can no longer be edited here: it is not a draft anymore, or you may only read it.',
  4404: 'This list version does not exist on the server.',
};

/** A field a change wrote, and the item that holds it (to tell fields of things created since). */
interface FieldChange {
  key: string;
  owner: Y.ID | null;
}

/**
 * The fields a transaction changed: a text field typed into, or a value set (a requirement, a
 * count, a text stored as a plain string); null when it changed anything else (a line or section
 * added, removed or moved). A field is named by the map holding it and its key, so typing into a
 * text and the text replacing a plain string are one field.
 */
function fieldsChanged(tr: Y.Transaction): FieldChange[] | null {
  const out: FieldChange[] = [];
  const idOf = (type: { _item: Y.Item | null }) => (type._item === null ? null : type._item.id);
  const nameOf = (id: Y.ID | null, key: string) => `${id === null ? 'root' : `${id.client}:${id.clock}`}/${key}`;
  for (const [type, keys] of tr.changed) {
    if (type instanceof Y.Text) {
      const item = type._item;
      if (item === null || !(item.parent instanceof Y.Map) || item.parentSub === null) return null;
      const owner = idOf(item.parent);
      out.push({ key: nameOf(owner, item.parentSub), owner });
    } else if (type instanceof Y.Map) {
      const owner = idOf(type);
      for (const key of keys) if (key !== null) out.push({ key: nameOf(owner, key), owner });
    } else return null;
  }
  return out;
}

/** The draft a store holds: store names are `<scope>|expected-doc-list:<id>:<version>`. */
export function draftOfStore(name: string): { listId: string; version: number } | null {
  const match = /\|expected-doc-list:([^:|]+):(\d+)$/.exec(name);
  return match === null ? null : { listId: match[1]!, version: Number(match[2]) };
}

/**
 * One draft list open for editing: the Yjs document, kept in IndexedDB so edits survive going
 * offline and closing the app, and synced with the server's y-websocket endpoint, which merges
 * whatever was done meanwhile on reconnect. Edits made while disconnected are counted, so the
 * person sees that something is still to be sent.
 */
export class CollabSession {
  readonly doc = new Y.Doc();
  readonly provider: WebsocketProvider;
  readonly undo: Y.UndoManager;
  private readonly persistence: IndexeddbPersistence;
  private readonly storeName: string;
  private readonly stores: LocalStores;
  private readonly listeners = new Set<() => void>();
  private snapshot: CollabSnapshot;
  private destroyed = false;
  /** The fields changed since the last sync, each counted once however often it was typed into. */
  private readonly waitingFields = new Set<string>();
  /** This device's clock when the first waiting change was made: what it created since is part of that change. */
  private waitingSince = Number.POSITIVE_INFINITY;

  constructor(options: CollabSessionOptions) {
    this.storeName = `${options.storeScope}|${collabDocName(options.listId, options.version)}`;
    this.stores = options.stores;
    this.stores.register(this.storeName);
    this.snapshot = {
      connection: navigator.onLine ? 'connecting' : 'offline',
      closedReason: null,
      loaded: false,
      synced: false,
      pending: this.stores.readPending(this.storeName),
      status: undefined,
    };

    this.persistence = new IndexeddbPersistence(this.storeName, this.doc);
    this.persistence.on('synced', () => this.update({ loaded: true, status: readListStatus(this.doc) }));

    const socketBase = `${options.serverUrl.replace(/^http/, 'ws')}${API_BASE_PATH}/collab/expected-doc-lists/${encodeURIComponent(options.listId)}`;
    this.provider = new WebsocketProvider(socketBase, String(options.version), this.doc, {
      // Connected once the local copy is loaded, so offline edits go out in the first exchange.
      connect: false,
      // The server picks `portal`; the session travels as a cookie (web) or a header added by the
      // desktop's main process, never in the page.
      protocols: ['portal'],
      maxBackoffTime: 5_000,
    });
    if (options.announce === false) this.provider.awareness.setLocalState(null);
    else this.provider.awareness.setLocalStateField('user', options.user);
    this.stores.open.add(this.storeName);

    this.provider.on('status', ({ status }) => {
      if (this.snapshot.connection === 'closed') return;
      if (status === 'connected') this.update({ connection: 'connected' });
      else if (status === 'disconnected') {
        this.update({ connection: navigator.onLine ? 'connecting' : 'offline', synced: false });
        options.onDisconnect?.();
      } else if (this.snapshot.connection !== 'offline') this.update({ connection: 'connecting' });
    });
    this.provider.on('sync', (synced) => {
      // The server sends its state first and we answer with ours, so by the time it says we are
      // in sync our queued edits have gone out.
      if (synced) {
        this.setPending(0);
        this.waitingFields.clear();
      }
      this.update({ synced });
    });
    this.provider.on('closed', ({ code, reason }) => {
      // A draft that was activated or removed takes no more edits: what is kept here cannot be
      // sent anymore, and counting it as waiting would never end.
      if (code === 4403 || code === 4404) this.setPending(0);
      this.update({ connection: 'closed', closedReason: CLOSE_REASONS[code] ?? reason });
    });

    this.doc.on('afterTransaction', (tr: Y.Transaction) => {
      if (tr.origin === LOCAL_ORIGIN && !this.provider.wsconnected && (tr.changed.size > 0 || tr.deleteSet.clients.size > 0)) this.countWaiting(tr);
    });
    this.doc.on('update', () => {
      const status = readListStatus(this.doc);
      if (JSON.stringify(status) !== JSON.stringify(this.snapshot.status)) this.update({ status });
      else this.emit();
    });

    // Undo covers only this person's edits: undoing must never revert a colleague's.
    this.undo = new Y.UndoManager(this.doc.getMap('content'), { trackedOrigins: new Set([LOCAL_ORIGIN]) });

    window.addEventListener('offline', this.goOffline);
    window.addEventListener('online', this.goOnline);
    void this.persistence.whenSynced.then(() => {
      if (!this.destroyed && navigator.onLine) this.provider.connect();
    });
  }

  /** The browser knows it lost the network before the socket notices; stop trying until it is back. */
  private readonly goOffline = () => {
    if (this.snapshot.connection === 'closed') return;
    this.provider.disconnect();
    this.update({ connection: 'offline', synced: false });
  };

  private readonly goOnline = () => {
    if (this.snapshot.connection === 'closed' || this.destroyed) return;
    this.update({ connection: 'connecting' });
    this.provider.connect();
  };

  /**
   * Counts a change made while disconnected as the person would: typing into a field, however
   * many keystrokes and pauses, is one change of that field; each line or section added, removed
   * or moved is one; filling in a line added meanwhile is part of adding it.
   */
  private countWaiting(tr: Y.Transaction) {
    if (this.snapshot.pending === 0) {
      this.waitingFields.clear();
      this.waitingSince = tr.beforeState.get(this.doc.clientID) ?? 0;
    }
    const fields = fieldsChanged(tr);
    if (fields === null) return this.setPending(this.snapshot.pending + 1);
    const own = fields.filter((f) => !(f.owner !== null && f.owner.client === this.doc.clientID && f.owner.clock >= this.waitingSince));
    const fresh = own.filter((f) => !this.waitingFields.has(f.key));
    for (const f of fresh) this.waitingFields.add(f.key);
    // A change of only what was created since (a note of a line added offline) counts with it.
    const counted = this.snapshot.pending === 0 ? Math.max(1, fresh.length) : fresh.length;
    if (counted > 0) this.setPending(this.snapshot.pending + counted);
  }

  private setPending(pending: number) {
    if (pending === this.snapshot.pending) return;
    // Kept across reloads: an edit made offline is still unsent after the app restarts.
    this.stores.writePending(this.storeName, pending);
    this.update({ pending });
  }

  /** Runs `change` as one edit of this person (one undo step, one update on the wire). */
  edit(change: (doc: Y.Doc) => void): void {
    this.doc.transact(() => change(this.doc), LOCAL_ORIGIN);
  }

  setFocus(focus: Presence['focus']): void {
    this.provider.awareness.setLocalStateField('focus', focus);
  }

  /** Everyone else editing this draft now. */
  others(): Presence[] {
    const out: Presence[] = [];
    for (const [clientId, state] of this.provider.awareness.getStates()) {
      if (clientId === this.doc.clientID) continue;
      const user = (state as { user?: PresenceUser }).user;
      if (user === undefined) continue;
      out.push({ clientId, user, focus: (state as { focus?: Presence['focus'] }).focus ?? null });
    }
    return out.sort((a, b) => a.user.name.localeCompare(b.user.name));
  }

  getSnapshot = (): CollabSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    const onAwareness = () => listener();
    this.provider.awareness.on('change', onAwareness);
    return () => {
      this.listeners.delete(listener);
      this.provider.awareness.off('change', onAwareness);
    };
  };

  private update(next: Partial<CollabSnapshot>) {
    this.snapshot = { ...this.snapshot, ...next };
    this.emit();
  }

  private emit() {
    for (const l of this.listeners) l();
  }

  destroy(): void {
    this.destroyed = true;
    this.stores.open.delete(this.storeName);
    window.removeEventListener('offline', this.goOffline);
    window.removeEventListener('online', this.goOnline);
    this.undo.destroy();
    this.provider.destroy();
    void this.persistence.destroy();
    this.doc.destroy();
  }
}
