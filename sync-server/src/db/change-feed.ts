import { EventEmitter } from 'node:events';
import type { Db } from './db.js';

export interface Change {
  table: string;
  org: string | null;
  rev: number;
}

export const CHANGES_CHANNEL = 'portal_changes';

/**
 * Every committed change to a row with a rev, as announced by the `bump_rev` trigger through
 * NOTIFY: one database listener per server (`app.changes`), fanned out to whoever follows
 * changes (the sync streams, the library's ETag fingerprints). Works the same on PGlite and on
 * a PostgreSQL shared by several servers. `listening` says whether nothing can have been missed.
 */
export class ChangeFeed {
  private readonly emitter = new EventEmitter();
  private stop: (() => Promise<void>) | undefined;
  private up = false;

  constructor(private readonly db: Db) {
    this.emitter.setMaxListeners(0);
  }

  async start(): Promise<void> {
    this.stop = await this.db.listen(
      CHANGES_CHANNEL,
      (payload) => {
        try {
          const c = JSON.parse(payload) as Change;
          this.emitter.emit('change', c);
        } catch {
          // Not ours; nothing else publishes on this channel.
        }
      },
      (listening) => this.setListening(listening),
    );
    this.setListening(true);
  }

  private setListening(listening: boolean): void {
    this.up = listening;
    this.emitter.emit('state', listening);
  }

  /** Whether the listener is up (notifications may be missed while it is not). */
  get listening(): boolean {
    return this.up;
  }

  subscribe(listener: (c: Change) => void): () => void {
    this.emitter.on('change', listener);
    return () => this.emitter.off('change', listener);
  }

  /** Told when the listener goes down (`false`) and comes back (`true`). */
  onState(listener: (listening: boolean) => void): () => void {
    this.emitter.on('state', listener);
    return () => this.emitter.off('state', listener);
  }

  async close(): Promise<void> {
    this.setListening(false);
    this.emitter.removeAllListeners();
    await this.stop?.();
  }
}
