import { useState } from 'react';
import { PASSWORD_MIN_LENGTH, PRODUCT_NAME, type DesktopBridge, type User } from '@portal/shared';
import { ApiRequestError, ok, type ApiClient } from '@portal/shared/client';
import { Field, FormError, NewPasswordField, useSubmit } from './auth-form';

/** Where the server's reset and invitation mails point: `/reset-password#token=…`. */
export const CHOOSE_PASSWORD_PATH = '/reset-password';

/**
 * The token of a mailed link, read once from the fragment, which is then cleared from the address
 * bar (and the history): the link works once, and a token left in view is one a screen share shows.
 * `null` when this is not that page; `''` when it is, without a token.
 */
export function takePasswordToken(): string | null {
  if (window.location.pathname !== CHOOSE_PASSWORD_PATH) return null;
  const token = new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token') ?? '';
  if (window.location.hash !== '') window.history.replaceState(null, '', CHOOSE_PASSWORD_PATH);
  return token;
}

export interface ChoosePasswordPageProps {
  bridge: DesktopBridge;
  api: ApiClient;
  token: string;
  onSignedIn(user: User): void;
  /** The password is set but signing in failed (another address typed): the sign-in page, with why. */
  onSetButNotSignedIn(reason: string): void;
  /** The link is spent or expired: "Forgot password?" mails a new one. */
  onNewLink(): void;
}

/**
 * Both mails, a reset and an invitation, carry the same kind of link, so one page serves both:
 * choose a password (the server's rule shown as it is typed, typed twice), then signed in with it.
 * The address is asked for because the link does not say whose it is, and signing in needs it.
 */
export function ChoosePasswordPage({ bridge, api, token, onSignedIn, onSetButNotSignedIn, onNewLink }: ChoosePasswordPageProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const long = password.length >= PASSWORD_MIN_LENGTH;
  const same = password !== '' && password === again;
  const { busy, error, failure, submit } = useSubmit(async () => {
    if (password !== again) throw new Error('The two passwords differ: type the same one twice.');
    await ok(api.POST('/password/reset', { body: { token, newPassword: password } }));
    let user: User;
    try {
      user = await bridge.signIn(email.trim(), password);
    } catch (e) {
      onSetButNotSignedIn(`Your password is set, but signing in as ${email.trim()} failed (${e instanceof Error ? e.message : String(e)}). Sign in with your address and the new password.`);
      return;
    }
    onSignedIn(user);
  });
  // A 400 from the reset is the link itself: spent, expired or mangled by a mail client.
  const spent = token === '' || (failure instanceof ApiRequestError && failure.status === 400);

  return (
    <div className="auth-page">
      <div className="auth-card">
        <h1 className="auth-title">{PRODUCT_NAME}</h1>
        <form className="form" onSubmit={(e) => void submit(e)} aria-label="Choose your password">
          <h2 className="auth-subtitle">Choose your password</h2>
          <p className="muted small">For a password reset or an invitation alike. Once it is set you are signed in, and every other session of yours ends.</p>
          <Field label="Email" hint="The address the mail came to.">
            {(id) => <input id={id} type="email" autoComplete="username" required autoFocus value={email} onChange={(e) => setEmail(e.target.value)} disabled={busy} />}
          </Field>
          <NewPasswordField label="New password" value={password} onChange={setPassword} disabled={busy} />
          <Field label="New password again">
            {(id) => <input id={id} type="password" autoComplete="new-password" required value={again} onChange={(e) => setAgain(e.target.value)} disabled={busy} />}
          </Field>
          <ul className="password-rules" aria-label="Password rules">
            <li className={long ? 'met' : undefined}>
              <span aria-hidden="true">{long ? '✓' : '○'}</span> At least {PASSWORD_MIN_LENGTH} characters (a few unrelated words are easy to remember and hard to guess)
            </li>
            <li className={same ? 'met' : undefined}>
              <span aria-hidden="true">{same ? '✓' : '○'}</span> The same twice
            </li>
          </ul>
          <FormError error={error} />
          {token === '' && (
            <p className="error" role="alert">
              This link has no token: it may have been cut when copied from the mail.
            </p>
          )}
          <button type="submit" className="primary wide" disabled={busy || token === ''}>
            {busy ? 'Setting your password…' : 'Set password and sign in'}
          </button>
          {spent && (
            <button type="button" className="link forgot-link" onClick={onNewLink}>
              Mail me a new link
            </button>
          )}
        </form>
      </div>
    </div>
  );
}
