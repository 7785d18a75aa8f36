import { z } from 'zod';
import { integerParam } from './numbers.js';

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
  rev: integerParam(0, Number.MAX_SAFE_INTEGER)
    .optional()
    .describe('Checkpoint rev, decimal digits; absent for the first pull. An empty `rev=` is refused (400), not read as 0.'),
  id: z.string().max(300).optional().describe('Checkpoint id.'),
  limit: integerParam(1, 1000).default(200).describe('Batch size.'),
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

/**
 * A pushed document the server has no row of: sent back as it was pushed, deleted, so the
 * client drops it instead of pushing it again forever.
 */
export const SyncGoneDocument = z
  .looseObject({
    id: z.string(),
    _deleted: z.literal(true),
  })
  .meta({ id: 'SyncGoneDocument', description: 'A pushed document the server does not know: as pushed, with `_deleted: true`, so the client drops it.' });

/**
 * The answer to a push in RxDB's replication protocol: 200 with the master state of every pushed
 * document that conflicted (an empty array when all were written). `document` is the
 * collection's replicated document.
 */
export const syncPushConflicts = (document: z.ZodObject) =>
  z
    .array(z.union([document, SyncGoneDocument]))
    .describe('The master state of each pushed document that conflicted, which the client keeps; a document the server does not know comes back deleted.');

export const SYNC_RESYNC = 'RESYNC' as const;
