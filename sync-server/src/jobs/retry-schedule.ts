/**
 * How long to wait before attempt `attempt + 1`, after `attempt` attempts failed (1-based):
 * exponential from `baseMs`, capped at `maxMs`. Deterministic, so schedules are testable;
 * kinds with a contractual schedule (webhooks, spec Part 6) pass their own.
 */
export type RetrySchedule = (failedAttempts: number) => number;

export function exponentialBackoff(baseMs: number, maxMs: number): RetrySchedule {
  return (failedAttempts) => Math.min(maxMs, baseMs * 2 ** Math.max(0, failedAttempts - 1));
}
