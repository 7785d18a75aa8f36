import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import type { Db } from '../../db/db.js';

export const MESSAGE_SYNC = 0;
export const MESSAGE_AWARENESS = 1;

/** Close codes in 4400-4499 tell y-websocket clients to stop reconnecting. */
export const CLOSE_UNAUTHENTICATED = 4401;
export const CLOSE_FORBIDDEN = 4403;
export const CLOSE_NOT_FOUND = 4404;
/**
 * The room could not store a change: reconnect. y-websocket treats every code outside
 * 4400-4499 as transient (4500-4599 is its "try again later" range); on reconnect its sync step
 * sends whatever the freshly loaded room lacks, so the change is stored then.
 */
export const CLOSE_TRY_AGAIN = 4503;
/** A change the document cannot take (nested too deep, too large): final, like the other 44xx. */
export const CLOSE_REFUSED_CHANGE = 4413;

export interface CollabSocket {
  send(data: Uint8Array): void;
  close(code?: number, reason?: string): void;
  /** Who is connected; handed to `materialize` as the last editor. */
  readonly identity?: unknown;
  /** Whether this connection may change the document (the caller's rights). */
  readonly canWrite: boolean;
}

/** Origin of transactions the server makes itself (initial state, REST saves, status). */
export const SERVER_ORIGIN = Symbol('server');
/** Origin of updates read back from the database (another instance wrote them). */
const STORED_ORIGIN = Symbol('stored');
/** Origin of awareness relayed from another instance. */
const REMOTE_ORIGIN = Symbol('remote');

export interface RoomHooks {
  /** Whether clients may change the document now (drafts only). */
  writable(): Promise<boolean>;
  /** The document's first state, when nothing is stored yet. */
  initialize(doc: Y.Doc): void;
  /** Called (debounced) after clients changed the document; `editor` is the last one who did. */
  materialize(doc: Y.Doc, editor: unknown): Promise<void>;
  /**
   * Why the document with a client's change applied (a copy) must not take it, or undefined.
   * Asked only for changes that add shared types (maps, arrays): edits of values cannot make
   * the document deeper.
   */
  refuse?(withChange: Y.Doc): string | undefined;
  /**
   * Brings a stored document up to the current format (in a transaction of SERVER_ORIGIN, so it
   * is stored and relayed like any server change), after loading it.
   */
  migrate?(doc: Y.Doc): void;
}

export interface RoomOptions {
  /** Names this room in its notifications, so it skips reading back its own. */
  id: string;
  /** Sends this room's awareness changes to the other instances holding the document. */
  publishAwareness?: (update: Uint8Array) => void;
  /** Called once when the room gives up storing a change: it must not be handed out again. */
  onBroken?: () => void;
}

const COMPACT_AFTER = 200;
const MATERIALIZE_DEBOUNCE_MS = 150;
/** A failed store is retried after 50, 100, 200, 400, 800 ms (about 1.5 s), then the room gives up. */
const STORE_RETRIES = 5;
const STORE_BACKOFF_MS = 50;
/** A missed notification (a dropped NOTIFY, a listener reconnecting) is caught up within this. */
const REFRESH_EVERY_MS = 5_000;

/**
 * One collaborative document held in memory while anyone edits it: the y-websocket protocol
 * (sync and awareness) for its connections, every update appended to `collab_updates` (retried
 * until stored, else the editors are sent to reconnect), and updates written by other server
 * instances read back on their NOTIFY and every few seconds.
 */
export class CollabRoom {
  readonly doc = new Y.Doc({ gc: true });
  readonly awareness = new awarenessProtocol.Awareness(this.doc);
  readonly id: string;
  /** Connections and server-side changes using the room (counted by the hub). */
  holds = 0;
  private readonly conns = new Map<CollabSocket, Set<number>>();
  /**
   * The ids of the stored rows this room holds. Rows are compared by id set, not by "after the
   * last id": ids are taken at insert but become visible at commit, in any order, so a row of
   * another instance can appear below one already read (and compaction replaces rows).
   */
  private known = new Set<number>();
  private loaded = false;
  private sinceCompaction = 0;
  private materializeTimer: NodeJS.Timeout | undefined;
  private refreshTimer: NodeJS.Timeout | undefined;
  private materializing = Promise.resolve();
  /** Updates made here and not yet stored, oldest first. */
  private pending: Uint8Array[] = [];
  private storing: Promise<void> | undefined;
  private refreshing: Promise<void> | undefined;
  private refreshAgain = false;
  private broken = false;
  private lastEditor: unknown;
  private readonly publishAwareness: (update: Uint8Array) => void;
  private readonly onBroken: () => void;

