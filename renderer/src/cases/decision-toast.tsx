import { useEffect } from 'react';
import type { MadeDecision } from './review-actions';

const DONE: Record<MadeDecision['kind'], string> = { approve: 'Approved', settle: 'Settled', junk: 'Junked' };

/** How long the toast stays: long enough to read and reach for Undo; `u` undoes it after too. */
const SHOWN_MS = 12_000;

/**
 * Says what the last decision on the page did, with Undo: junking takes a document out of the
 * list and approving moves it away, so the way back is offered where the eye is, not on a card
 * that left.
 */
export function DecisionToast({ decision, title, onUndo, onClose }: { decision: MadeDecision | null; title: string; onUndo(decision: MadeDecision): void; onClose(): void }) {
  useEffect(() => {
    if (decision === null) return;
    const timer = setTimeout(onClose, SHOWN_MS);
    return () => clearTimeout(timer);
  }, [decision, onClose]);
  return (
    <div className="decision-toast-region" role="status" aria-live="polite">
      {decision !== null && (
        <div className="decision-toast" key={decision.requestId}>
          <span className="decision-toast-text">
            {DONE[decision.kind]} {title}
          </span>
          <button type="button" className="decision-toast-undo" onClick={() => onUndo(decision)} aria-label={`Undo: ${DONE[decision.kind].toLowerCase()} ${title}`} title="u">
            Undo <kbd>u</kbd>
          </button>
          <button type="button" className="decision-toast-close" onClick={onClose} aria-label="Dismiss">
            ×
          </button>
        </div>
      )}
    </div>
  );
}
