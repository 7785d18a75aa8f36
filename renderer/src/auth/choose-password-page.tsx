import { useEffect, useState } from 'react';
import { PASSWORD_MIN_LENGTH, PRODUCT_NAME, type DesktopBridge, type PasswordLink, type User } from '@portal/shared';
import { ApiRequestError, messageOf, ok, type ApiClient } from '@portal/shared/client';
import { Field, FormError, NewPasswordField, useSubmit } from './auth-form';

/** Where the server's reset and invitation mails point: `/reset-password#token=…`. */
export const CHOOSE_PASSWORD_PATH = '/reset-password';

/**
 * The token kept for this tab while its page is open, so a reload finds it again: the fragment is
 * cleared from the address bar on sight. sessionStorage, not localStorage: it ends with the tab,
 * and `forgetPasswordToken` drops it as soon as the link is used or left.
 */
const TOKEN_KEY = 'portal.password-link';

/**
 * The token of a mailed link, read from the fragment, which is then cleared from the address bar
 * (and the history): a token left in view is one a screen share shows. `null` when this is not
 * that page; `''` when it is, without a token (nor one kept from before a reload).
 */
export function takePasswordToken(): string | null {
  if (window.location.pathname !== CHOOSE_PASSWORD_PATH) return null;
  const fromLink = new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token');
  if (window.location.hash !== '') window.history.replaceState(null, '', CHOOSE_PASSWORD_PATH);
  if (fromLink !== null && fromLink !== '') {
    sessionStorage.setItem(TOKEN_KEY, fromLink);
    return fromLink;
  }
  return sessionStorage.getItem(TOKEN_KEY) ?? '';
}

/** The link was used or left: a reload of this tab no longer opens its page. */
export function forgetPasswordToken(): void {
  sessionStorage.removeItem(TOKEN_KEY);
}

export interface ChoosePasswordPageProps {
  bridge: DesktopBridge;
  api: ApiClient;
  token: string;
  onSignedIn(user: User): void;
  /** The password is set but signing in failed: the sign-in page, with why. */
  onSetButNotSignedIn(reason: string): void;
  /** The link is spent or expired: "Forgot password?" mails a new one. */
  onNewLink(): void;
  /** The sign-in page, for whoever already set their password with this link. */
  onSignIn(): void;
}

type Looked = { state: 'looking' } | { state: 'failed'; error: string } | PasswordLink;

/** What the page says of a link that cannot set a password, and what it offers instead. */
function spentWords(link: PasswordLink): { title: string; text: string; signIn: boolean } {
  const invitation = link.purpose === 'invitation';
  switch (link.state) {
    case 'used':
      return invitation
        ? { title: 'This invitation was already used', text: 'A password was set with it. Sign in with your address and that password, or mail yourself a new link if you do not know it.', signIn: true }
        : { title: 'This link was already used', text: 'Each link sets a password once, and a newer link or a password change cancels it. Mail yourself a new link to choose a password.', signIn: true };
    case 'expired':
      return invitation
        ? { title: 'This invitation has expired', text: 'Invitations work for 7 days. Mail yourself a new link to choose your password, or ask the Manager who invited you.', signIn: false }
        : { title: 'This link has expired', text: 'Reset links work for 1 hour. Mail yourself a new one.', signIn: false };
    default:
      return {
        title: 'This link does not work',
        text: 'It is not a link we mailed, or it is incomplete (a mail program may have cut it when it was copied), or its account was closed. Open the link in the mail again, or mail yourself a new one.',
        signIn: false,
      };
  }
}

/**
 * Both mails, a reset and an invitation, carry the same kind of link, so one page serves both.
 * It asks the server what the link is as it opens: whom it is for (an invitation names the
 * organization too), or, at once, that it is spent, expired or invalid. Then a password is
 * chosen (the server's rule shown as it is typed, typed twice) and the person is signed in with
 * the address the link is for: nobody types an address the server knows.
 */
