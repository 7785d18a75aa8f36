import { useMemo, useState } from 'react';
import type { ExpectedDocList } from '@portal/shared';
import { ok } from '@portal/shared/client';
import { listParams } from '../api/list-params';
import { groupVersions, isListKind, type LibraryGroup } from '../data/library-groups';
import { useLibraryDefaults, useListVersions, withoutShadowed } from '../data/use-local';
import { ProblemsPanel, splitProblems, useCanEdit, useOperation } from '../editor/kit';
import { useApp } from '../shell/app-context';
import { linkTo, navigate } from '../shell/router';
import { PromptDialog, type PromptDialogProps } from '../ui/prompt-dialog';
import { makeOwnListCopy } from './own-copy';
import { DefaultBadge, SourceBadge, StatusBadge } from '../ui/status-badge';

type Group = LibraryGroup<ExpectedDocList>;
type Dialog = Omit<PromptDialogProps, 'onClose'>;

/**
 * The organization's expected document lists, one card per list with its versions, read from the
 * local copy (so it works offline); changes go through the REST API and come back by sync.
 */
export function LibraryPage() {
  const { api, notify, local } = useApp();
  const versions = useListVersions();
  const defaults = useLibraryDefaults();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const op = useOperation();
  const { run, busy } = op;
  const canEdit = useCanEdit();

  const groups = useMemo(
    () => (versions === undefined ? undefined : groupVersions(withoutShadowed(versions.filter(isListKind)), defaults?.get('expected-doc-list'))),
    [versions, defaults],
  );
  const own = groups?.filter((g) => g.source === 'own') ?? [];
  const official = groups?.filter((g) => g.source === 'official') ?? [];
  // An own list beside an official one of its id is a copy not in use yet (no active version):
  // each card says so, and the official one leads to the copy rather than making another.
  const ownById = new Map(own.map((g) => [g.id, g]));
  const officialById = new Map(official.map((g) => [g.id, g]));

  const openDraft = (ref: { id: string; version: number }) => navigate({ page: 'list', source: 'own', id: ref.id, version: ref.version });

  const createList = () =>
    setDialog({
      title: 'New list',
      description: 'Creates version 1 as a draft. Its id is made from the name and never changes.',
      fields: [
        { name: 'name', label: 'Name', required: true },
        { name: 'description', label: 'Description', multiline: true },
      ],
      submitLabel: 'Create list',
      onSubmit: async ({ name = '', description = '' }) => {
        const ref = await ok(api.POST('/expected-doc-lists', { body: { name, ...(description.trim() ? { description } : {}) } }));
        setDialog(null);
        notify(`Created “${ref.name}”.`);
        openDraft(ref);
      },
    });

  const actions = {
    newVersion: (g: Group) =>
      run(`${g.key}:new`, async () => {
        const latest = g.versions[0]!;
        if (g.source === 'official') {
          const copy = await makeOwnListCopy(api, g.id, latest.version);
          notify(copy.made ? `Made your own copy of “${g.name}”. New cases use the official list until you activate it.` : `You already have a copy of “${g.name}”: here it is.`);
          openDraft(copy);
          return;
        }
        const ref = await ok(api.POST('/expected-doc-lists/{expectedDocListId}/{version}/new-version', { params: listParams(g.id, latest.version, g.source) }));
        notify(`Made version ${ref.version} of “${ref.name}”.`);
        openDraft(ref);
      }),
    rename: (g: Group) =>
      setDialog({
        title: `Rename “${g.name}”`,
        description: 'Makes the next version, a draft, under the new name. Earlier versions keep theirs; the id stays.',
        fields: [{ name: 'name', label: 'New name', initial: g.name, required: true }],
        submitLabel: 'Rename as new version',
        onSubmit: async ({ name = '' }) => {
          const ref = await ok(
            api.POST('/expected-doc-lists/{expectedDocListId}/{version}/rename-as-new-version', { params: listParams(g.id, g.versions[0]!.version, g.source), body: { name } }),
          );
          setDialog(null);
          notify(`Made version ${ref.version}, named “${ref.name}”.`);
          openDraft(ref);
        },
      }),
    duplicate: (g: Group, v: ExpectedDocList) =>
      setDialog({
        title: `Duplicate “${v.name}” v${v.version}`,
        description: 'Copies this version into a new list of your own, version 1, a draft.',
        fields: [{ name: 'name', label: 'Name of the new list', initial: `${v.name} (copy)`, required: true }],
        submitLabel: 'Duplicate',
        onSubmit: async ({ name = '' }) => {
          const ref = await ok(api.POST('/expected-doc-lists/{expectedDocListId}/{version}/duplicate', { params: listParams(g.id, v.version, g.source), body: { name } }));
          setDialog(null);
          notify(`Created “${ref.name}”.`);
          openDraft(ref);
        },
      }),
    activate: (g: Group, v: ExpectedDocList) =>
      run(`${g.key}:${v.version}:activate`, async () => {
        await ok(api.POST('/expected-doc-lists/{expectedDocListId}/{version}/activate', { params: listParams(g.id, v.version, g.source) }));
        notify(`Version ${v.version} of “${v.name}” is now active.`);
      }),
    setDefault: (g: Group, v: ExpectedDocList) =>
      run(`${g.key}:${v.version}:default`, async () => {
        await ok(api.POST('/expected-doc-lists/{expectedDocListId}/{version}/set-default', { params: listParams(g.id, v.version, g.source) }));
        local.refresh('library-defaults');
        notify(`“${v.name}” is now your organization’s default list.`);
      }),
  };

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>Library</h1>
          <p className="muted">Expected document lists: what a case must contain. Drafts are edited together, live.</p>
        </div>
        {canEdit && (
          <button type="button" className="primary" onClick={createList}>
            New list
          </button>
        )}
      </header>

      {op.error !== null && <ProblemsPanel title="The server refused this" problems={splitProblems(op.error)} />}

      {groups === undefined ? (
        <p className="muted">Opening the library…</p>
      ) : (
        <>
          <section aria-labelledby="own-lists">
            <h2 id="own-lists" className="section-title">
              Your lists
            </h2>
            {own.length === 0 ? (
              <div className="empty">
                <p>
                  <strong>No lists of your own yet.</strong>
                </p>
                <p className="muted">Start with “New list”, or make your own copy of an official template below.</p>
              </div>
            ) : (
              <ul className="cards">
                {own.map((g) => (
                  <ListCard key={g.key} group={g} busy={busy} actions={actions} canEdit={canEdit} officialInUse={officialById.get(g.id)} />
                ))}
              </ul>
            )}
          </section>

          {official.length > 0 && (
            <section aria-labelledby="official-lists">
              <h2 id="official-lists" className="section-title">
                Official templates
              </h2>
              <ul className="cards">
                {official.map((g) => (
                  <ListCard key={g.key} group={g} busy={busy} actions={actions} canEdit={canEdit} draftCopy={ownById.get(g.id)} />
                ))}
              </ul>
            </section>
          )}
        </>
      )}

      {dialog !== null && <PromptDialog {...dialog} onClose={() => setDialog(null)} />}
    </div>
  );
}

