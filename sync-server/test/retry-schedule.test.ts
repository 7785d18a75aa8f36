import { describe, expect, it } from 'vitest';
import { exponentialBackoff } from '../src/jobs/retry-schedule.js';

describe('exponential backoff', () => {
  it('doubles from the base and stops at the cap', () => {
    const next = exponentialBackoff(1_000, 10_000);
    expect([1, 2, 3, 4, 5, 6].map(next)).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000]);
  });
});
