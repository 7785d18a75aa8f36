import type { ThrottleLimit } from '../config.js';
import type { Db } from '../db/db.js';
import type { Clock } from '../clock.js';
import { HttpError } from '../http-error.js';

/**
 * Fixed-window counters in the database, so every instance sharing it counts together.
 * `hit` counts and refuses past the limit; `check` only looks (for counting failures).
 */
export class Throttle {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async hit(key: string, limit: ThrottleLimit, message: string): Promise<void> {
    const now = this.clock();
    const { rows } = await this.db.query<{ window_start: Date; hits: number }>(
      `INSERT INTO throttle_counters (key, window_start, hits) VALUES ($1, $2, 1)
       ON CONFLICT (key) DO UPDATE SET
         window_start = CASE WHEN throttle_counters.window_start + make_interval(secs => $3::float8 / 1000) <= $2
                             THEN $2 ELSE throttle_counters.window_start END,
         hits = CASE WHEN throttle_counters.window_start + make_interval(secs => $3::float8 / 1000) <= $2
                     THEN 1 ELSE throttle_counters.hits + 1 END
       RETURNING window_start, hits`,
      [key, now, limit.windowMs],
    );
    const row = rows[0]!;
    if (row.hits > limit.max) throw tooMany(message, row.window_start, limit, now);
  }

  async check(key: string, limit: ThrottleLimit, message: string): Promise<void> {
    const now = this.clock();
    const { rows } = await this.db.query<{ window_start: Date; hits: number }>(
      'SELECT window_start, hits FROM throttle_counters WHERE key = $1',
      [key],
    );
    const row = rows[0];
    if (row && row.window_start.getTime() + limit.windowMs > now.getTime() && row.hits >= limit.max) {
      throw tooMany(message, row.window_start, limit, now);
    }
  }

  async reset(key: string): Promise<void> {
    await this.db.query('DELETE FROM throttle_counters WHERE key = $1', [key]);
  }

  /**
   * Counts `amount` (bytes, pages: the unit of `limit.max`) against a quota over the window, and
   * refuses (429) what would take it past `limit.max`, counting nothing then: what is refused is
   * not stored, so it does not use the quota up.
   */
  async spend(key: string, amount: number, limit: ThrottleLimit, message: string): Promise<void> {
    const now = this.clock();
    const expired = `throttle_counters.window_start + make_interval(secs => $3::float8 / 1000) <= $2`;
    const { rows } = await this.db.query<{ hits: number }>(
      `INSERT INTO throttle_counters (key, window_start, hits) SELECT $1::text, $2::timestamptz, $4::int WHERE $4::int <= $5::int
       ON CONFLICT (key) DO UPDATE SET
         window_start = CASE WHEN ${expired} THEN $2 ELSE throttle_counters.window_start END,
         hits = CASE WHEN ${expired} THEN $4::int ELSE throttle_counters.hits + $4::int END
       WHERE CASE WHEN ${expired} THEN $4::int ELSE throttle_counters.hits + $4::int END <= $5::int
       RETURNING hits`,
      [key, now, limit.windowMs, amount, limit.max],
    );
    if (rows.length > 0) return;
    const { rows: held } = await this.db.query<{ window_start: Date }>('SELECT window_start FROM throttle_counters WHERE key = $1', [key]);
    throw tooMany(message, held[0]?.window_start ?? now, limit, now);
  }

  /**
   * Gives back one hit taken by `hit` (an attempt that succeeded): a counter shared by many
   * accounts must not be cleared by one of them signing in, only lose that attempt.
   */
  async release(key: string): Promise<void> {
    await this.db.query('UPDATE throttle_counters SET hits = greatest(hits - 1, 0) WHERE key = $1', [key]);
  }
}

function tooMany(message: string, windowStart: Date, limit: ThrottleLimit, now: Date): HttpError {
  const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + limit.windowMs - now.getTime()) / 1000));
  return new HttpError(429, `${message}; try again in ${retryAfter} s`, {}, { 'retry-after': String(retryAfter) });
}
