import { z } from 'zod';

/**
 * RxDB's HTTP replication, as the server speaks it (DESIGN.md, Local-first desktop). Every
 * replicated row has a server `rev` from one sequence; a checkpoint is the last one seen.
 */
export const SyncCheckpoint = z
  .object({
    rev: z.number().int().min(0).describe('The server rev of the last document received.'),
    id: z.string().describe('Its id; with rev, an RxDB checkpoint.'),
  })
  .meta({ id: 'SyncCheckpoint', description: 'Where a client is in a collection’s change history.' });
export type SyncCheckpoint = z.infer<typeof SyncCheckpoint>;

export const SyncPullQuery = z.object({
  rev: z.coerce.number().int().min(0).optional().describe('Checkpoint rev; absent for the first pull.'),
  id: z.string().max(300).optional().describe('Checkpoint id.'),
  limit: z.coerce.number().int().min(1).max(1000).default(200).describe('Batch size.'),
});

/** Fields every replicated document carries besides its own. */
export const SyncDocumentBase = z.object({
  id: z.string().describe('Primary key in the client database.'),
  serverRev: z.number().int().describe('The server rev of this state of the document.'),
  _deleted: z.boolean().describe('RxDB’s deletion flag: the row was deleted (or left the caller’s view) on the server.'),
});

export const SyncPushRow = z.object({
  newDocumentState: z.record(z.string(), z.unknown()),
  assumedMasterState: z.record(z.string(), z.unknown()).nullish(),
});

export const SyncPushRefused = z
  .object({
    error: z.string(),
    conflicts: z.array(z.record(z.string(), z.unknown())).describe('The server’s state of every pushed document, which the client keeps.'),
  })
  .meta({ id: 'SyncPushRefused', description: 'A push to a collection that is read-only over sync: nothing was written; the master states come back as conflicts.' });

export const SYNC_RESYNC = 'RESYNC' as const;