interface CardActions {
  newVersion(g: Group): Promise<boolean>;
  rename(g: Group): void;
  duplicate(g: Group, v: ExpectedDocList): void;
  activate(g: Group, v: ExpectedDocList): Promise<boolean>;
  setDefault(g: Group, v: ExpectedDocList): Promise<boolean>;
}

function ListCard({
  group,
  busy,
  actions,
  canEdit,
  draftCopy,
  officialInUse,
}: {
  group: Group;
  busy: string | null;
  actions: CardActions;
  canEdit: boolean;
  /** On an official card: the organization's own copy of it, not activated yet. */
  draftCopy?: Group | undefined;
  /** On an own card: the official list of its id, still the one new cases use (this copy has no active version). */
  officialInUse?: Group | undefined;
}) {
  const latest = group.versions[0]!;
  const titleId = `list-${group.key}`;
  const copyDraft = draftCopy?.versions[0];
  return (
    <li className="card" aria-labelledby={titleId}>
      <div className="card-header">
        <div>
          <h3 id={titleId} className="card-title">
            {group.name}
          </h3>
          <p className="muted small mono">{group.id}</p>
        </div>
        <div className="badges">
          <SourceBadge source={group.source} />
          {group.isDefault && <DefaultBadge />}
        </div>
      </div>
      {latest.description && <p className="card-description">{latest.description}</p>}
      {copyDraft !== undefined && (
        <p className="card-note" role="note">
          You have a copy of this list, version {copyDraft.version}, a {copyDraft.status}. New cases use this official list until you activate your copy.
        </p>
      )}
      {officialInUse !== undefined && (
        <p className="card-note" role="note">
          Your copy of the official “{officialInUse.name}”. New cases use the official list until you activate a version of this one.
        </p>
      )}
      <table className="versions">
        <caption className="visually-hidden">Versions of {group.name}</caption>
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Status</th>
            <th scope="col">Lines</th>
            <th scope="col">Updated</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {group.versions.map((v) => (
            <tr key={v.version}>
              <th scope="row">
                <a {...linkTo({ page: 'list', source: group.source, id: group.id, version: v.version })}>
                  v{v.version}
                  {v.name !== group.name && <span className="muted"> · {v.name}</span>}
                </a>
              </th>
              <td>
                <StatusBadge status={v.status} />
              </td>
              <td>{v.sections.reduce((n, s) => n + s.lines.length + s.subsections.reduce((m, u) => m + u.lines.length, 0), 0)}</td>
              <td className="muted small">{new Date(v.updatedAt).toLocaleDateString()}</td>
              <td className="row-actions">
                {canEdit && group.source === 'own' && v.status === 'draft' && (
                  <>
                    <a className="button" {...linkTo({ page: 'list', source: 'own', id: group.id, version: v.version })}>
                      Edit
                    </a>
                    <button type="button" onClick={() => void actions.activate(group, v)} disabled={busy !== null}>
                      Activate
                    </button>
                  </>
                )}
                {canEdit && v.status === 'active' && !group.isDefault && (
                  <button type="button" onClick={() => void actions.setDefault(group, v)} disabled={busy !== null}>
                    Set as default
                  </button>
                )}
                {canEdit && (
                  <button type="button" onClick={() => actions.duplicate(group, v)} disabled={busy !== null} aria-label={`Duplicate v${v.version}`}>
                    Duplicate…
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {canEdit && (
      <div className="card-actions">
        {group.source === 'own' ? (
          <>
            <button type="button" onClick={() => void actions.newVersion(group)} disabled={busy !== null}>
              New version
            </button>
            <button type="button" onClick={() => actions.rename(group)} disabled={busy !== null}>
              Rename…
            </button>
          </>
        ) : copyDraft !== undefined ? (
          <a className="button" {...linkTo({ page: 'list', source: 'own', id: group.id, version: copyDraft.version })}>
            Open my copy (draft v{copyDraft.version})
          </a>
        ) : (
          <button type="button" onClick={() => void actions.newVersion(group)} disabled={busy !== null}>
            Make my own copy
          </button>
        )}
      </div>
      )}
    </li>
  );
}
