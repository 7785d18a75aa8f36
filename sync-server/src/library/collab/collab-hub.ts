import { randomUUID } from 'node:crypto';
import type * as Y from 'yjs';
import type { Db } from '../../db/db.js';
import { CollabRoom, SERVER_ORIGIN, type RoomHooks } from './collab-room.js';

export const COLLAB_CHANNEL = 'portal_collab';

/**
 * The collaborative documents this server holds open. A room lives while it has connections
 * (or a server-side change is being applied) and is dropped after the last one leaves; updates
 * written by other instances arrive through NOTIFY and are read back from the database.
 */
export class CollabHub {
  private readonly rooms = new Map<string, Promise<CollabRoom>>();
  private readonly holds = new Map<string, number>();
  private stopListening: (() => Promise<void>) | undefined;
  /** Tells this instance's own awareness notifications apart from the others'. */
  private readonly instanceId = randomUUID();

  constructor(
    private readonly db: Db,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.db.listen(COLLAB_CHANNEL, (payload) => {
      let msg: { org: string; doc: string; awareness?: string; from?: string };
      try {
        msg = JSON.parse(payload) as typeof msg;
      } catch {
        return;
      }
      const room = this.rooms.get(key(msg.org, msg.doc));
      if (!room) return;
      // Our own notifications carry nothing this instance lacks: skip reading them back.
      if (msg.from === this.instanceId) return;
      if (msg.awareness !== undefined) {
        void room.then((r) => r.applyRemoteAwareness(Buffer.from(msg.awareness!, 'base64'))).catch(() => {});
        return;
      }
      void room.then((r) => r.refresh()).catch((err: unknown) => this.log.warn({ err }, 'could not read a collaborative update'));
    });
  }

  /** The room of a document, loaded on first use; call `release` when done with it. */
  async acquire(orgId: string, name: string, hooks: RoomHooks): Promise<CollabRoom> {
    const k = key(orgId, name);
    this.holds.set(k, (this.holds.get(k) ?? 0) + 1);
    let room = this.rooms.get(k);
    if (!room) {
      const created = new CollabRoom(this.db, orgId, name, hooks, this.log, (update) => this.publishAwareness(orgId, name, update), this.instanceId);
      room = created.load().then(() => created);
      this.rooms.set(k, room);
      room.catch(() => this.rooms.delete(k));
    }
    try {
      return await room;
    } catch (err) {
      this.holds.set(k, (this.holds.get(k) ?? 1) - 1);
      throw err;
    }
  }

  async release(room: CollabRoom): Promise<void> {
    const k = key(room.orgId, room.name);
    const left = (this.holds.get(k) ?? 1) - 1;
    this.holds.set(k, left);
    if (left > 0) return;
    await room.flush();
    // Someone may have joined while we flushed.
    if ((this.holds.get(k) ?? 0) > 0) return;
    this.holds.delete(k);
    this.rooms.delete(k);
    room.destroy();
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
  private publishAwareness(orgId: string, name: string, update: Uint8Array): void {
    const payload = JSON.stringify({ org: orgId, doc: name, from: this.instanceId, awareness: Buffer.from(update).toString('base64') });
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
    const rooms = await Promise.allSettled([...this.rooms.values()]);
    for (const r of rooms) {
      if (r.status !== 'fulfilled') continue;
      r.value.closeAll(1012, 'The server is restarting');
      await r.value.flush();
      r.value.destroy();
    }
    this.rooms.clear();
  }
}

const key = (orgId: string, name: string) => `${orgId}\u0000${name}`;
