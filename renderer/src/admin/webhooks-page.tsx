import { useId, useState } from 'react';
import { LEDGER_ACTION_NAMES, LEDGER_ACTIONS, type LedgerActionName, type WebhookDelivery, type WebhookEndpoint, type WebhookTestResult } from '@portal/shared';
import { messageOf, ok } from '@portal/shared/client';
import { useApp } from '../shell/app-context';
import { PromptDialog } from '../ui/prompt-dialog';
import { AdminPage, formatWhen, useOnline, useServerData } from './admin-common';
import { FormDialog } from './form-dialog';
import { SecretDialog } from './secret-dialog';
import { ErrorAlert } from '../ui/error-alert';

const STATUS_BADGE: Record<WebhookDelivery['status'], string> = {
  pending: 'badge-draft',
  succeeded: 'badge-active',
  failed: 'badge-invalid',
  cancelled: 'badge-superseded',
};

const STATUS_LABEL: Record<WebhookDelivery['status'], string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** The first sentence of a ledger action's description: enough for a checkbox's tooltip. */
const actionHint = (name: LedgerActionName) => LEDGER_ACTIONS[name].split(/(?<=\.)\s/)[0];

export function DeliveryStatus({ status }: { status: WebhookDelivery['status'] }) {
  return <span className={`badge ${STATUS_BADGE[status]}`}>{STATUS_LABEL[status]}</span>;
}

type Secret = { title: string; secret: string };

/**
 * Webhook endpoints: where the organization's ledger events are POSTed, signed. Add one (its
 * signing secret shown once), send a test, read its deliveries, reactivate one a receiver turned
 * off with a 410, rotate its secret, remove it.
 */
