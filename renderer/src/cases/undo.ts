import { useCallback } from 'react';
import { ok } from '@portal/shared/client';
import { useOnline } from '../data/use-online';
import { useApp } from '../shell/app-context';

/** Why an undo button is off: there is no offline undo to queue. */
export const UNDO_NEEDS_SERVER = 'Undo needs the server: it cannot wait on this device like a decision does.';

/**
 * Takes back a decision through the REST API (POST …/decisions/{decisionId}/undo). Online only:
 * decision requests, the offline path, have no undo kind, and an undo queued while others decide
 * would land on whatever they did meanwhile; the server also refuses one a later decision depends on.
 */
export function useUndo(applicationId: string) {
  const { api, local } = useApp();
  const online = useOnline();
  const undo = useCallback(
    async (decisionId: string) => {
      await ok(api.POST('/applications/{id}/decisions/{decisionId}/undo', { params: { path: { id: applicationId, decisionId } }, body: {} }));
      // The streams bring it too; pulling now shows it at once.
      local.refresh('case-documents', 'decisions', 'ledger', 'applications');
    },
    [api, local, applicationId],
  );
  return { online, undo };
}
