import type { EventEmitter } from 'node:events';

/**
 * Piscina emits `error` when a worker dies with no task on it — a file's time limit aborted the
 * task, then the worker ran out of heap while being stopped. The caller was already answered, so
 * nobody is waiting for that error; unheard, an `error` event would throw and end the server.
 * It becomes a process warning (stderr), which is what it is.
 */
export function strayErrorsAsWarnings(pool: EventEmitter, name: string): void {
  pool.on('error', (error: unknown) => {
    process.emitWarning(`A worker of the ${name} stopped with no task on it: ${error instanceof Error ? error.message : String(error)}`, 'WorkerWarning');
  });
}