export function AdminWebhooksPage() {
  const { api, notify } = useApp();
  const online = useOnline();
  const endpoints = useServerData(() => ok(api.GET('/webhooks')));
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<Secret | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const list = endpoints.data;

  return (
    <AdminPage
      title="Webhooks"
      right="webhooks.manage"
      description="Every ledger row your cases write can be POSTed to a receiver of yours, signed per Standard Webhooks. Nothing from before an endpoint was added is sent."
      actions={
        <button type="button" className="primary" onClick={() => setCreating(true)} disabled={!online}>
          Add endpoint
        </button>
      }
    >
      <ErrorAlert error={endpoints.error} />
      {list === undefined ? (
        <p className="muted">{endpoints.error === null ? 'Asking the server…' : ''}</p>
      ) : list.length === 0 ? (
        <div className="empty">
          <p>
            <strong>No webhook endpoints.</strong>
          </p>
          <p className="muted">Webhooks are off until an endpoint is added. Polling the API works without them.</p>
        </div>
      ) : (
        <ul className="cards" aria-label="Webhook endpoints">
          {list.map((e) => (
            <EndpointCard
              key={e.id}
              endpoint={e}
              online={online}
              onChanged={() => void endpoints.reload()}
              onDelete={() => setDeleting(e)}
              onRotate={() => setRotating(e)}
            />
          ))}
        </ul>
      )}

      {creating && (
        <AddEndpointDialog
          onClose={() => setCreating(false)}
          onSubmit={async (body) => {
            const created = await ok(api.POST('/webhooks', { body }));
            setCreating(false);
            setSecret({ title: `Endpoint added: ${created.url}`, secret: created.secret });
            await endpoints.reload();
          }}
        />
      )}

      {secret !== null && (
        <SecretDialog
          title={secret.title}
          usage="The signing secret: verify each delivery's webhook-signature header with it (HMAC-SHA256 over id.timestamp.body)."
          secret={secret.secret}
          onClose={() => setSecret(null)}
        />
      )}

      {rotating !== null && (
        <PromptDialog
          title="Rotate the signing secret?"
          description={`A new secret for ${rotating.url}. The current one keeps signing next to it for 24 hours, so the receiver can switch over without dropping a delivery.`}
          fields={[]}
          submitLabel="Rotate secret"
          onSubmit={async () => {
            const rotation = await ok(api.POST('/webhooks/{id}/rotate-secret', { params: { path: { id: rotating.id } } }));
            setRotating(null);
            setSecret({ title: `New signing secret for ${rotating.url}`, secret: rotation.secret });
            await endpoints.reload();
          }}
          onClose={() => setRotating(null)}
        />
      )}

      {deleting !== null && (
        <PromptDialog
          title="Remove this endpoint?"
          description={`Nothing more is sent to ${deleting.url}, and its delivery history is removed with it.`}
          fields={[]}
          submitLabel="Remove endpoint"
          onSubmit={async () => {
            await ok(api.DELETE('/webhooks/{id}', { params: { path: { id: deleting.id } } }));
            setDeleting(null);
            notify(`Removed the webhook endpoint ${deleting.url}.`);
            await endpoints.reload();
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </AdminPage>
  );
}

interface EndpointCardProps {
  endpoint: WebhookEndpoint;
  online: boolean;
  onChanged(): void;
  onDelete(): void;
  onRotate(): void;
}

function EndpointCard({ endpoint: e, online, onChanged, onDelete, onRotate }: EndpointCardProps) {
  const { api, notify } = useApp();
  const titleId = useId();
  const [showDeliveries, setShowDeliveries] = useState(false);
  const [testing, setTesting] = useState(false);
  const [test, setTest] = useState<WebhookTestResult | null>(null);
  const [reactivating, setReactivating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const deliveries = useServerData(() => ok(api.GET('/webhooks/{id}/deliveries', { params: { path: { id: e.id }, query: { limit: 50 } } })), showDeliveries);
  const latest = e.latestDelivery;

  const sendTest = async () => {
    setError(null);
    setTest(null);
    setTesting(true);
    try {
      setTest(await ok(api.POST('/webhooks/{id}/test', { params: { path: { id: e.id } } })));
      onChanged();
      if (showDeliveries) await deliveries.reload();
    } catch (err) {
      setError(`Could not send a test: ${messageOf(err)}`);
    } finally {
      setTesting(false);
    }
  };

  const reactivate = async () => {
    setError(null);
    setReactivating(true);
    try {
      await ok(api.POST('/webhooks/{id}/reactivate', { params: { path: { id: e.id } } }));
      notify(`Reactivated ${e.url}: new events are sent to it again.`);
      onChanged();
    } catch (err) {
      setError(`Could not reactivate: ${messageOf(err)}`);
    } finally {
      setReactivating(false);
    }
  };

  return (
    <li className="card webhook-card" aria-labelledby={titleId}>
      <div className="card-header">
        <div>
          <h2 id={titleId} className="card-title mono webhook-url">
            {e.url}
          </h2>
          <p className="muted small">
            Added {formatWhen(e.createdAt)}
            {e.previousSecretExpiresAt !== null && ` · previous secret also signs until ${formatWhen(e.previousSecretExpiresAt)}`}
          </p>
        </div>
        {e.active ? <span className="badge badge-active">Active</span> : <span className="badge badge-invalid">Deactivated</span>}
      </div>
      {!e.active && (
        <p className="warning">
          Deactivated {formatWhen(e.deactivatedAt)}
          {e.deactivatedReason !== null && `: ${e.deactivatedReason}`}. Nothing is sent to it until it is reactivated.
        </p>
      )}
      <div className="webhook-events">
        <span className="muted small">Events:</span>{' '}
        {e.events.length === 0 ? (
          <span className="small">every event</span>
        ) : (
          <ul className="chips webhook-chips" aria-label="Events sent">
            {e.events.map((name) => (
              <li key={name} className="chip mono" title={actionHint(name)}>
                {name}
              </li>
            ))}
          </ul>
        )}
      </div>
      <p className="small webhook-latest" aria-label="Latest delivery">
        <span className="muted">Latest delivery:</span>{' '}
        {latest === null ? (
          <span className="muted">none yet</span>
        ) : (
          <>
            <DeliveryStatus status={latest.status} /> <span className="mono">{latest.type}</span> · {latest.attempts} attempt
            {latest.attempts === 1 ? '' : 's'}
            {latest.lastStatusCode !== null && ` · HTTP ${latest.lastStatusCode}`} · {formatWhen(latest.lastAttemptAt ?? latest.createdAt)}
          </>
        )}
      </p>
      {test !== null && (
        <p className={test.delivered ? 'notice' : 'error'} role="status" aria-label="Test result">
          {test.delivered ? 'Test delivered' : 'Test not delivered'}
          {test.statusCode !== null ? `: the receiver answered HTTP ${test.statusCode}` : ''} in {test.durationMs} ms
          {/* With a status code the error only repeats it; without one it says why (refused, timed out…). */}
          {test.statusCode === null && test.error !== null && ` (${test.error})`}
          {test.deactivated && '. 410 means “gone”: the endpoint is now deactivated.'}
        </p>
      )}
      <ErrorAlert error={error} />
      <div className="card-actions">
        <button type="button" onClick={() => void sendTest()} disabled={!online || testing}>
          {testing ? 'Sending…' : 'Send test'}
        </button>
        <button type="button" onClick={() => setShowDeliveries(!showDeliveries)} aria-expanded={showDeliveries}>
          {showDeliveries ? 'Hide deliveries' : 'Deliveries'}
        </button>
        {!e.active && (
          <button type="button" onClick={() => void reactivate()} disabled={!online || reactivating}>
            {reactivating ? 'Reactivating…' : 'Reactivate'}
          </button>
        )}
        <button type="button" onClick={onRotate} disabled={!online}>
          Rotate secret…
        </button>
        <button type="button" className="danger" onClick={onDelete} disabled={!online}>
          Remove…
        </button>
      </div>
      {showDeliveries && (
        <section className="webhook-deliveries" aria-label={`Deliveries to ${e.url}`}>
          <div className="panel-header">
            <h3 className="gate-subtitle">Deliveries, newest first</h3>
            <button type="button" onClick={() => void deliveries.reload()} disabled={!online || deliveries.loading}>
              Refresh
            </button>
          </div>
          <ErrorAlert error={deliveries.error} />
          {deliveries.data === undefined ? (
            <p className="muted small">{deliveries.error === null ? 'Asking the server…' : ''}</p>
          ) : deliveries.data.length === 0 ? (
            <p className="muted small">Nothing was sent to this endpoint yet.</p>
          ) : (
            <DeliveriesTable deliveries={deliveries.data} />
          )}
        </section>
      )}
    </li>
  );
}

function DeliveriesTable({ deliveries }: { deliveries: WebhookDelivery[] }) {
  return (
    <table className="table admin-table deliveries-table" aria-label="Deliveries">
      <thead>
        <tr>
          <th scope="col">Event</th>
          <th scope="col">Status</th>
          <th scope="col">Attempts</th>
          <th scope="col">Response</th>
          <th scope="col">Last attempt</th>
          <th scope="col">Notes</th>
        </tr>
      </thead>
      <tbody>
        {deliveries.map((d) => (
          <tr key={d.id}>
            <th scope="row">
              <span className="mono">{d.type}</span>
              {d.origin !== 'event' && <span className="muted small"> ({d.origin})</span>}
              {d.applicationId !== null && <div className="muted small mono">{d.applicationId}</div>}
            </th>
            <td>
              <DeliveryStatus status={d.status} />
            </td>
            <td>{d.attempts}</td>
            <td>{d.lastStatusCode === null ? <span className="muted">—</span> : `HTTP ${d.lastStatusCode}`}</td>
            <td className="small">
              {formatWhen(d.lastAttemptAt)}
              {d.lastDurationMs !== null && <span className="muted"> · {d.lastDurationMs} ms</span>}
            </td>
            <td className="small">
              {d.lastError ?? ''}
              {d.status === 'pending' && d.nextAttemptAt !== null && <span className="muted"> Next attempt {formatWhen(d.nextAttemptAt)}.</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AddEndpointDialog({ onSubmit, onClose }: { onSubmit(body: { url: string; events: LedgerActionName[] }): Promise<void>; onClose(): void }) {
  const base = useId();
  const [url, setUrl] = useState('https://');
  const [which, setWhich] = useState<'all' | 'some'>('all');
  const [events, setEvents] = useState<LedgerActionName[]>([]);

  const toggle = (name: LedgerActionName, on: boolean) => setEvents(on ? [...events, name] : events.filter((n) => n !== name));

  return (
    <FormDialog
      title="Add webhook endpoint"
      description="Its signing secret is shown once, next."
      submitLabel="Add endpoint"
      onClose={onClose}
      onSubmit={async () => {
        if (which === 'some' && events.length === 0) throw new Error('Pick at least one event, or choose every event.');
        await onSubmit({ url: url.trim(), events: which === 'all' ? [] : LEDGER_ACTION_NAMES.filter((n) => events.includes(n)) });
      }}
    >
      {(busy) => (
        <>
          <div className="field">
            <label htmlFor={`${base}-url`}>URL</label>
            <input id={`${base}-url`} type="url" required autoFocus value={url} onChange={(e) => setUrl(e.target.value)} disabled={busy} />
            <p className="hint">An http(s) address that answers 2xx within 15 seconds. Failed deliveries are retried for about 13 hours.</p>
          </div>
          <fieldset className="field admin-choice">
            <legend>Events</legend>
            <label>
              <input type="radio" name={`${base}-which`} checked={which === 'all'} onChange={() => setWhich('all')} disabled={busy} /> Every event
            </label>
            <label>
              <input type="radio" name={`${base}-which`} checked={which === 'some'} onChange={() => setWhich('some')} disabled={busy} /> Only these:
            </label>
            {which === 'some' && (
              <ul className="event-picker" aria-label="Events to send">
                {LEDGER_ACTION_NAMES.map((name) => (
                  <li key={name}>
                    <label title={actionHint(name)}>
                      <input type="checkbox" checked={events.includes(name)} onChange={(ev) => toggle(name, ev.target.checked)} disabled={busy} />{' '}
                      <span className="mono">{name}</span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
          </fieldset>
        </>
      )}
    </FormDialog>
  );
}
