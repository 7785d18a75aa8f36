import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { PASSWORD_MIN_LENGTH } from '@portal/shared';
import { messageOf } from '@portal/shared/client';

/** A labelled field of the signed-out forms; the input is given its id. */
export function Field({ label, children, hint }: { label: string; children: (id: string) => ReactNode; hint?: string }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
      {hint !== undefined && <p className="hint">{hint}</p>}
    </div>
  );
}

/** A form's submission: busy while it runs, the error in words when it fails. */
export function useSubmit(work: () => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };
  return { busy, error: error === null ? null : messageOf(error), failure: error, submit, setBusy };
}

/** A password being chosen: the server's length rule enforced by the field as well. */
export function NewPasswordField({ label, value, onChange, disabled, hint }: { label: string; value: string; onChange(value: string): void; disabled: boolean; hint?: string }) {
  return (
    <Field label={label} {...(hint === undefined ? {} : { hint })}>
      {(id) => (
        <input
          id={id}
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={256}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          disabled={disabled}
        />
      )}
    </Field>
  );
}

/** A form's error, announced. */
export function FormError({ error }: { error: string | null }) {
  if (error === null) return null;
  return (
    <p className="error" role="alert">
      {error}
    </p>
  );
}
