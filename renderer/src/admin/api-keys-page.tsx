import { useState } from 'react';
import { ok, type ApiSchemas } from '@portal/shared/client';
import { useApp } from '../shell/app-context';
import { PromptDialog } from '../ui/prompt-dialog';
import { AdminPage, formatWhen, useOnline, useServerData } from './admin-common';
import { SecretDialog } from './secret-dialog';
import { ErrorAlert } from '../ui/error-alert';

type ApiKey = ApiSchemas['ApiKey'];

/**
 * The organization's API keys, its machine identity: create one (its secret shown once), see
 * which are used, revoke. Revoked keys stay listed, as the server keeps them.
 */
export function AdminApiKeysPage() {
  const { api, notify } = useApp();
  const online = useOnline();
  const keys = useServerData(() => ok(api.GET('/api-keys')));
  // Keys name their creator by id; the people list names them.
  const users = useServerData(() => ok(api.GET('/users')));
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiSchemas['CreatedApiKey'] | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const nameOf = (userId: string | null) => (userId === null ? '—' : (users.data?.find((u) => u.id === userId)?.name ?? userId));
  const list = keys.data;

  return (
    <AdminPage
      title="API keys"
      right="keys.manage"
      description={
        <>
          Programs call the API with a key (<span className="mono">Authorization: Bearer cpk_…</span>) and act as an Originator. A key’s name is the
          default “decided by” of the runs it starts.
        </>
      }
      actions={
        <button type="button" className="primary" onClick={() => setCreating(true)} disabled={!online}>
          Create API key
        </button>
      }
    >
      <ErrorAlert error={keys.error} />
      {list === undefined ? (
        <p className="muted">{keys.error === null ? 'Asking the server…' : ''}</p>
      ) : list.length === 0 ? (
        <div className="empty">
          <p>
            <strong>No API keys yet.</strong>
          </p>
          <p className="muted">Create one for each program that calls the API, so each can be revoked on its own.</p>
        </div>
      ) : (
        <table className="table admin-table" aria-label="API keys">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Key</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((k) => (
              <tr key={k.id} className={k.revokedAt === null ? undefined : 'admin-row-inactive'}>
                <th scope="row">{k.name}</th>
                <td className="mono">{k.prefix}…</td>
                <td className="small">
                  {formatWhen(k.createdAt)}
                  <br />
                  <span className="muted">by {nameOf(k.createdBy)}</span>
                </td>
                <td className="small">{k.lastUsedAt === null ? <span className="muted">never</span> : formatWhen(k.lastUsedAt)}</td>
                <td>
                  {k.revokedAt === null ? (
                    <span className="badge badge-active">Active</span>
                  ) : (
                    <span className="badge badge-superseded" title={`Revoked ${formatWhen(k.revokedAt)}`}>
                      Revoked
                    </span>
                  )}
                </td>
                <td>
                  <div className="row-actions">
                    {k.revokedAt === null && (
                      <button type="button" className="danger" disabled={!online} onClick={() => setRevoking(k)} aria-label={`Revoke ${k.name}`}>
                        Revoke…
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {creating && (
        <PromptDialog
          title="Create API key"
          description="Name it after the program that will use it. Its secret is shown once, next."
          fields={[{ name: 'name', label: 'Name', required: true, hint: 'Also the default “decided by” of the runs it starts.' }]}
          submitLabel="Create key"
          onSubmit={async (values) => {
            const key = await ok(api.POST('/api-keys', { body: { name: values.name! } }));
            setCreating(false);
            setCreated(key);
            await keys.reload();
          }}
          onClose={() => setCreating(false)}
        />
      )}

      {created !== null && (
        <SecretDialog
          title={`API key “${created.name}” created`}
          usage="Send it as the header Authorization: Bearer <key>."
          secret={created.secret}
          onClose={() => setCreated(null)}
        />
      )}

      {revoking !== null && (
        <PromptDialog
          title={`Revoke “${revoking.name}”?`}
          description="Every call made with it is refused from now on, at once. This cannot be undone; the key stays listed as revoked."
          fields={[]}
          submitLabel="Revoke key"
          onSubmit={async () => {
            await ok(api.DELETE('/api-keys/{id}', { params: { path: { id: revoking.id } } }));
            setRevoking(null);
            notify(`Revoked the API key “${revoking.name}”.`);
            await keys.reload();
          }}
          onClose={() => setRevoking(null)}
        />
      )}
    </AdminPage>
  );
}
