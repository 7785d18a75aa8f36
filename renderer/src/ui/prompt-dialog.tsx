import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { messageOf } from '@portal/shared/client';
import { DialogActions } from './dialog-actions';

export interface PromptField {
  name: string;
  label: string;
  initial?: string;
  required?: boolean;
  multiline?: boolean;
  type?: 'text' | 'password';
  autoComplete?: string;
  minLength?: number;
  hint?: string;
}

export interface PromptDialogProps {
  title: string;
  description?: ReactNode;
  fields: PromptField[];
  submitLabel: string;
  /** Rejects with the message to show; the dialog stays open so nothing typed is lost. */
  onSubmit(values: Record<string, string>): Promise<void>;
  onClose(): void;
}

/**
 * A modal form on the native `<dialog>`: focus moves into it and is trapped, Escape cancels, and
 * the page behind is inert, without any library.
 */
export function PromptDialog({ title, description, fields, submitLabel, onSubmit, onClose }: PromptDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const baseId = useId();
  const [values, setValues] = useState(() => Object.fromEntries(fields.map((f) => [f.name, f.initial ?? ''])));
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
      await onSubmit(values);
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
        {fields.map((f, i) => {
          const id = `${baseId}-${f.name}`;
          const common = {
            id,
            name: f.name,
            required: f.required ?? false,
            autoFocus: i === 0,
            value: values[f.name] ?? '',
            disabled: busy,
          };
          return (
            <div className="field" key={f.name}>
              <label htmlFor={id}>{f.label}</label>
              {f.multiline ? (
                <textarea {...common} rows={3} onChange={(e) => setValues({ ...values, [f.name]: e.target.value })} />
              ) : (
                <input
                  {...common}
                  type={f.type ?? 'text'}
                  autoComplete={f.autoComplete}
                  minLength={f.minLength}
                  onChange={(e) => setValues({ ...values, [f.name]: e.target.value })} />
              )}
              {f.hint !== undefined && <p className="hint">{f.hint}</p>}
            </div>
          );
        })}
        <DialogActions error={error} busy={busy} submitLabel={submitLabel} onCancel={onClose} />
      </form>
    </dialog>
  );
}
