import { useEffect, useId, useRef, useState } from 'react';
import { messageOf } from '@portal/shared/client';

export interface SecretDialogProps {
  title: string;
  /** What the secret is for, e.g. "Send it as `Authorization: Bearer …`". */
  usage: string;
  secret: string;
  onClose(): void;
}

/**
 * A secret the server returns exactly once (an API key, a webhook signing secret): shown here with
 * a copy button, and gone for good when the dialog closes, as the server keeps only its hash.
 */
export function SecretDialog({ title, usage, secret, onClose }: SecretDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const base = useId();
  const [copy, setCopy] = useState<{ state: 'idle' } | { state: 'copied' } | { state: 'failed'; reason: string }>({ state: 'idle' });

  useEffect(() => {
    const dialog = ref.current;
    if (dialog !== null && !dialog.open) dialog.showModal();
  }, []);

  const copySecret = async () => {
    try {
      // Absent outside a secure context (a plain-http server address other than localhost).
      if (navigator.clipboard === undefined) throw new Error('this page may not write to the clipboard');
      await navigator.clipboard.writeText(secret);
      setCopy({ state: 'copied' });
    } catch (e) {
      // Selected, so Ctrl+C still works.
      inputRef.current?.select();
      setCopy({ state: 'failed', reason: messageOf(e) });
    }
  };

  return (
    <dialog ref={ref} className="dialog secret-dialog" aria-labelledby={`${base}-title`} onClose={onClose} onCancel={onClose}>
      <div className="form">
        <h2 id={`${base}-title`}>{title}</h2>
        <p className="warning secret-warning">
          <strong>Copy it now: you won’t see it again.</strong> The server keeps only a fingerprint of it; if it is lost, make a new one.
        </p>
        <div className="field">
          <label htmlFor={`${base}-secret`}>Secret</label>
          <div className="secret-row">
            <input
              ref={inputRef}
              id={`${base}-secret`}
              className="mono secret-value"
              readOnly
              value={secret}
              spellCheck={false}
              onFocus={(e) => e.currentTarget.select()}
            />
            <button type="button" className="primary" onClick={() => void copySecret()}>
              {copy.state === 'copied' ? 'Copied' : 'Copy'}
            </button>
          </div>
          <p className="hint">{usage}</p>
        </div>
        <p role="status" className="small">
          {copy.state === 'copied' ? 'Copied to the clipboard.' : copy.state === 'failed' ? `Could not copy (${copy.reason}): it is selected, press Ctrl+C.` : ''}
        </p>
        <div className="actions">
          <button type="button" onClick={onClose}>
            Done
          </button>
        </div>
      </div>
    </dialog>
  );
}
