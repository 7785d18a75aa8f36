/**
 * The reading process (reading-process.ts starts it): a child of the server that holds the
 * analyzer's reading pools (pre-flight, parse and OCR) and answers the server's requests over IPC.
 * Reading a file allocates natively in the worker threads (pdf.js's streams, canvas renderings,
 * structured clones of page readings); glibc keeps what those threads free in its arenas, where a
 * long-lived server would hold it for good. This process exits when the server leaves it idle, so
 * everything a run touched goes back to the system with it.
 */
import { isPacketReadError } from '../pdf/errors.js';
import { createReadingPool, type ReadingPool } from './reading-pool.js';
import type { HostReply, HostRequest } from './host-protocol.js';

const pools = new Map<string, ReadingPool>();
const running = new Map<number, AbortController>();

const send = (reply: HostReply) => {
  // The server may already be gone (it stopped us): nothing is left to tell.
  if (process.connected) process.send!(reply);
};

async function read(request: Extract<HostRequest, { type: 'read' }>): Promise<void> {
  const { id } = request;
  const abort = new AbortController();
  running.set(id, abort);
  try {
    let pool = pools.get(request.pool);
    if (!pool) {
      // The server admits files by its own fair slots: this pool never holds one back.
      pool = createReadingPool({ ...request.poolOptions, reserve: 0 });
      pools.set(request.pool, pool);
    }
    const reading = await pool.analyzePacketReading(request.bytes, {
      ...request.options,
      signal: abort.signal,
      ...(request.followPages ? { onPage: (progress) => send({ type: 'progress', id, progress }) } : {}),
    });
    send({ type: 'done', id, reading });
  } catch (e) {
    send({ type: 'failed', id, code: isPacketReadError(e) ? e.code : 'crashed', note: isPacketReadError(e) ? e.note : `Reading the file stopped unexpectedly (${e instanceof Error ? e.message : String(e)}).` });
  } finally {
    running.delete(id);
  }
}

process.on('message', (request: HostRequest) => {
  if (request.type === 'read') void read(request);
  else running.get(request.id)?.abort();
});

// The server closes the channel when it has no file for us (or stops): end the pools and leave.
process.on('disconnect', () => {
  for (const abort of running.values()) abort.abort();
  void Promise.allSettled([...pools.values()].map((p) => p.close())).then(() => process.exit(0));
});

send({ type: 'ready' });
