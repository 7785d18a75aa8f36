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

/** What a worker thread's own failures mean for the file it was reading, in words about the input. */
const WORKER_FAILURES: { test: RegExp; say: string }[] = [
  {
    test: /ERR_WORKER_OUT_OF_MEMORY|reaching memory limit|heap out of memory|heap limit|out of memory/i,
    say: 'the PDF is too complex to read within the memory limit (it may be damaged or built to exhaust readers)',
  },
  { test: /ERR_WORKER_\w+|Worker terminated|Terminating worker|worker (?:exited|stopped)/i, say: 'reading the PDF stopped before it finished (it may be damaged)' },
];

/**
 * Why a worker failed on a file, said about the file (`the PDF is too complex…`), never in the
 * runtime's words: "Worker terminated due to reaching memory limit: JS heap out of memory" tells
 * an integrator nothing about their input and something about our server. Undefined when the
 * error is not a worker's own failure (the worker's reply names the problem itself then).
 */
export function describeWorkerFailure(error: unknown): string | undefined {
  const text = `${(error as { code?: string })?.code ?? ''} ${error instanceof Error ? error.message : String(error)}`;
  return WORKER_FAILURES.find((f) => f.test.test(text))?.say;
}

/** Words of a worker runtime, which never belong in an answer. */
const INTERNAL = /ERR_WORKER_\w+|Worker terminated|Terminating worker|reaching memory limit|heap out of memory/i;

/**
 * A client error's message with any worker runtime's words replaced by what they mean for the
 * input: the last guard of the error handler, for messages that quote an error they caught.
 */
export function withoutInternalDetail(message: string): string {
  const said = (text: string) => describeWorkerFailure(new Error(text)) ?? 'reading the PDF stopped before it finished (it may be damaged)';
  // Quoted in parentheses: "… as a PDF (Worker terminated due to …); …".
  let out = message.replace(/\s*\(([^()]*)\)/g, (whole, inner: string) => (INTERNAL.test(inner) ? `: ${said(inner)}` : whole));
  // Or at the end: "…: Worker terminated due to …".
  const at = out.search(INTERNAL);
  if (at >= 0) out = `${out.slice(0, at).replace(/[\s:(-]+$/, '')}: ${said(out.slice(at))}`;
  return out;
}
