import { useEffect, useState } from 'react';

/**
 * A list of short texts edited one per line. What is typed stays as typed (a trailing new line
 * while adding the next entry is not thrown away); the list it commits has no blank entries.
 */
export function LinesField({ id, value, onChange, disabled, rows = 2, placeholder }: {
  id: string;
  value: readonly string[];
  onChange(lines: string[]): void;
  disabled?: boolean;
  rows?: number;
  placeholder?: string;
}) {
  const shown = value.join('\n');
  const [text, setText] = useState(shown);
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (!editing) setText(shown);
  }, [shown, editing]);
  return (
    <textarea
      id={id}
      rows={rows}
      value={text}
      disabled={disabled}
      placeholder={placeholder}
      onFocus={() => setEditing(true)}
      onBlur={() => setEditing(false)}
      onChange={(e) => {
        setText(e.target.value);
        onChange(
          e.target.value
            .split('\n')
            .map((l) => l.trim())
            .filter(Boolean),
        );
      }}
    />
  );
}
