import { randomUUID } from 'node:crypto';
import type * as Y from 'yjs';
import type { Db } from '../../db/db.js';
import { CollabRoom, SERVER_ORIGIN, type RoomHooks } from './collab-room.js';

export const COLLAB_CHANNEL = 'portal_collab';

interface Entry {
  room: CollabRoom;
  ready: Promise<void>;
}

/**
 * The collaborative documents this server holds open. A room lives while it has connections
 * (or a server-side change is being applied) and is dropped after the last one leaves; updates
 * written by other instances arrive through NOTIFY and are read back from the database.
 */
export class CollabHub {
  private readonly rooms = new Map<string, Entry>();
  private stopListening: (() => Promise<void>) | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void },
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.db.listen(
      COLLAB_CHANNEL,
      (payload) => {
        let msg: { org: string; doc: string; id?: number; awareness?: string; from?: string };
        try {
          msg = JSON.parse(payload) as typeof msg;
        } catch {
          return;
        }
        const entry = this.rooms.get(key(msg.org, msg.doc));
        // A room's own notifications carry nothing it lacks.
        if (!entry || msg.from === entry.room.id) return;
        const { room } = entry;
        if (msg.awareness !== undefined) {
          void entry.ready.then(() => room.applyRemoteAwareness(Buffer.from(msg.awareness!, 'base64'))).catch(() => {});
          return;
        }
        if (typeof msg.id === 'number' && room.knows(msg.id)) return;
        void entry.ready.then(() => room.refresh()).catch((err: unknown) => this.log.warn({ err }, 'could not read a collaborative update'));
      },
      (listening) => {
        // Notifications were lost while the listener was down: catch up from the database.
        if (!listening) return;
        for (const { room, ready } of this.rooms.values()) void ready.then(() => room.refresh()).catch(() => {});
      },
    );
  }

  /** The room of a document, loaded on first use; call `release` when done with it. */
  async acquire(orgId: string, name: string, hooks: RoomHooks): Promise<CollabRoom> {
    const k = key(orgId, name);
    let entry = this.rooms.get(k);
    if (!entry) {
      const room: CollabRoom = new CollabRoom(this.db, orgId, name, hooks, this.log, {
        id: randomUUID(),
        publishAwareness: (update) => this.publishAwareness(orgId, name, room.id, update),
        // A room that could not store a change is not handed out again: the next editor gets
        // one loaded from the database.
        onBroken: () => this.forget(k, room),
      });
      const created: Entry = { room, ready: room.load() };
      entry = created;
      this.rooms.set(k, created);
      created.ready.catch(() => this.forget(k, room));
    }
    entry.room.holds++;
    try {
      await entry.ready;
    } catch (err) {
      entry.room.holds--;
      throw err;
    }
    return entry.room;
  }

  async release(room: CollabRoom): Promise<void> {
    if (--room.holds > 0) return;
    await room.flush();
    // Someone may have joined while we flushed.
    if (room.holds > 0) return;
    this.forget(key(room.orgId, room.name), room);
    room.destroy();
  }

  private forget(k: string, room: CollabRoom): void {
    if (this.rooms.get(k)?.room === room) this.rooms.delete(k);
  }

  /**
   * Applies a server-side change (a REST save) to a document, whether or not anyone has it
   * open: connected editors see it at once, and it is stored like any other update.
   */
  async change(orgId: string, name: string, hooks: RoomHooks, fn: (doc: Y.Doc, origin: symbol) => void): Promise<void> {
    const room = await this.acquire(orgId, name, hooks);
    try {
      fn(room.doc, SERVER_ORIGIN);
    } finally {
      await this.release(room);
    }
  }

  /**
   * Presence goes to the other instances through NOTIFY, never stored. A payload must stay under
   * PostgreSQL's 8000 bytes; awareness states (a name, a colour, a line) are far smaller.
   */
  private publishAwareness(orgId: string, name: string, roomId: string, update: Uint8Array): void {
    const payload = JSON.stringify({ org: orgId, doc: name, from: roomId, awareness: Buffer.from(update).toString('base64') });
    if (payload.length > 7_500) return this.log.warn({ doc: name, bytes: payload.length }, 'awareness update too large to relay');
    void this.db.query('SELECT pg_notify($1, $2)', [COLLAB_CHANNEL, payload]).catch((err: unknown) => this.log.warn({ err }, 'could not relay awareness'));
  }

  /** Whether any update was ever stored for the document (else it starts from its saved content). */
  async hasStoredState(orgId: string, name: string): Promise<boolean> {
    const { rows } = await this.db.query('SELECT 1 FROM collab_updates WHERE org_id = $1 AND doc = $2 LIMIT 1', [orgId, name]);
    return rows.length > 0;
  }

  async close(): Promise<void> {
    await this.stopListening?.();
    const entries = [...this.rooms.values()];
    this.rooms.clear();
    for (const { room, ready } of entries) {
      if (!(await ready.then(() => true).catch(() => false))) continue;
      room.closeAll(1012, 'The server is restarting');
      await room.flush();
      room.destroy();
    }
  }
}

const key = (orgId: string, name: string) => `${orgId}\u0000${name}`;
