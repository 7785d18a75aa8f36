const S = 1_000;
const M = 60 * S;
const H = 60 * M;

/**
 * Spec Part 6.4: after a failed attempt a delivery is retried 14 times over about 13 hours, from
 * 30 seconds up to 2 hours apart. Entry i is the wait after failed attempt i + 1; the sum is
 * 13 h 08 min 30 s. Short waits first, for a receiver that blinked; then the two-hour waits for
 * one that is down. No jitter: every delivery of a lane waits on its head anyway, so lanes do
 * not retry in step unless they failed in step.
 */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [
  30 * S,
  1 * M,
  2 * M,
  5 * M,
  10 * M,
  20 * M,
  30 * M,
  1 * H,
  1.5 * H,
  1.5 * H,
  2 * H,
  2 * H,
  2 * H,
  2 * H,
];

/** Attempts a delivery gets in all: the first and its retries. */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;

/** The wait before the next attempt after `failedAttempts` failed ones; undefined when none is left. */
export const webhookRetryDelay: (failedAttempts: number) => number | undefined = (failedAttempts) =>
  failedAttempts >= 1 ? WEBHOOK_RETRY_DELAYS_MS[failedAttempts - 1] : undefined;

