import { useId, useState } from 'react';
import { PASSWORD_MIN_LENGTH, PRODUCT_NAME, type DesktopBridge, type User } from '@portal/shared';
import { ok, type ApiClient } from '@portal/shared/client';
import { Field, FormError, NewPasswordField, useSubmit } from './auth-form';

export interface SignInPageProps {
  bridge: DesktopBridge;
  api: ApiClient;
  serverUrl: string;
  /** Why the person is here, when it is not the first visit (session ended, signed out). */
  reason: string | null;
  /** `signedUp`: the account (and its organization) was made just now, so nothing is in it yet. */
  onSignedIn(user: User, signedUp?: boolean): void;
  /** Desktop only: the server this app talks to can be changed before signing in. */
  onChangeServer?: () => void;
  /** Opens on "Forgot password?" (a mailed link that no longer works offers a new one). */
  forgot?: boolean;
}

type Mode = 'sign-in' | 'sign-up';

export function SignInPage({ bridge, api, serverUrl, reason, onSignedIn, onChangeServer, forgot: startForgot = false }: SignInPageProps) {
  const [mode, setMode] = useState<Mode>('sign-in');
  const [forgot, setForgot] = useState(startForgot);
  const tabsId = useId();

  return (
    <div className="auth-page">
      <div className="auth-card">
        <h1 className="auth-title">{PRODUCT_NAME}</h1>
        <p className="muted">Checklists of the documents every case needs, kept with your team.</p>
        {reason !== null && (
          <p className="notice" role="status">
            {reason}
          </p>
        )}
        <div className="tabs" role="tablist" aria-label="Account">
          {(
            [
              ['sign-in', 'Sign in'],
              ['sign-up', 'Create account'],
            ] as const
          ).map(([value, label]) => (
            <button
              key={value}
              type="button"
              role="tab"
              id={`${tabsId}-${value}`}
              aria-selected={mode === value}
              aria-controls={`${tabsId}-panel`}
              tabIndex={mode === value ? 0 : -1}
              className={mode === value ? 'tab tab-selected' : 'tab'}
              onClick={() => setMode(value)}
              onKeyDown={(e) => {
                // Arrow keys move between tabs, as the ARIA tabs pattern expects.
                if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
                  const next = value === 'sign-in' ? 'sign-up' : 'sign-in';
                  setMode(next);
                  document.getElementById(`${tabsId}-${next}`)?.focus();
                }
              }}
            >
              {label}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${mode}`}>
          {mode === 'sign-in' && forgot ? (
            <ForgotPasswordForm api={api} onBack={() => setForgot(false)} />
          ) : mode === 'sign-in' ? (
            <SignInForm bridge={bridge} onSignedIn={onSignedIn} onForgot={() => setForgot(true)} />
          ) : (
            <SignUpForm bridge={bridge} api={api} onSignedIn={onSignedIn} />
          )}
        </div>
        <p className="muted small server-line">
          Server: <span className="mono">{serverUrl}</span>
          {bridge.kind === 'desktop' && onChangeServer !== undefined && (
            <>
              {' '}
              <button type="button" className="link" onClick={onChangeServer}>
                Change…
              </button>
            </>
          )}
        </p>
      </div>
    </div>
  );
}

function SignInForm({ bridge, onSignedIn, onForgot }: { bridge: DesktopBridge; onSignedIn(user: User): void; onForgot(): void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, submit } = useSubmit(async () => onSignedIn(await bridge.signIn(email.trim(), password)));

  return (
    <form className="form" onSubmit={(e) => void submit(e)} aria-label="Sign in">
      <Field label="Email">
        {(id) => <input id={id} type="email" autoComplete="username" required autoFocus value={email} onChange={(e) => setEmail(e.target.value)} disabled={busy} />}
      </Field>
      <Field label="Password">
        {(id) => (
          <input id={id} type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} disabled={busy} />
        )}
      </Field>
      <FormError error={error} />
      <button type="submit" className="primary wide" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
      <button type="button" className="link forgot-link" onClick={onForgot}>
        Forgot password?
      </button>
    </form>
  );
}

/**
 * Mails a reset link. The server answers the same whether or not the address has an account (it
 * must not tell), and so does this form: its own words, shown after every request.
 */
function ForgotPasswordForm({ api, onBack }: { api: ApiClient; onBack(): void }) {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const { busy, error, submit, setBusy } = useSubmit(async () => {
    const answer = await ok(api.POST('/password/forgot', { body: { email: email.trim() } }));
    setSent(answer.message);
    setBusy(false);
  });

  return (
    <form className="form" onSubmit={(e) => void submit(e)} aria-label="Reset your password">
      <p className="muted small">We mail you a link to choose a new password. It works once, within an hour.</p>
      <Field label="Email">
        {(id) => <input id={id} type="email" autoComplete="username" required autoFocus value={email} onChange={(e) => setEmail(e.target.value)} disabled={busy} />}
      </Field>
      <FormError error={error} />
      {sent !== null && (
        <p className="notice" role="status">
          {sent}
        </p>
      )}
      <button type="submit" className="primary wide" disabled={busy}>
        {busy ? 'Sending…' : sent === null ? 'Send the link' : 'Send it again'}
      </button>
      <button type="button" className="link forgot-link" onClick={onBack}>
        Back to sign in
      </button>
    </form>
  );
}

function SignUpForm({ bridge, api, onSignedIn }: { bridge: DesktopBridge; api: ApiClient; onSignedIn(user: User, signedUp: boolean): void }) {
  const [orgName, setOrgName] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, submit } = useSubmit(async () => {
    const input = { orgName: orgName.trim(), name: name.trim(), email: email.trim(), password };
    const user = await ok(api.POST('/signup', { body: input }));
    // The web app now holds the session cookie the sign-up set. The desktop app's requests carry
    // no cookies, so it signs in the way it always does: a device session held by main.
    onSignedIn(bridge.kind === 'desktop' ? await bridge.signIn(input.email, password) : user, true);
  });

  return (
    <form className="form" onSubmit={(e) => void submit(e)} aria-label="Create account">
      <Field label="Organization name">
        {(id) => <input id={id} type="text" autoComplete="organization" required minLength={2} autoFocus value={orgName} onChange={(e) => setOrgName(e.target.value)} disabled={busy} />}
      </Field>
      <Field label="Your name">
        {(id) => <input id={id} type="text" autoComplete="name" required minLength={2} value={name} onChange={(e) => setName(e.target.value)} disabled={busy} />}
      </Field>
      <Field label="Email">
        {(id) => <input id={id} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} disabled={busy} />}
      </Field>
      <NewPasswordField label="Password" hint={`At least ${PASSWORD_MIN_LENGTH} characters.`} value={password} onChange={setPassword} disabled={busy} />
      <FormError error={error} />
      <button type="submit" className="primary wide" disabled={busy}>
        {busy ? 'Creating your account…' : 'Create account'}
      </button>
    </form>
  );
}
