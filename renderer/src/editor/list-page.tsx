import { unpublishedCopyOf, type ExpectedDocList } from '@portal/shared';
import { ok } from '@portal/shared/client';
import { versionKey } from '@portal/shared/sync';
import { listParams } from '../api/list-params';
import { useLibraryDefaults, useListVersions } from '../data/use-local';
import { useApp } from '../shell/app-context';
import { linkTo, navigate } from '../shell/router';
import { makeOwnListCopy } from '../library/own-copy';
import { DefaultBadge } from '../ui/status-badge';
import { DraftEditor, LIBRARY } from './draft-editor';
import { useCanEdit, useOnline, useOperation, OpenVersion, VersionView } from './kit';


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
  const key = versionKey(source, id, version);
  return (
    <OpenVersion
      what="list"
      back={LIBRARY}
      versionKey={key}
      onDevice={useListVersions()}
      keyOf={(v) => versionKey(v.source, v.id, v.version)}
      fromServer={() => ok(api.GET('/expected-doc-lists/{expectedDocListId}/{version}', { params: listParams(id, version, source) }))}
    >
      {(list) => (list.source === 'own' && list.status === 'draft' ? <DraftEditor key={key} listId={id} version={version} meta={list} /> : <ReadOnlyList list={list} />)}
    </OpenVersion>
  );
}

function ReadOnlyList({ list }: { list: ExpectedDocList }) {
  const { api, notify } = useApp();
  const online = useOnline();
  const canEdit = useCanEdit();
  const op = useOperation();
  const versions = useListVersions();
  // Replicated versions do not carry the flag; the organization's default is its own document.
  const defaults = useLibraryDefaults()?.get('expected-doc-list');
  const isDefault = defaults?.targetId === list.id && defaults.targetSource === list.source;
  // An official list the organization has copied already: its page leads to the copy, not to a second one.
  const draftCopy = list.source === 'official' ? unpublishedCopyOf(versions ?? [], list.id) : undefined;
  const newVersion = () =>
    op.run('new', async () => {
      if (list.source === 'official') {
        const copy = await makeOwnListCopy(api, list.id, list.version);
        notify(copy.made ? `Made your own copy of “${list.name}”. New cases use the official list until you activate it.` : `You already have a copy of “${list.name}”: here it is.`);
        navigate({ page: 'list', source: 'own', id: copy.id, version: copy.version });
        return;
      }
      const ref = await ok(api.POST('/expected-doc-lists/{expectedDocListId}/{version}/new-version', { params: listParams(list.id, list.version, list.source) }));
      notify(`Made version ${ref.version}.`);
      navigate({ page: 'list', source: 'own', id: ref.id, version: ref.version });
    });
  return (
    <VersionView
      back={LIBRARY}
      shown={list}
      familyId={list.id}
      badges={isDefault ? <DefaultBadge /> : undefined}
      noun="list"
      canEdit={canEdit}
      online={online}
      op={op}
      onNewVersion={() => void newVersion()}
      offerNewVersion={draftCopy === undefined}
      actions={
        draftCopy !== undefined && (
          <a className="button primary" {...linkTo({ page: 'list', source: 'own', id: draftCopy.id, version: draftCopy.version })}>
            Open my copy (draft v{draftCopy.version})
          </a>
        )
      }
      notice={
        draftCopy !== undefined ? (
          <p className="notice" role="note">
            Official content: read-only. You have a copy of this list, version {draftCopy.version}, a draft. New cases use this official list until you activate your copy.
          </p>
        ) : undefined
      }
    >
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
    </VersionView>
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
