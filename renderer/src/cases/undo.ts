import { useCallback } from 'react';
import { filter, firstValueFrom, map, of, timeout } from 'rxjs';
import { useApp } from '../shell/app-context';
import { cancelDecision, dismissDecision, requestDecision } from '../data/use-cases';

/** How long a cancelled request is watched for the server's answer to a push already on its way. */
const IN_FLIGHT_MS = 30_000;

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

  /**
   * Takes back a decision request made on this device, however far it got. Still pending, it
   * leaves the outbox at once. A push of it may already be on its way, though (online, a request
   * is pushed within moments): the server's answer then brings it back applied, and the decision
   * it made is undone, so "take it back" holds either way. Applied, its decision is undone;
   * refused or beaten by another's decision, it never took effect and is dismissed.
   */
  const takeBackRequest = useCallback(
    async (requestId: string): Promise<void> => {
      const found = local.collections.decision_requests.findOne(requestId);
      const request = (await found.exec())?.toMutableJSON();
      if (request === undefined) return;
      let answered = request;
      if (request.state === 'pending') {
        if (!(await cancelDecision(local, requestId))) return takeBackRequest(requestId);
        const back = await firstValueFrom(
          found.$.pipe(
            filter((d) => d !== null && d.state !== 'pending'),
            map((d) => d!.toMutableJSON()),
            timeout({ first: IN_FLIGHT_MS, with: () => of(null) }),
          ),
        );
        if (back === null) return;
        answered = back;
      }
      if (answered.state === 'applied') {
        if (answered.result?.decisionId !== undefined) await undo(answered.result.decisionId);
      } else {
        await dismissDecision(local, answered.id);
      }
    },
    [local, undo],
  );
  return { undo, takeBackRequest };
}
