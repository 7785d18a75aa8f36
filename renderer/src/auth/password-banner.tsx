import { useState } from 'react';
import { PASSWORD_MIN_LENGTH } from '@portal/shared';
import { ok } from '@portal/shared/client';
import { useApp } from '../shell/app-context';
import { PromptDialog } from '../ui/prompt-dialog';

/**
 * Shown to someone a Manager added with a temporary password, until they choose their own. The
 * server ends every other session on a change and gives the web app a new cookie; the desktop's
 * device session is one of those, so it signs in again with the new password.
 */
export function PasswordBanner({ onChanged }: { onChanged(): void }) {
  const { api, bridge, user, notify } = useApp();
  const [open, setOpen] = useState(false);
  return (
    <div className="banner" role="region" aria-label="Temporary password">
      <p>You signed in with a temporary password. Choose your own so only you know it.</p>
      <button type="button" onClick={() => setOpen(true)}>
        Choose a password
      </button>
      {open && (
        <PromptDialog
          title="Choose your password"
          fields={[
            { name: 'current', label: 'Temporary password', type: 'password', autoComplete: 'current-password', required: true },
            { name: 'next', label: 'New password', type: 'password', autoComplete: 'new-password', minLength: PASSWORD_MIN_LENGTH, required: true, hint: `At least ${PASSWORD_MIN_LENGTH} characters.` },
          ]}
          submitLabel="Change password"
          onSubmit={async ({ current = '', next = '' }) => {
            await ok(api.POST('/password', { body: { currentPassword: current, newPassword: next } }));
            if (bridge.kind === 'desktop' && user.email !== null) await bridge.signIn(user.email, next);
            setOpen(false);
            notify('Your password is changed.');
            onChanged();
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}
