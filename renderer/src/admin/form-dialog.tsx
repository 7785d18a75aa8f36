import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { messageOf } from '@portal/shared/client';
import { DialogActions } from '../ui/dialog-actions';

export interface FormDialogProps {
  title: string;
  description?: ReactNode;
  submitLabel: string;
  /** Rejects with the server's refusal; the dialog stays open so nothing typed is lost. */
  onSubmit(): Promise<void>;
  onClose(): void;
  /** The fields, given the dialog's busy state to disable them while the call is out. */
  children(busy: boolean): ReactNode;
}

/** A modal form on the native `<dialog>` whose fields the caller owns (selects, checkboxes…). */
export function FormDialog({ title, description, submitLabel, onSubmit, onClose, children }: FormDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog !== null && !dialog.open) dialog.showModal();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit();
    } catch (e) {
      setError(messageOf(e));
      setBusy(false);
    }
  };

  return (
    <dialog ref={ref} className="dialog" aria-labelledby={titleId} onClose={onClose} onCancel={onClose}>
      <form onSubmit={(e) => void submit(e)} className="form">
        <h2 id={titleId}>{title}</h2>
        {description !== undefined && <p className="muted">{description}</p>}
        {children(busy)}
        <DialogActions error={error} busy={busy} submitLabel={submitLabel} onCancel={onClose} />
      </form>
    </dialog>
  );
}
