import { useState } from 'react';
import { PRODUCT_NAME } from '@portal/shared';
import { messageOf, ok, type ApiClient } from '@portal/shared/client';

/** Where the server's confirmation mails point: `/confirm-email#token=…`. */
export const CONFIRM_EMAIL_PATH = '/confirm-email';

/**
 * The token of a mailed confirmation link, read once from the fragment, which is then cleared
 * from the address bar. `null` when this is not that page; `''` when it is, without a token.
 */
export function takeConfirmationToken(): string | null {
  if (window.location.pathname !== CONFIRM_EMAIL_PATH) return null;
  const token = new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token') ?? '';
  if (window.location.hash !== '') window.history.replaceState(null, '', CONFIRM_EMAIL_PATH);
  return token;
}

/**
 * One button confirms the address the link was mailed to (a person's click, not a link preview's
 * fetch), says so, and goes on to the app. A Manager's invitations waited for this.
 */
export function ConfirmEmailPage({ api, token, onContinue }: { api: ApiClient; token: string; onContinue(): void }) {
  const [state, setState] = useState<'ready' | 'confirming' | 'confirmed'>('ready');
  const [failure, setFailure] = useState<string | null>(token === '' ? 'This link has no token: it may have been cut when copied from the mail.' : null);
  const confirm = async () => {
    setState('confirming');
    setFailure(null);
    try {
      await ok(api.POST('/email-confirmation', { body: { token } }));
      setState('confirmed');
    } catch (e) {
      setFailure(messageOf(e));
      setState('ready');
    }
  };

  return (
    <div className="auth-page">
      <div className="auth-card">
        <h1 className="auth-title">{PRODUCT_NAME}</h1>
        <section className="form" aria-label="Confirm your address">
          <h2 className="auth-subtitle">Confirm your address</h2>
          {state === 'confirmed' ? (
            <p role="status">Your address is confirmed. Invitations you sent to colleagues are on their way.</p>
          ) : (
            <p className="muted small">This address was given for a {PRODUCT_NAME} account. Confirm it is yours; invitations you send to colleagues go out once it is.</p>
          )}
          {failure !== null && (
            <p className="error" role="alert">
              {failure}
            </p>
          )}
          {state === 'confirmed' || failure !== null ? (
            <button type="button" className="primary wide" onClick={onContinue}>
              Continue
            </button>
          ) : (
            <button type="button" className="primary wide" onClick={() => void confirm()} disabled={state === 'confirming'}>
              {state === 'confirming' ? 'Confirming…' : 'Confirm my address'}
            </button>
          )}
        </section>
      </div>
    </div>
  );
}
