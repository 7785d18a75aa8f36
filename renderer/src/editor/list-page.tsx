import { useEffect, useState } from 'react';
import type { ExpectedDocList } from '@portal/shared';
import { messageOf, ok } from '@portal/shared/client';
import { versionKey } from '@portal/shared/sync';
import { listParams } from '../api/list-params';
import { useLibraryDefaults, useListVersions } from '../data/use-local';
import { useApp } from '../shell/app-context';
import { linkTo, navigate } from '../shell/router';
import { DefaultBadge, SourceBadge, StatusBadge } from '../ui/status-badge';
import { DraftEditor } from './draft-editor';

export interface ListPageProps {
  source: 'own' | 'official';
  id: string;
  version: number;
}

/**
 * One list version: the collaborative editor for an own draft, a read-only view otherwise. The
 * version comes from the local copy; one just created elsewhere may not have arrived yet, so the
 * server is asked directly before saying it does not exist.
 */
export function ListPage({ source, id, version }: ListPageProps) {
  const { api } = useApp();
  const versions = useListVersions();
  const local = versions?.find((v) => versionKey(v.source, v.id, v.version) === versionKey(source, id, version));
  const [fetched, setFetched] = useState<{ key: string; list: ExpectedDocList | null; error: string | null } | null>(null);
  const key = versionKey(source, id, version);

  useEffect(() => {
    if (versions === undefined || local !== undefined || fetched?.key === key) return;
    let live = true;
    ok(api.GET('/expected-doc-lists/{expectedDocListId}/{version}', { params: listParams(id, version, source) })).then(
      (list) => live && setFetched({ key, list, error: null }),
      (e: unknown) => live && setFetched({ key, list: null, error: messageOf(e) }),
    );
    return () => {
      live = false;
    };
  }, [api, versions, local, fetched, key, id, version, source]);

  const list = local ?? (fetched?.key === key ? fetched.list : null);
  if (list === null) {
    if (versions === undefined || fetched?.key !== key) return <p className="muted">Opening the list…</p>;
    return (
      <div className="page">
        <h1>List not found</h1>
        <p className="error" role="alert">
          {fetched.error}
        </p>
        <p>
          <a {...linkTo({ page: 'library' })}>Back to the library</a>
        </p>
      </div>
    );
  }
  if (list.source === 'own' && list.status === 'draft') return <DraftEditor key={key} listId={id} version={version} meta={list} />;
  return <ReadOnlyList list={list} />;
}

function ReadOnlyList({ list }: { list: ExpectedDocList }) {
  const { api, notify } = useApp();
  // Replicated versions do not carry the flag; the organization's default is its own document.
  const defaults = useLibraryDefaults()?.get('expected-doc-list');
  const isDefault = defaults?.targetId === list.id && defaults.targetSource === list.source;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const makeDraft = async () => {
    setBusy(true);
    setError(null);
    try {
      const ref = await ok(api.POST('/expected-doc-lists/{expectedDocListId}/{version}/new-version', { params: listParams(list.id, list.version, list.source) }));
      notify(list.source === 'official' ? `Made your own copy of “${list.name}”.` : `Made version ${ref.version}.`);
      navigate({ page: 'list', source: 'own', id: ref.id, version: ref.version });
    } catch (e) {
      setError(messageOf(e));
      setBusy(false);
    }
  };
  return (
    <div className="page">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <a {...linkTo({ page: 'library' })}>Library</a> <span aria-hidden="true">›</span> <span>{list.name}</span>
      </nav>
      <header className="page-header">
        <div>
          <h1>
            {list.name} <span className="muted version">v{list.version}</span>
          </h1>
          <div className="badges">
            <StatusBadge status={list.status} />
            <SourceBadge source={list.source} />
            {isDefault && <DefaultBadge />}
          </div>
        </div>
        <div className="toolbar">
          <button type="button" className="primary" onClick={() => void makeDraft()} disabled={busy}>
            {list.source === 'official' ? 'Make my own copy' : 'New version to edit'}
          </button>
        </div>
      </header>
      <p className="notice">
        {list.source === 'official'
          ? 'An official template: read-only. Make your own copy to change it.'
          : `This version is ${list.status} and never changes; a new version starts as a draft copy of it.`}
      </p>
      {error !== null && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {list.description && <p>{list.description}</p>}
      {list.sections.map((s) => (
        <section key={s.id} className="section-card" aria-label={`Section ${s.name}`}>
          <h2 className="section-title-static">{s.name}</h2>
          {s.note && <p className="muted">{s.note}</p>}
          <ReadOnlyLines lines={s.lines} />
          {s.subsections.map((u) => (
            <div key={u.id} className="subsection" role="group" aria-label={`Subsection ${u.name}`}>
              <h3>{u.name}</h3>
              <ReadOnlyLines lines={u.lines} />
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}

function ReadOnlyLines({ lines }: { lines: ExpectedDocList['sections'][number]['lines'] }) {
  if (lines.length === 0) return <p className="muted small">No documents.</p>;
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">Document</th>
          <th scope="col">Requirement</th>
          <th scope="col">How many</th>
          <th scope="col">Note</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={l.id}>
            <th scope="row">
              {l.name} <span className="muted small mono">{l.docType}</span>
            </th>
            <td>{l.requirement === 'required' ? 'Required' : 'Optional'}</td>
            <td>{l.maxCount === null ? `${l.minCount} or more` : l.minCount === l.maxCount ? l.minCount : `${l.minCount}–${l.maxCount}`}</td>
            <td>{l.note}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
