import { EventEmitter } from 'node:events';
import type { Db } from '../db/db.js';

export interface Change {
  table: string;
  org: string | null;
  rev: number;
}

export const CHANGES_CHANNEL = 'portal_changes';

/**
 * Every committed change to a replicated row, as announced by the `bump_rev` trigger through
 * NOTIFY: one database listener per server, fanned out to the sync streams it serves. Works the
 * same on PGlite and on a PostgreSQL shared by several servers.
 */
export class ChangeFeed {
  private readonly emitter = new EventEmitter();
  private stop: (() => Promise<void>) | undefined;

  constructor(private readonly db: Db) {
    this.emitter.setMaxListeners(0);
  }

  async start(): Promise<void> {
    this.stop = await this.db.listen(CHANGES_CHANNEL, (payload) => {
      try {
        const c = JSON.parse(payload) as Change;
        this.emitter.emit('change', c);
      } catch {
        // Not ours; nothing else publishes on this channel.
      }
    });
  }

  subscribe(listener: (c: Change) => void): () => void {
    this.emitter.on('change', listener);
    return () => this.emitter.off('change', listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
    await this.stop?.();
  }
}
