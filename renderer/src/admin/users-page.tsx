import { useId, useState } from 'react';
import { PASSWORD_MIN_LENGTH, ROLES, type RoleName, type User } from '@portal/shared';
import { messageOf, ok } from '@portal/shared/client';
import { useApp } from '../shell/app-context';
import { PromptDialog } from '../ui/prompt-dialog';
import { AdminPage, formatWhen, useOnline, useServerData } from './admin-common';
import { FormDialog } from './form-dialog';
import { ErrorAlert } from '../ui/error-alert';
import { EmailConfirmationNotice, useEmailConfirmation } from './email-confirmation-notice';

type UserChange = { name?: string; email?: string; role?: RoleName; active?: boolean; temporaryPassword?: string };

type Editing = { mode: 'details'; user: User } | { mode: 'password'; user: User } | { mode: 'deactivate'; user: User };

/**
 * The people of the organization: add one (with a temporary password, or an invitation mail),
 * change a role, edit details, set a temporary password, deactivate and reactivate. The API has
 * no deletion: a person stays named on what they decided, so deactivating is how one leaves.
 */
export function AdminUsersPage() {
  const { api, user: me, notify } = useApp();
  const online = useOnline();
  const users = useServerData(() => ok(api.GET('/users')));
  const confirmation = useEmailConfirmation();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const patch = (id: string, body: UserChange) => ok(api.PATCH('/users/{id}', { params: { path: { id } }, body }));

  /** A change made from the table itself: its refusal (409 for the last Manager…) goes above the table. */
  const change = async (target: User, body: UserChange, done: string) => {
    setError(null);
    setBusyId(target.id);
    try {
      await patch(target.id, body);
      notify(done);
    } catch (e) {
      setError(`Could not change ${target.name}: ${messageOf(e)}`);
    } finally {
      setBusyId(null);
      // Also after a refusal: the select shows the role the server kept. (Deactivating one ends their wait.)
      await Promise.all([users.reload(), confirmation.reload()]);
    }
  };

  const list = users.data;
  // The server refuses (409) to demote or deactivate oneself or the last active Manager: those
  // controls are not offered, and the row says why and who can.
  const activeManagers = list?.filter((u) => u.role === 'Manager' && u.active).length ?? 0;
  const keptWhy = (u: User): string | null =>
    u.id === me.id
      ? 'You cannot demote or deactivate yourself; another Manager can.'
      : u.role === 'Manager' && u.active && activeManagers <= 1
        ? 'The only active Manager stays one: make someone else a Manager first.'
        : null;
  return (
    <AdminPage
      title="Users"
      right="users.manage"
      description="The people of your organization and what they may do. Managers have every right; Originators work cases and the library."
      actions={
        <button type="button" className="primary" onClick={() => setAdding(true)} disabled={!online}>
          Add user
        </button>
      }
    >
      <EmailConfirmationNotice confirmation={confirmation} />
      <ErrorAlert error={error ?? users.error} />
      {list === undefined ? (
        <p className="muted">{users.error === null ? 'Asking the server…' : ''}</p>
      ) : (
        <table className="table admin-table" aria-label="Users">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">Added</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((u) => {
              const busy = !online || busyId !== null;
              const kept = keptWhy(u);
              const keptId = `user-kept-${u.id}`;
              return (
                <tr key={u.id} className={u.active ? undefined : 'admin-row-inactive'}>
                  <th scope="row">
                    {u.name}
                    {u.id === me.id && <span className="muted small"> (you)</span>}
                  </th>
                  <td className="admin-email">{u.email === null ? <span className="muted">no email yet</span> : <Address email={u.email} />}</td>
                  <td>
                    <select
                      aria-label={`Role of ${u.name}`}
                      value={u.role}
                      disabled={busy || kept !== null}
                      aria-describedby={kept !== null ? keptId : undefined}
                      title={kept ?? undefined}
                      onChange={(e) => void change(u, { role: e.target.value as RoleName }, `${u.name} is now ${e.target.value === 'Manager' ? 'a' : 'an'} ${e.target.value}.`)}
                    >
                      {ROLES.map((r) => (
                        <option key={r} value={r}>
                          {r}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    {!u.active ? (
                      <span className="badge badge-superseded">Deactivated</span>
                    ) : u.invitedAt !== null && confirmation.held.has(u.id) ? (
                      // Listed like any invitation, but nobody was mailed yet: say what it waits for.
                      <span className="badge badge-default badge-wrap" title={`Added ${formatWhen(u.invitedAt)}; the invitation mail is sent once you confirm your address`}>
                        Invitation waits for your confirmation
                      </span>
                    ) : u.invitedAt !== null ? (
                      // Not signed in once yet: "Active" would promise someone is using the account.
                      <span className="badge badge-draft" title={`Invited ${formatWhen(u.invitedAt)}; not signed in yet`}>
                        Invited {new Date(u.invitedAt).toLocaleDateString()}
                      </span>
                    ) : (
                      <span className="badge badge-active">Active</span>
                    )}
                    {u.mustChangePassword && <span className="muted small"> · must change password</span>}
                  </td>
                  <td className="small">{formatWhen(u.createdAt)}</td>
                  <td>
                    <div className="row-actions">
                      <button type="button" disabled={busy} onClick={() => setEditing({ mode: 'details', user: u })} aria-label={`Edit ${u.name}`}>
                        Edit…
                      </button>
                      <button type="button" disabled={busy} onClick={() => setEditing({ mode: 'password', user: u })} aria-label={`Set a temporary password for ${u.name}`}>
                        Temporary password…
                      </button>
                      {u.active && kept !== null ? (
                        <span className="muted small admin-kept" id={keptId}>
                          {kept}
                        </span>
                      ) : u.active ? (
                        <button type="button" className="danger" disabled={busy} onClick={() => setEditing({ mode: 'deactivate', user: u })} aria-label={`Deactivate ${u.name}`}>
                          Deactivate…
                        </button>
                      ) : (
                        <button type="button" disabled={busy} onClick={() => void change(u, { active: true }, `${u.name} can sign in again.`)} aria-label={`Reactivate ${u.name}`}>
                          Reactivate
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <p className="hint">
        People are not deleted: deactivating one ends their sessions and stops them signing in, and keeps their name on what they decided.
      </p>

      {adding && (
        <AddUserDialog
          invitationsWait={confirmation.data?.confirmed === false}
          onClose={() => setAdding(false)}
          onSubmit={async (body) => {
            const created = await ok(api.POST('/users', { body }));
            setAdding(false);
            // Whether its mail went out is the server's to say: it waits while this Manager's address is unconfirmed.
            await Promise.all([users.reload(), confirmation.reload()]);
            const now = confirmation.latest();
            notify(
              now?.heldUserIds.includes(created.id)
                ? `Added ${created.name}. The invitation to ${created.email} waits until you confirm your address.`
                : body.temporaryPassword === undefined && now?.confirmed
                  ? `Added ${created.name}; an invitation was mailed to ${created.email}.`
                  : `Added ${created.name}.`,
            );
          }}
        />
      )}

      {editing?.mode === 'details' && (
        <PromptDialog
          title={`Edit ${editing.user.name}`}
          fields={[
            { name: 'name', label: 'Name', initial: editing.user.name, required: true, minLength: 2 },
            { name: 'email', label: 'Email', initial: editing.user.email ?? '', required: editing.user.email !== null, autoComplete: 'off' },
          ]}
          submitLabel="Save"
          onSubmit={async (values) => {
            const body: UserChange = {};
            if (values.name !== editing.user.name) body.name = values.name;
            if (values.email !== '' && values.email !== editing.user.email) body.email = values.email;
            if (Object.keys(body).length > 0) await patch(editing.user.id, body);
            setEditing(null);
            notify(`Saved ${values.name}.`);
            // A new address for a colleague still invited is a new invitation: it may wait now.
            await Promise.all([users.reload(), confirmation.reload()]);
          }}
          onClose={() => setEditing(null)}
        />
      )}

      {editing?.mode === 'password' && (
        <PromptDialog
          title={`Temporary password for ${editing.user.name}`}
          description="They sign in with it and must then choose their own. Their current sessions end now."
          fields={[
            {
              name: 'password',
              label: 'Temporary password',
              type: 'password',
              required: true,
              minLength: PASSWORD_MIN_LENGTH,
              autoComplete: 'new-password',
              hint: `At least ${PASSWORD_MIN_LENGTH} characters. Tell it to them another way than by mail.`,
            },
          ]}
          submitLabel="Set password"
          onSubmit={async (values) => {
            await patch(editing.user.id, { temporaryPassword: values.password! });
            setEditing(null);
            notify(`${editing.user.name} must change the temporary password at the next sign-in.`);
            await users.reload();
          }}
          onClose={() => setEditing(null)}
        />
      )}

      {editing?.mode === 'deactivate' && (
        <PromptDialog
          title={`Deactivate ${editing.user.name}?`}
          description="They are signed out everywhere and can no longer sign in. Their decisions and name stay in the ledger. You can reactivate them later."
          fields={[]}
          submitLabel="Deactivate"
          onSubmit={async () => {
            await patch(editing.user.id, { active: false });
            setEditing(null);
            notify(`Deactivated ${editing.user.name}.`);
            await Promise.all([users.reload(), confirmation.reload()]);
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </AdminPage>
  );
}

/** An address that, when its column is narrow, breaks before the `@` rather than inside a word. */
function Address({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  return at <= 0 ? (
    <>{email}</>
  ) : (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

interface NewUser {
  name: string;
  email: string;
  role: RoleName;
  temporaryPassword?: string;
}

function AddUserDialog({ invitationsWait, onSubmit, onClose }: { invitationsWait: boolean; onSubmit(body: NewUser): Promise<void>; onClose(): void }) {
  const base = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<RoleName>('Originator');
  const [how, setHow] = useState<'invite' | 'password'>('invite');
  const [password, setPassword] = useState('');

  return (
    <FormDialog
      title="Add user"
      description="A colleague in your organization. Their email must not have an account yet."
      submitLabel="Add user"
      onClose={onClose}
      onSubmit={() => onSubmit({ name, email, role, ...(how === 'password' ? { temporaryPassword: password } : {}) })}
    >
      {(busy) => (
        <>
          <div className="field">
            <label htmlFor={`${base}-name`}>Name</label>
            <input id={`${base}-name`} required minLength={2} autoFocus value={name} onChange={(e) => setName(e.target.value)} disabled={busy} />
          </div>
          <div className="field">
            <label htmlFor={`${base}-email`}>Email</label>
            <input id={`${base}-email`} type="email" required autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} disabled={busy} />
          </div>
          <div className="field">
            <label htmlFor={`${base}-role`}>Role</label>
            <select id={`${base}-role`} value={role} onChange={(e) => setRole(e.target.value as RoleName)} disabled={busy}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="field admin-choice">
            <legend>First sign-in</legend>
            <label>
              <input type="radio" name={`${base}-how`} checked={how === 'invite'} onChange={() => setHow('invite')} disabled={busy} /> Mail an invitation
              to set a password (the link lasts 7 days)
              {invitationsWait && <span className="muted"> — sent once you confirm your address</span>}
            </label>
            <label>
              <input type="radio" name={`${base}-how`} checked={how === 'password'} onChange={() => setHow('password')} disabled={busy} /> Set a
              temporary password now
            </label>
          </fieldset>
          {how === 'password' && (
            <div className="field">
              <label htmlFor={`${base}-password`}>Temporary password</label>
              <input
                id={`${base}-password`}
                type="password"
                required
                minLength={PASSWORD_MIN_LENGTH}
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                disabled={busy}
              />
              <p className="hint">At least {PASSWORD_MIN_LENGTH} characters; they must change it at their first sign-in.</p>
            </div>
          )}
        </>
      )}
    </FormDialog>
  );
}