  constructor(
    private readonly db: Db,
    readonly orgId: string,
    readonly name: string,
    private readonly hooks: RoomHooks,
    private readonly log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void },
    options: RoomOptions,
  ) {
    this.id = options.id;
    this.publishAwareness = options.publishAwareness ?? (() => {});
    this.onBroken = options.onBroken ?? (() => {});
    this.awareness.setLocalState(null);
    this.doc.on('update', (update: Uint8Array, origin: unknown) => this.onUpdate(update, origin));
    this.awareness.on('update', ({ added, updated, removed }: Record<string, number[]>, origin: unknown) => {
      const changed = [...added!, ...updated!, ...removed!];
      const owned = this.conns.get(origin as CollabSocket);
      if (owned) {
        for (const id of added!) owned.add(id);
        for (const id of removed!) owned.delete(id);
      }
      const update = awarenessProtocol.encodeAwarenessUpdate(this.awareness, changed);
      const encoder = encoding.createEncoder();
      encoding.writeVarUint(encoder, MESSAGE_AWARENESS);
      encoding.writeVarUint8Array(encoder, update);
      this.broadcast(encoding.toUint8Array(encoder));
      if (origin !== REMOTE_ORIGIN) this.publishAwareness(update);
    });
  }

  /** Awareness of editors connected to another instance. */
  applyRemoteAwareness(update: Uint8Array): void {
    awarenessProtocol.applyAwarenessUpdate(this.awareness, update, REMOTE_ORIGIN);
  }

  /** Loads stored updates; a document never stored starts from `hooks.initialize`, once across instances. */
  async load(): Promise<void> {
    let stored = false;
    await this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`collab:${this.orgId}:${this.name}`]);
      let { rows } = await tx.query<{ id: number; update: Uint8Array }>('SELECT id, update FROM collab_updates WHERE org_id = $1 AND doc = $2 ORDER BY id', [
        this.orgId,
        this.name,
      ]);
      const problem = rows.length > 0 ? this.storedRefusal(rows) : undefined;
      if (problem) {
        // Stored before changes were checked: a document Yjs cannot even change (deleting a
        // value nested thousands deep overflows its stack) starts again from the saved draft,
        // which never held it. Editors still holding it are refused when they send it back.
        this.log.warn({ doc: this.name, problem }, 'collaborative document out of bounds; started again from the saved draft');
        await tx.query('DELETE FROM collab_updates WHERE org_id = $1 AND doc = $2', [this.orgId, this.name]);
        rows = [];
      }
      this.apply(rows);
      if (rows.length === 0) {
        const init = new Y.Doc();
        this.hooks.initialize(init);
        const update = Y.encodeStateAsUpdate(init);
        Y.applyUpdate(this.doc, update, STORED_ORIGIN);
        const ins = await tx.query<{ id: number }>('INSERT INTO collab_updates (org_id, doc, update) VALUES ($1, $2, $3) RETURNING id', [this.orgId, this.name, update]);
        this.known.add(ins.rows[0]!.id);
      }
      stored = rows.length > 0;
    });
    this.loaded = true;
    // After the load's transaction: the change is stored by the usual path, which needs the database.
    if (stored) this.hooks.migrate?.(this.doc);
    this.refreshTimer = setInterval(() => void this.refresh().catch((err: unknown) => this.log.warn({ err, doc: this.name }, 'could not read collaborative updates')), REFRESH_EVERY_MS);
    this.refreshTimer.unref();
  }

  private storedRefusal(rows: { update: Uint8Array }[]): string | undefined {
    if (!this.hooks.refuse) return undefined;
    const probe = new Y.Doc();
    try {
      for (const r of rows) Y.applyUpdate(probe, r.update);
      return this.hooks.refuse(probe);
    } finally {
      probe.destroy();
    }
  }

  /** Whether the room holds the stored row `id` already. */
  knows(id: number): boolean {
    return this.known.has(id);
  }

  /**
   * Applies the rows other instances stored that this room lacks: the ids of the document's rows
   * first (a small index scan), then only the rows not held yet. Calls made while one runs are
   * folded into one more run.
   */
  refresh(): Promise<void> {
    if (this.refreshing) {
      this.refreshAgain = true;
      return this.refreshing;
    }
    const run = async () => {
      do {
        this.refreshAgain = false;
        const { rows: ids } = await this.db.query<{ id: number }>('SELECT id FROM collab_updates WHERE org_id = $1 AND doc = $2', [this.orgId, this.name]);
        const present = new Set(ids.map((r) => r.id));
        const missing = [...present].filter((id) => !this.known.has(id));
        // Rows compacted away are gone for good; forget them so the set stays the table's size.
        for (const id of this.known) if (!present.has(id)) this.known.delete(id);
        if (missing.length === 0 || this.doc.isDestroyed) continue;
        const { rows } = await this.db.query<{ id: number; update: Uint8Array }>(
          'SELECT id, update FROM collab_updates WHERE org_id = $1 AND doc = $2 AND id >= $3 ORDER BY id',
          [this.orgId, this.name, Math.min(...missing)],
        );
        const wanted = new Set(missing);
        if (!this.doc.isDestroyed) this.apply(rows.filter((r) => wanted.has(r.id)));
      } while (this.refreshAgain);
    };
    this.refreshing = run().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private apply(rows: { id: number; update: Uint8Array }[]): void {
    for (const r of rows) {
      if (this.known.has(r.id)) continue;
      Y.applyUpdate(this.doc, r.update, STORED_ORIGIN);
      this.known.add(r.id);
      this.sinceCompaction++;
    }
  }

  get size(): number {
    return this.conns.size;
  }

  join(conn: CollabSocket): void {
    if (this.broken) return conn.close(CLOSE_TRY_AGAIN, 'The document is reloading; reconnect');
    this.conns.set(conn, new Set());
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_SYNC);
    syncProtocol.writeSyncStep1(encoder, this.doc);
    conn.send(encoding.toUint8Array(encoder));
    const states = [...this.awareness.getStates().keys()];
    if (states.length > 0) {
      const aw = encoding.createEncoder();
      encoding.writeVarUint(aw, MESSAGE_AWARENESS);
      encoding.writeVarUint8Array(aw, awarenessProtocol.encodeAwarenessUpdate(this.awareness, states));
      conn.send(encoding.toUint8Array(aw));
    }
  }

  leave(conn: CollabSocket): void {
    const ids = this.conns.get(conn);
    this.conns.delete(conn);
    if (ids && ids.size > 0) awarenessProtocol.removeAwarenessStates(this.awareness, [...ids], null);
  }

  /** Handles one message from a client; refuses changes to a read-only document. */
  async receive(conn: CollabSocket, message: Uint8Array): Promise<void> {
    if (this.broken) return;
    const decoder = decoding.createDecoder(message);
    const type = decoding.readVarUint(decoder);
    if (type === MESSAGE_AWARENESS) {
      awarenessProtocol.applyAwarenessUpdate(this.awareness, decoding.readVarUint8Array(decoder), conn);
      return;
    }
    if (type !== MESSAGE_SYNC) return;
    const syncType = decoding.peekVarUint(decoder);
    if (syncType !== syncProtocol.messageYjsSyncStep1 && !(conn.canWrite && (await this.hooks.writable()))) {
      // Step 2 and updates carry changes; a read-only document takes none. An empty step 2
      // (a client with nothing new) is fine.
      const d = decoding.createDecoder(message);
      decoding.readVarUint(d);
      decoding.readVarUint(d);
      const update = decoding.readVarUint8Array(d);
      if (this.wouldChange(update)) {
        conn.close(CLOSE_FORBIDDEN, conn.canWrite ? 'This version is not a draft; it cannot be edited' : 'You may read this list but not edit it');
        return;
      }
      return;
    }
    if (syncType !== syncProtocol.messageYjsSyncStep1) {
      const problem = this.refusal(message);
      if (problem) {
        // The change is not applied, stored or relayed; the editor is told why (a close reason
        // holds at most 123 bytes).
        conn.close(CLOSE_REFUSED_CHANGE, truncateUtf8(`Change refused: ${problem}`, 123));
        return;
      }
      this.lastEditor = conn.identity;
    }
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_SYNC);
    syncProtocol.readSyncMessage(decoder, encoder, this.doc, conn);
    if (encoding.length(encoder) > 1) conn.send(encoding.toUint8Array(encoder));
  }

  /** Why the change a sync message carries must be refused (see `RoomHooks.refuse`), or undefined. */
  private refusal(message: Uint8Array): string | undefined {
    if (!this.hooks.refuse) return undefined;
    const d = decoding.createDecoder(message);
    decoding.readVarUint(d);
    decoding.readVarUint(d);
    const update = decoding.readVarUint8Array(d);
    const addsTypes = Y.decodeUpdate(update).structs.some((s) => s instanceof Y.Item && s.content instanceof Y.ContentType);
    if (!addsTypes) return undefined;
    const probe = new Y.Doc();
    Y.applyUpdate(probe, Y.encodeStateAsUpdate(this.doc));
    Y.applyUpdate(probe, update);
    try {
      return this.hooks.refuse(probe);
    } finally {
      probe.destroy();
    }
  }

  private wouldChange(update: Uint8Array): boolean {
    const probe = new Y.Doc();
    Y.applyUpdate(probe, Y.encodeStateAsUpdate(this.doc));
    const before = Y.encodeStateVector(probe);
    Y.applyUpdate(probe, update);
    return !equalBytes(before, Y.encodeStateVector(probe)) || probe.store.pendingStructs !== null;
  }

  private onUpdate(update: Uint8Array, origin: unknown): void {
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_SYNC);
    syncProtocol.writeUpdate(encoder, update);
    this.broadcast(encoding.toUint8Array(encoder));
    if (origin === STORED_ORIGIN) {
      // Another instance's change: this one saves too, or a save it made from a state that
      // lacked the change could be the last to land. Not while loading: the stored state may be
      // older than the saved draft (a REST save not yet written into it).
      if (this.loaded) this.scheduleMaterialize();
      return;
    }
    if (this.broken) return;
    this.pending.push(update);
    this.storing ??= this.storeAll().finally(() => {
      this.storing = undefined;
    });
    if (origin !== SERVER_ORIGIN) this.scheduleMaterialize();
  }

  /**
   * Stores pending updates, merged into one row, until none are left. A failure is retried with
   * backoff: the update was relayed to this instance's editors but no other instance has it.
   * When retries run out, the room gives up on its memory: it closes every connection with a
   * transient code and is never handed out again, so the editors reconnect to a room loaded from
   * the database and their sync step sends it what it lacks. The editors hold every change that
   * reached this room (they made it, or it was relayed to them), so nothing is lost.
   */
  private async storeAll(): Promise<void> {
    for (let failures = 0; this.pending.length > 0 && !this.broken; ) {
      const batch = this.pending;
      this.pending = [];
      const update = batch.length === 1 ? batch[0]! : Y.mergeUpdates(batch);
      try {
        await this.store(update);
        failures = 0;
      } catch (err) {
        this.pending = [update, ...this.pending];
        if (++failures > STORE_RETRIES) return this.giveUp(err);
        this.log.warn({ err, doc: this.name, failures }, 'could not store a collaborative update; retrying');
        await new Promise((r) => setTimeout(r, STORE_BACKOFF_MS * 2 ** (failures - 1)));
      }
    }
  }

  private giveUp(err: unknown): void {
    this.log.error({ err, doc: this.name }, 'could not store a collaborative update; its editors reconnect to resend it');
    this.broken = true;
    this.pending = [];
    clearTimeout(this.materializeTimer);
    this.onBroken();
    this.closeAll(CLOSE_TRY_AGAIN, 'Could not save the last change; reconnect to send it again');
  }

  private async store(update: Uint8Array): Promise<void> {
    const { rows } = await this.db.query<{ id: number }>(`INSERT INTO collab_updates (org_id, doc, update) VALUES ($1, $2, $3) RETURNING id`, [
      this.orgId,
      this.name,
      update,
    ]);
    const id = rows[0]!.id;
    this.known.add(id);
    // Stored is what matters: a lost notification is caught up by the others' periodic refresh.
    await this.db
      .query(`SELECT pg_notify('portal_collab', $1)`, [JSON.stringify({ org: this.orgId, doc: this.name, id, from: this.id })])
      .catch((err: unknown) => this.log.warn({ err, doc: this.name }, 'could not announce a collaborative update'));
    if (++this.sinceCompaction >= COMPACT_AFTER) await this.compact().catch((err: unknown) => this.log.warn({ err, doc: this.name }, 'could not compact a collaborative document'));
  }

  /** Replaces the stored updates by one: the merge of them all. */
  async compact(): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`collab:${this.orgId}:${this.name}`]);
      const { rows } = await tx.query<{ id: number; update: Uint8Array }>('SELECT id, update FROM collab_updates WHERE org_id = $1 AND doc = $2 ORDER BY id', [
        this.orgId,
        this.name,
      ]);
      if (rows.length < 2) return;
      const merged = Y.mergeUpdates(rows.map((r) => r.update));
      // Exactly the rows merged: one another instance commits meanwhile stays, whatever its id.
      await tx.query('DELETE FROM collab_updates WHERE org_id = $1 AND doc = $2 AND id = ANY(string_to_array($3, \',\')::bigint[])', [
        this.orgId,
        this.name,
        rows.map((r) => r.id).join(','),
      ]);
      const ins = await tx.query<{ id: number }>('INSERT INTO collab_updates (org_id, doc, update) VALUES ($1, $2, $3) RETURNING id', [this.orgId, this.name, merged]);
      // The merged row holds nothing new for this room unless it lacked one of the rows merged.
      if (rows.every((r) => this.known.has(r.id))) this.known.add(ins.rows[0]!.id);
    });
    this.sinceCompaction = 0;
  }

  private scheduleMaterialize(): void {
    if (this.broken) return;
    clearTimeout(this.materializeTimer);
    this.materializeTimer = setTimeout(() => {
      this.materializeTimer = undefined;
      this.materializing = this.materializing
        .then(() => (this.broken ? undefined : this.hooks.materialize(this.doc, this.lastEditor)))
        .catch((err: unknown) => this.log.warn({ err, doc: this.name }, 'could not save the collaborative document'));
    }, MATERIALIZE_DEBOUNCE_MS);
  }

  /** Waits for pending saves and writes (a save writes the status), then stops. */
  async flush(): Promise<void> {
    if (this.materializeTimer) {
      clearTimeout(this.materializeTimer);
      this.materializeTimer = undefined;
      this.materializing = this.materializing.then(() => (this.broken ? undefined : this.hooks.materialize(this.doc, this.lastEditor))).catch(() => {});
    }
    await this.materializing;
    while (this.storing) await this.storing;
  }

  private broadcast(message: Uint8Array): void {
    for (const conn of this.conns.keys()) conn.send(message);
  }

  closeAll(code: number, reason: string): void {
    for (const conn of [...this.conns.keys()]) conn.close(code, reason);
  }

  destroy(): void {
    if (this.doc.isDestroyed) return;
    clearTimeout(this.materializeTimer);
    clearInterval(this.refreshTimer);
    this.awareness.destroy();
    this.doc.destroy();
  }
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** `text` cut to at most `bytes` bytes of UTF-8, on a character boundary. */
function truncateUtf8(text: string, bytes: number): string {
  if (Buffer.byteLength(text) <= bytes) return text;
  let out = '';
  for (const ch of text) {
    if (Buffer.byteLength(out + ch + '…') > bytes) break;
    out += ch;
  }
  return `${out}…`;
}