export function ChoosePasswordPage({ bridge, api, token, onSignedIn, onSetButNotSignedIn, onNewLink, onSignIn }: ChoosePasswordPageProps) {
  const [link, setLink] = useState<Looked>(() => (token === '' ? { state: 'invalid' } : { state: 'looking' }));
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const long = password.length >= PASSWORD_MIN_LENGTH;
  const same = password !== '' && password === again;

  const lookUp = async (): Promise<PasswordLink> => ok(api.POST('/password/link', { body: { token } }));
  useEffect(() => {
    if (token === '') return;
    let live = true;
    lookUp().then(
      (found) => live && setLink(found),
      // A token too short to be one is refused as a malformed request: the link was cut.
      (e: unknown) => live && setLink(e instanceof ApiRequestError && e.status === 400 ? { state: 'invalid' } : { state: 'failed', error: messageOf(e) }),
    );
    return () => {
      live = false;
    };
  }, [api, token]);

  const { busy, error, submit } = useSubmit(async () => {
    if (link.state !== 'usable' || link.email === undefined) return;
    if (password !== again) throw new Error('The two passwords differ: type the same one twice.');
    try {
      await ok(api.POST('/password/reset', { body: { token, newPassword: password } }));
    } catch (e) {
      // Spent since the page opened (used in another tab, a newer link): say which, as on opening.
      if (e instanceof ApiRequestError && e.status === 400) {
        setLink(await lookUp().catch(() => ({ state: 'invalid' }) as PasswordLink));
        return;
      }
      throw e;
    }
    forgetPasswordToken();
    let user: User;
    try {
      user = await bridge.signIn(link.email, password);
    } catch (e) {
      onSetButNotSignedIn(`Your password is set, but signing in failed (${e instanceof Error ? e.message : String(e)}). Sign in with ${link.email} and the new password.`);
      return;
    }
    onSignedIn(user);
  });

  const leaveFor = (next: () => void) => () => {
    forgetPasswordToken();
    next();
  };

  let body;
  if (link.state === 'looking') {
    body = <p className="muted" role="status">Checking your link…</p>;
  } else if (link.state === 'failed') {
    body = (
      <>
        <h2 className="auth-subtitle">Your link could not be checked</h2>
        <p className="error" role="alert">
          {link.error}
        </p>
        <button type="button" className="primary wide" onClick={() => window.location.reload()}>
          Try again
        </button>
      </>
    );
  } else if (link.state !== 'usable') {
    const words = spentWords(link);
    body = (
      <section aria-labelledby="link-spent">
        <h2 className="auth-subtitle" id="link-spent">
          {words.title}
        </h2>
        <p role="alert">{words.text}</p>
        <div className="auth-actions">
          {words.signIn && (
            <button type="button" className="primary wide" onClick={leaveFor(onSignIn)}>
              Sign in
            </button>
          )}
          <button type="button" className={words.signIn ? 'wide' : 'primary wide'} onClick={leaveFor(onNewLink)}>
            Mail me a new link
          </button>
        </div>
      </section>
    );
  } else {
    const invitation = link.purpose === 'invitation';
    body = (
      <form className="form" onSubmit={(e) => void submit(e)} aria-label="Choose your password">
        <h2 className="auth-subtitle">{invitation ? `Join ${link.organizationName ?? 'your organization'}` : 'Choose a new password'}</h2>
        <p className="password-link-for">
          {invitation ? 'You were invited as ' : 'For '}
          <strong data-testid="password-link-email">{link.email}</strong>
          {invitation ? '' : ` at ${link.organizationName ?? 'your organization'}`}. Choose a password; once it is set you are signed in
          {invitation ? '.' : ', and every other session of yours ends.'}
        </p>
        {/* For password managers: the account the new password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={link.email} readOnly hidden />
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
        <button type="submit" className="primary wide" disabled={busy}>
          {busy ? 'Setting your password…' : 'Set password and sign in'}
        </button>
      </form>
    );
  }

  return (
    <div className="auth-page">
      <div className="auth-card">
        <h1 className="auth-title">{PRODUCT_NAME}</h1>
        {body}
      </div>
    </div>
  );
}
