import { EventEmitter } from 'node:events';
import type { Db } from './db.js';

export interface Change {
  table: string;
  org: string | null;
  rev: number;
}

export const CHANGES_CHANNEL = 'portal_changes';
/**
 * PostgreSQL: an instance that wrote says so here, after the write's commit and outside it, so
 * the other instances look at once rather than at their next tick. It carries nothing: what
 * changed is still read from the tables below the sync bound.
 */
export const WAKE_CHANNEL = 'portal_changes_wake';

/** How often a polling feed looks for committed changes when nothing pokes it. */
const POLL_MS = 100;
/** How soon after a poke (a write through this instance) it looks. */
const POKED_MS = 10;
/**
 * The shortest time between two looks: under a stream of writes the pokes come faster than a
 * look is worth (a live stream batches 25 ms of changes anyway).
 */
const MIN_GAP_MS = 20;
/** The shortest time between two wakes this instance sends: many writes, one wake. */
const WAKE_GAP_MS = 10;
/** How long it waits after a failed look before the next. */
const RETRY_MS = 1_000;

/**
 * Every committed change to a row with a rev, fanned out to whoever follows changes (the sync
 * streams, the library's ETag fingerprints), on PGlite and on a PostgreSQL shared by several
 * servers alike. `listening` says whether nothing can have been missed.
 *
 * How it learns of them depends on the database:
 * - embedded (PGlite, one process): the `bump_rev` trigger announces each row through NOTIFY,
 *   heard by `db.listen`;
 * - PostgreSQL: the server's own connections do not NOTIFY (migration 031: it would make writers
 *   commit one at a time). The feed reads the sync bound, then the revs committed between the
 *   last bound and this one, one index range per revved table: every rev below a bound is final
 *   (sync/horizon.ts), so nothing is announced before a pull could read it and nothing is missed,
 *   whoever wrote it (another instance, a worker node, psql). It looks every `POLL_MS`, and soon
 *   after a write through this instance (`poke`, at most every `MIN_GAP_MS`); its cost is two statements a look, whatever
 *   the number of writers. A write also wakes the other instances (`WAKE_CHANNEL`, a NOTIFY sent
 *   after the commit, many writes to one), so a change reaches their clients without waiting for
 *   their next tick.
 */
export class ChangeFeed {
  private readonly emitter = new EventEmitter();
  private stop: (() => Promise<void>) | undefined;
  private up = false;
  private closed = false;
  /** PostgreSQL: the bound the last look read up to, and what one look reads. */
  private after = 0;
  private lookSql = '';
  private timer: NodeJS.Timeout | undefined;
  private timerDue = 0;
  private looking = false;
  private pokedWhileLooking = false;
  private lastLook = 0;

  private readonly pollMs: number;
  /** PostgreSQL: the channel this schema's instances wake each other on. */
  wakeChannel = WAKE_CHANNEL;

  /** `pollMs`: how often it looks when nothing pokes or wakes it (tests lengthen it). */
  constructor(
    private readonly db: Db,
    options: { pollMs?: number } = {},
  ) {
    this.emitter.setMaxListeners(0);
    this.pollMs = options.pollMs ?? POLL_MS;
  }

