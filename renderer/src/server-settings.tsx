import { useId, useState, type FormEvent } from 'react';
import { ErrorAlert } from './ui/error-alert';

export interface ServerSettingsProps {
  current: string;
  onSave: (url: string) => Promise<void>;
  onCancel: () => void;
}

export function ServerSettings({ current, onSave, onCancel }: ServerSettingsProps) {
  const inputId = useId();
  const [value, setValue] = useState(current);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      await onSave(value.trim());
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="server-settings" onSubmit={(e) => void submit(e)}>
      <label htmlFor={inputId}>Server address</label>
      <input
        id={inputId}
        type="url"
        required
        autoFocus
        placeholder="https://portal.example.com"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        disabled={saving}
      />
      <ErrorAlert error={error} />
      <div className="actions">
        <button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
        <button type="button" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
