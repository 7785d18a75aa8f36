import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { parseMoneyText } from '@portal/shared';
import { isMoney, type FieldType } from './key-values';

/** What an editor starts from and gives back: the field type's form of a value (as PUT …/key-data/{field} takes it). */
function initialText(type: FieldType, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((v) => initialText(type, v)).join('\n');
  if (type === 'money' && isMoney(value)) return String(value.amount);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * Sets one key value as a person reads it on the page: an input of the field's type (a date
 * picker, an amount and its currency, the schema's options…), Enter saves, Escape cancels, and
 * "Not on the document" clears it. The keys typed here are the editor's, not the review's.
 */
export function KeyValueEditor({
  label,
  type,
  options,
  multiple,
  value,
  onSave,
  onCancel,
}: {
  label: string;
  type: FieldType;
  options: readonly string[];
  multiple: boolean;
  value: unknown;
  onSave(value: unknown): void;
  onCancel(): void;
}) {
  const [text, setText] = useState(() => initialText(type, value));
  const [currency, setCurrency] = useState(() => (isMoney(value) ? value.currency : 'GBP'));
  const [problem, setProblem] = useState<string | null>(null);
  const first = useRef<HTMLInputElement & HTMLSelectElement & HTMLTextAreaElement>(null);
  useEffect(() => first.current?.focus(), []);

  const one = (raw: string): unknown => {
    const t = raw.trim();
    switch (type) {
      case 'number': {
        const n = Number(t);
        if (t === '' || !Number.isFinite(n)) throw new Error('Type a number.');
        return n;
      }
      case 'money': {
        // What people type, as their locale reads it: "$999.99", "1 234,56 EUR"; a currency typed wins over the box.
        const reading = parseMoneyText(t, { locale: navigator.language, currency: currency.trim() });
        if (!reading.ok) throw new Error(reading.problem);
        const code = reading.currency ?? currency.trim().toUpperCase();
        if (!/^[A-Z]{3}$/.test(code)) throw new Error('The currency is three letters, like GBP or EUR.');
        if (reading.currency !== null) setCurrency(reading.currency);
        return { amount: reading.amount, currency: code };
      }
      case 'boolean':
        return t === 'true';
      case 'date':
        if (!/^\d{4}-\d{2}-\d{2}$/.test(t)) throw new Error('Choose a date.');
        return t;
      default:
        if (t === '') throw new Error('Type the value, or choose “Not on the document”.');
        return t;
    }
  };

  const save = (event?: FormEvent) => {
    event?.preventDefault();
    try {
      onSave(multiple ? text.split('\n').filter((l) => l.trim() !== '').map(one) : one(text));
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
  };

  const input =
    type === 'enum' && !multiple ? (
      <select ref={first} value={text} onChange={(e) => setText(e.target.value)} aria-label={label}>
        <option value="">Choose…</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    ) : type === 'boolean' && !multiple ? (
      <select ref={first} value={text} onChange={(e) => setText(e.target.value)} aria-label={label}>
        <option value="true">Yes</option>
        <option value="false">No</option>
      </select>
    ) : multiple ? (
      <textarea ref={first} value={text} onChange={(e) => setText(e.target.value)} aria-label={label} rows={3} placeholder="One per line" />
    ) : (
      <input
        ref={first}
        type={type === 'date' ? 'date' : 'text'}
        inputMode={type === 'money' || type === 'number' ? 'decimal' : undefined}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-label={type === 'money' ? `${label}, amount` : label}
      />
    );

  return (
    <form className="key-editor" aria-label={`Correct ${label}`} onSubmit={save} onKeyDown={onKeyDown} onClick={(e) => e.stopPropagation()}>
      <div className="row">
        {input}
        {type === 'money' && !multiple && <input className="currency" value={currency} onChange={(e) => setCurrency(e.target.value)} aria-label={`${label}, currency`} maxLength={3} size={4} />}
      </div>
      {problem !== null && (
        <p className="error small" role="alert">
          {problem}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="primary">
          Save
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="link" onClick={() => onSave(null)} title="The document does not print it: the field is cleared">
          Not on the document
        </button>
      </div>
    </form>
  );
}
