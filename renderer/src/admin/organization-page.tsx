import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { messageOf, ok } from '@portal/shared/client';
import { useListVersions, useMarkedChain, withoutShadowed } from '../data/use-local';
import { useApp } from '../shell/app-context';
import { AdminPage, formatWhen, useOnline, useServerData } from './admin-common';
import { ErrorAlert } from '../ui/error-alert';

/**
 * The organization's own settings: its name, and the official document catalogue it works from
 * (the "marked" catalogue, whose chain down to `generic` gives every document type the library
 * offers). Read from the server; the header and the library follow by sync once saved.
 */
export function AdminOrganizationPage() {
  const { api, local, notify } = useApp();
  const online = useOnline();
  const organization = useServerData(() => ok(api.GET('/organization')));
  const org = organization.data;
  const lists = useListVersions();
  const chain = useMarkedChain();
  const nameId = useId();
  const catalogId = useId();

  // What the server accepts to mark: official document catalogues with an active version.
  const catalogs = useMemo(() => {
    const byId = new Map<string, { id: string; name: string; version: number }>();
    for (const l of withoutShadowed(lists ?? [])) {
      if (l.kind !== 'docTypeCatalogOfficial' || l.source !== 'official' || l.status !== 'active') continue;
      const seen = byId.get(l.id);
      if (seen === undefined || seen.version < l.version) byId.set(l.id, { id: l.id, name: l.name, version: l.version });
    }
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
  }, [lists]);

  const [name, setName] = useState('');
  const [marked, setMarked] = useState('');
  const [saving, setSaving] = useState<'name' | 'catalog' | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The forms start from what the server holds, and again after each save.
  useEffect(() => {
    if (org === undefined) return;
    setName(org.name);
    setMarked(org.markedDocTypeCatalog);
  }, [org]);

  const save = async (what: 'name' | 'catalog', event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSaving(what);
    try {
      const saved =
        what === 'name'
          ? await ok(api.PATCH('/organization', { body: { name } }))
          : await ok(api.PUT('/organization/marked-doc-type-catalog', { body: { catalogId: marked } }));
      // The header's name and the library's document types come from the replicated copy.
      local.refresh('organization');
      const catalogName = catalogs.find((c) => c.id === saved.markedDocTypeCatalog)?.name ?? saved.markedDocTypeCatalog;
      notify(what === 'name' ? `Renamed the organization to “${saved.name}”.` : `Your organization now works from “${catalogName}”.`);
      await organization.reload();
    } catch (e) {
      setError(`Could not save: ${messageOf(e)}`);
    } finally {
      setSaving(null);
    }
  };

  const busy = !online || saving !== null;
  return (
    <AdminPage title="Organization" right="organization.manage" description="Your organization’s name and the document catalogue it works from.">
      <ErrorAlert error={error ?? organization.error} />
      {org === undefined ? (
        <p className="muted">{organization.error === null ? 'Asking the server…' : ''}</p>
      ) : (
        <>
          <section className="panel" aria-labelledby={`${nameId}-title`}>
            <h2 id={`${nameId}-title`} className="panel-title">
              Name
            </h2>
            <form className="inline-form admin-inline" onSubmit={(e) => void save('name', e)}>
              <label htmlFor={nameId}>Organization name</label>
              <input id={nameId} required minLength={2} maxLength={120} value={name} onChange={(e) => setName(e.target.value)} disabled={busy} />
              <button type="submit" className="primary" disabled={busy || name.trim() === org.name}>
                {saving === 'name' ? 'Saving…' : 'Rename'}
              </button>
            </form>
            <dl className="facts">
              <dt>Id</dt>
              <dd className="mono">{org.id}</dd>
              <dt>Created</dt>
              <dd>{formatWhen(org.createdAt)}</dd>
              {org.isOfficial && (
                <>
                  <dt>Official</dt>
                  <dd>This organization publishes the official content.</dd>
                </>
              )}
              {org.expiresAt !== null && (
                <>
                  <dt>{org.sandbox ? 'Guest sandbox' : 'Instant account'}</dt>
                  <dd>
                    Deleted with everything in it on {formatWhen(org.expiresAt)}
                    {org.instant && ', unless a Manager adds an email to their account (Users)'}.
                  </dd>
                </>
              )}
            </dl>
            <p className="hint">The id never changes, so integrations keep working after a rename.</p>
          </section>

          <section className="panel" aria-labelledby={`${catalogId}-title`}>
            <h2 id={`${catalogId}-title`} className="panel-title">
              Marked document catalogue
            </h2>
            <p className="muted">
              The official catalogue your organization works from. Its chain down to <span className="mono">generic</span>, with your own
              custom documents on top, gives the document types your lists, bundles and schemas can use; a more specific catalogue adds types
              and wins where both define one.
            </p>
            <form className="inline-form admin-inline" onSubmit={(e) => void save('catalog', e)}>
              <label htmlFor={catalogId}>Catalogue</label>
              <select id={catalogId} value={marked} onChange={(e) => setMarked(e.target.value)} disabled={busy}>
                {/* The server may know one this device has not synced yet: keep it choosable. */}
                {!catalogs.some((c) => c.id === org.markedDocTypeCatalog) && <option value={org.markedDocTypeCatalog}>{org.markedDocTypeCatalog}</option>}
                {catalogs.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name} ({c.id}, v{c.version})
                  </option>
                ))}
              </select>
              <button type="submit" className="primary" disabled={busy || marked === org.markedDocTypeCatalog}>
                {saving === 'catalog' ? 'Saving…' : 'Use this catalogue'}
              </button>
            </form>
            {chain !== undefined && chain.marked === org.markedDocTypeCatalog && (
              <p className="small" aria-label="Marked chain">
                <span className="muted">Chain now: </span>
                {chain.layers.map((l) => `${l.name} v${l.version}`).join(' → ')} · {chain.documentTypes.length} document types
              </p>
            )}
          </section>
        </>
      )}
    </AdminPage>
  );
}
