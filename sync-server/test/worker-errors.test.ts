import { EventEmitter, once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { strayErrorsAsWarnings } from '../src/worker-errors.js';

describe('strayErrorsAsWarnings', () => {
  it('turns a pool’s error with no task on it into a process warning instead of an exception', async () => {
    const pool = new EventEmitter();
    expect(() => pool.emit('error', new Error('unheard'))).toThrow('unheard');

    strayErrorsAsWarnings(pool, 'analyzer');
    const warned = once(process, 'warning');
    expect(() => pool.emit('error', new Error('Worker terminated due to reaching memory limit: JS heap out of memory'))).not.toThrow();
    const [warning] = (await warned) as [Error];
    expect(warning.name).toBe('WorkerWarning');
    expect(warning.message).toBe('A worker of the analyzer stopped with no task on it: Worker terminated due to reaching memory limit: JS heap out of memory');
  });
});
