import { useEffect, useState } from 'react';

export interface NumberFieldProps {
  label: string;
  value: number | null | undefined;
  /** Called with each valid value typed; `null` (empty) only when `emptyMeans` is given. */
  onCommit(value: number | null): void;
  emptyMeans?: string;
  disabled?: boolean;
}

/**
 * A whole-number input bound to a shared value. What is being typed stays local until it is a
 * valid number (an empty box while retyping is not written to everyone's draft), and a change
 * from a colleague shows up when the box is not being edited.
 */
export function NumberField({ label, value, onCommit, emptyMeans, disabled }: NumberFieldProps) {
  const shown = value === null || value === undefined ? '' : String(value);
  const [text, setText] = useState(shown);
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (!editing) setText(shown);
  }, [shown, editing]);

  return (
    <input
      type="number"
      inputMode="numeric"
      min={1}
      max={100}
      step={1}
      aria-label={label}
      placeholder={emptyMeans}
      value={text}
      disabled={disabled}
      onFocus={() => setEditing(true)}
      onBlur={() => {
        setEditing(false);
        setText(shown);
      }}
      onChange={(e) => {
        const next = e.target.value;
        setText(next);
        if (next === '' && emptyMeans !== undefined) onCommit(null);
        else if (/^\d+$/.test(next) && Number(next) >= 1) onCommit(Number(next));
      }}
    />
  );
}
