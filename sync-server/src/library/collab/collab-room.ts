import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import type { Db, Queryable } from '../../db/db.js';

export const MESSAGE_SYNC = 0;
export const MESSAGE_AWARENESS = 1;

/** Close codes in 4400-4499 tell y-websocket clients to stop reconnecting. */
export const CLOSE_UNAUTHENTICATED = 4401;
export const CLOSE_FORBIDDEN = 4403;
export const CLOSE_NOT_FOUND = 4404;

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
}

const COMPACT_AFTER = 200;
const MATERIALIZE_DEBOUNCE_MS = 150;

/**
 * One collaborative document held in memory while anyone edits it: the y-websocket protocol
 * (sync and awareness) for its connections, every update appended to `collab_updates` before
 * it is relayed, and updates written by other server instances read back on their NOTIFY.
 */
export class CollabRoom {
  readonly doc = new Y.Doc({ gc: true });
  readonly awareness = new awarenessProtocol.Awareness(this.doc);
  private readonly conns = new Map<CollabSocket, Set<number>>();
  private lastId = 0;
  private sinceCompaction = 0;
  private materializeTimer: NodeJS.Timeout | undefined;
  private materializing = Promise.resolve();
  private writes = Promise.resolve();
  private lastEditor: unknown;

  constructor(
    private readonly db: Db,
    readonly orgId: string,
    readonly name: string,
    private readonly hooks: RoomHooks,
    private readonly log: { warn(obj: object, msg: string): void },
    /** Sends this instance's awareness changes to the other instances holding the document. */
    private readonly publishAwareness: (update: Uint8Array) => void = () => {},
    /** Marks this instance's notifications, which it need not read back. */
    private readonly instanceId = '',
  ) {
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
    await this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`collab:${this.orgId}:${this.name}`]);
      const loaded = await this.readStored(tx);
      if (loaded === 0) {
        const init = new Y.Doc();
        this.hooks.initialize(init);
        const update = Y.encodeStateAsUpdate(init);
        Y.applyUpdate(this.doc, update, STORED_ORIGIN);
        const { rows } = await tx.query<{ id: number }>('INSERT INTO collab_updates (org_id, doc, update) VALUES ($1, $2, $3) RETURNING id', [
          this.orgId,
          this.name,
          update,
        ]);
        this.lastId = rows[0]!.id;
      }
    });
  }

  /** Applies updates other instances stored since we last looked. */
  async refresh(): Promise<void> {
    await this.readStored(this.db);
  }

  private async readStored(q: Queryable): Promise<number> {
    const { rows } = await q.query<{ id: number; update: Uint8Array }>(
      'SELECT id, update FROM collab_updates WHERE org_id = $1 AND doc = $2 AND id > $3 ORDER BY id',
      [this.orgId, this.name, this.lastId],
    );
    for (const r of rows) {
      Y.applyUpdate(this.doc, r.update, STORED_ORIGIN);
      this.lastId = Math.max(this.lastId, r.id);
    }
    this.sinceCompaction += rows.length;
    return rows.length;
  }

  get size(): number {
    return this.conns.size;
  }

  join(conn: CollabSocket): void {
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
    if (syncType !== syncProtocol.messageYjsSyncStep1) this.lastEditor = conn.identity;
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_SYNC);
    syncProtocol.readSyncMessage(decoder, encoder, this.doc, conn);
    if (encoding.length(encoder) > 1) conn.send(encoding.toUint8Array(encoder));
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
    if (origin === STORED_ORIGIN) return;
    this.writes = this.writes.then(() => this.store(update)).catch((err: unknown) => this.log.warn({ err, doc: this.name }, 'could not store a collaborative update'));
    if (origin !== SERVER_ORIGIN) this.scheduleMaterialize();
  }

  private async store(update: Uint8Array): Promise<void> {
    const { rows } = await this.db.query<{ id: number }>(
      `INSERT INTO collab_updates (org_id, doc, update) VALUES ($1, $2, $3) RETURNING id`,
      [this.orgId, this.name, update],
    );
    await this.db.query(`SELECT pg_notify('portal_collab', $1)`, [JSON.stringify({ org: this.orgId, doc: this.name, id: rows[0]!.id, from: this.instanceId })]);
    if (++this.sinceCompaction >= COMPACT_AFTER) await this.compact();
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
      await tx.query('DELETE FROM collab_updates WHERE org_id = $1 AND doc = $2 AND id <= $3', [this.orgId, this.name, rows.at(-1)!.id]);
      const ins = await tx.query<{ id: number }>('INSERT INTO collab_updates (org_id, doc, update) VALUES ($1, $2, $3) RETURNING id', [this.orgId, this.name, merged]);
      this.lastId = Math.max(this.lastId, ins.rows[0]!.id);
    });
    this.sinceCompaction = 0;
  }

  private scheduleMaterialize(): void {
    clearTimeout(this.materializeTimer);
    this.materializeTimer = setTimeout(() => {
      this.materializing = this.materializing
        .then(() => this.hooks.materialize(this.doc, this.lastEditor))
        .catch((err: unknown) => this.log.warn({ err, doc: this.name }, 'could not save the collaborative document'));
    }, MATERIALIZE_DEBOUNCE_MS);
  }

  /** Waits for pending writes and saves, then stops. */
  async flush(): Promise<void> {
    if (this.materializeTimer) {
      clearTimeout(this.materializeTimer);
      this.materializeTimer = undefined;
      this.materializing = this.materializing.then(() => this.hooks.materialize(this.doc, this.lastEditor)).catch(() => {});
    }
    await this.writes;
    await this.materializing;
  }

  private broadcast(message: Uint8Array): void {
    for (const conn of this.conns.keys()) conn.send(message);
  }

  closeAll(code: number, reason: string): void {
    for (const conn of [...this.conns.keys()]) conn.close(code, reason);
  }

  destroy(): void {
    clearTimeout(this.materializeTimer);
    this.awareness.destroy();
    this.doc.destroy();
  }
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