  async start(): Promise<void> {
    if (this.db.driver === 'postgres') {
      this.lookSql = await this.revvedTablesSql();
      this.after = await this.bound();
      // Per schema: servers of other schemas of the same database (tests) have nothing to look at.
      const { rows } = await this.db.query<{ schema: string }>('SELECT current_schema() AS schema');
      this.wakeChannel = `${WAKE_CHANNEL}:${rows[0]!.schema}`.slice(0, 63);
      // A wake lost while its connection is down costs one tick: the feed still polls.
      this.stop = await this.db.listen(this.wakeChannel, () => this.schedule(this.soon()), () => {});
      this.setListening(true);
      this.schedule(this.pollMs);
      return;
    }
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

  /**
   * Something was written through this instance (its transaction has committed): look soon
   * rather than at the next tick, and wake the other instances to do the same.
   */
  poke(): void {
    if (this.closed || this.db.driver !== 'postgres') return;
    if (this.looking) this.pokedWhileLooking = true;
    else this.schedule(this.soon());
    this.wakeOthers();
  }

  private soon(): number {
    return Math.max(POKED_MS, this.lastLook + MIN_GAP_MS - Date.now());
  }

  private waking = false;
  private wakeAgain = false;
  /**
   * One NOTIFY in flight at a time, each in a transaction of its own, at most every
   * `WAKE_GAP_MS`: NOTIFY inside the writers' transactions made them commit one at a time
   * (migration 031); here it is after their commit, and many writes share one.
   */
  private wakeOthers(): void {
    if (this.waking) {
      this.wakeAgain = true;
      return;
    }
    this.waking = true;
    const sent = Date.now();
    void this.db
      .query('SELECT pg_notify($1, NULL)', [this.wakeChannel])
      .catch(() => {})
      .finally(() => {
        const again = this.wakeAgain;
        this.wakeAgain = false;
        setTimeout(() => {
          this.waking = false;
          if (again && !this.closed) this.wakeOthers();
        }, Math.max(0, sent + WAKE_GAP_MS - Date.now())).unref();
      });
  }

  private schedule(ms: number): void {
    if (this.closed) return;
    const due = Date.now() + ms;
    if (this.timer && this.timerDue <= due) return;
    clearTimeout(this.timer);
    this.timerDue = due;
    this.timer = setTimeout(() => void this.look(), ms);
  }

  private async look(): Promise<void> {
    this.timer = undefined;
    if (this.closed) return;
    this.looking = true;
    this.pokedWhileLooking = false;
    this.lastLook = Date.now();
    let next = this.pollMs;
    try {
      const below = await this.bound();
      if (below > this.after) {
        // Prepared: planning a range per table costs more than running them.
        const { rows } = await this.db.query<{ t: string; org: string | null; rev: number }>(this.lookSql, [this.after, below], { name: 'portal-change-feed-look' });
        this.after = below;
        for (const r of rows) this.emitter.emit('change', { table: r.t, org: r.org, rev: Number(r.rev) } satisfies Change);
      }
      if (!this.up) this.setListening(true);
    } catch {
      // Closing, or the database is away: say that changes may be missed until a look succeeds.
      if (this.up && !this.closed) this.setListening(false);
      next = RETRY_MS;
    } finally {
      this.looking = false;
    }
    this.schedule(this.pokedWhileLooking && next === this.pollMs ? this.soon() : next);
  }

  /** The sync bound (migration 025, sync/horizon.ts): every rev below it is final. */
  private async bound(): Promise<number> {
    const { rows } = await this.db.query<{ bound: number }>('SELECT sync_bound() AS bound');
    return Number(rows[0]!.bound);
  }

  /**
   * One look's statement: per table the rev trigger runs on, the organizations whose rows got a
   * rev in [$1, $2), with the highest. Every such table has an index on rev.
   */
  private async revvedTablesSql(): Promise<string> {
    const { rows } = await this.db.query<{ name: string; org: string | null }>(
      `SELECT DISTINCT c.relname AS name,
              CASE WHEN EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'org_id' AND NOT a.attisdropped) THEN 'org_id'
                   WHEN c.relname = 'organizations' THEN 'id' END AS org
         FROM pg_trigger t
         JOIN pg_class c ON c.oid = t.tgrelid
         JOIN pg_proc p ON p.oid = t.tgfoid
        WHERE p.proname = 'bump_rev' AND NOT t.tgisinternal AND c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
        ORDER BY 1`,
    );
    const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
    const parts = rows.map(
      (r) => `(SELECT '${r.name.replace(/'/g, "''")}' AS t, ${r.org ? `${quote(r.org)}::text` : 'NULL::text'} AS org, max(rev) AS rev FROM ${quote(r.name)} WHERE rev >= $1 AND rev < $2 GROUP BY 2)`,
    );
    return parts.length > 0 ? parts.join(' UNION ALL ') : 'SELECT NULL::text AS t, NULL::text AS org, NULL::bigint AS rev WHERE false';
  }

  private setListening(listening: boolean): void {
    this.up = listening;
    this.emitter.emit('state', listening);
  }

  /** Whether changes are being heard (some may be missed while not). */
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
    this.closed = true;
    clearTimeout(this.timer);
    this.setListening(false);
    this.emitter.removeAllListeners();
    await this.stop?.();
  }
}
