import { readableRefusal } from '@portal/shared';

/** The foot of a form dialog: the server's refusal, if any, then submit and cancel. */
export function DialogActions({ error, busy, submitLabel, onCancel }: { error: string | null; busy: boolean; submitLabel: string; onCancel: () => void }) {
  return (
    <>
      {error !== null && (
        <p className="error" role="alert">
          {readableRefusal(error)}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Working…' : submitLabel}
        </button>
        <button type="button" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </>
  );
}
