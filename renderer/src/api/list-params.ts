import type { LibrarySource } from '@portal/shared';

/**
 * The `params` of an operation on one list version, for the typed client: the path, and which
 * family the id names (`own` or `official`) when the caller knows.
 */
export const listParams = (expectedDocListId: string, version: number, source?: LibrarySource) => ({
  path: { expectedDocListId, version },
  query: { source },
});
