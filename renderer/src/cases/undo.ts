import { useCallback } from 'react';
import { useApp } from '../shell/app-context';
import { requestDecision } from '../data/use-cases';

/**
 * Takes back a decision (Undo approval, Reopen, Restore, a correction undone) as a decision
 * request of kind `undo`, like every decision on the case page: stored on the device at once,
 * pushed when the server is reachable, applied there once. Offline it waits with the others; the
 * server answers a conflict when someone undid it first or a later decision now depends on it.
 */
export function useUndo(applicationId: string) {
  const { local } = useApp();
  const undo = useCallback(
    async (decisionId: string) => {
      // One undo of a decision waits at a time: a second would only come back as a conflict.
      const waiting = await local.collections.decision_requests.findOne({ selector: { applicationId, kind: 'undo', decisionId, state: 'pending' } }).exec();
      if (waiting !== null) return;
      const decision = (await local.collections.decisions.findOne(decisionId).exec())?.toMutableJSON();
      await requestDecision(local, {
        applicationId,
        kind: 'undo',
        decisionId,
        // The pages it frees wait for it, as for any decision; a correction holds no pages.
        ...(decision !== undefined && decision.kind !== 'correct' ? { address: decision.address } : {}),
      });
    },
    [local, applicationId],
  );
  return { undo };
}
