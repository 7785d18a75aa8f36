import { useId, useState, type FormEvent } from 'react';

export interface NameFormProps {
  /** The form's accessible name, for example "Add a section". */
  formLabel: string;
  fieldLabel: string;
  /** Keep the field's label for screen readers only (the placeholder says it on screen). */
  hideLabel?: boolean;
  placeholder: string;
  buttonLabel: string;
  primary?: boolean;
  onAdd(name: string): void;
}

/** One line to name a new thing (a section, a subsection) and add it. */
export function NameForm({ formLabel, fieldLabel, hideLabel, placeholder, buttonLabel, primary, onAdd }: NameFormProps) {
  const id = useId();
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    onAdd(name.trim());
    setName('');
  };
  return (
    <form className="inline-form" onSubmit={submit} aria-label={formLabel}>
      <label htmlFor={id} {...(hideLabel ? { className: 'visually-hidden' } : {})}>
        {fieldLabel}
      </label>
      <input id={id} placeholder={placeholder} value={name} onChange={(e) => setName(e.target.value)} />
      <button type="submit" {...(primary ? { className: 'primary' } : {})} disabled={!name.trim()}>
        {buttonLabel}
      </button>
    </form>
  );
}
