import { useState, type ReactNode } from 'react';
import type { LibrarySource } from '@portal/shared';
import type { LibraryGroup } from '../../data/library-groups';
import { linkTo, type Route } from '../../shell/router';
import { PromptDialog } from '../../ui/prompt-dialog';
import { DefaultBadge, SourceBadge, StatusBadge } from '../../ui/status-badge';
import { useApp } from '../../shell/app-context';
import { useOperation, type Operation } from './access';
import { ProblemsPanel, splitProblems } from './problems';
import { OfflineNotice, type LibraryStatusName } from './version-head';

export interface FamilyVersion {
  source: LibrarySource;
  id: string;
  version: number;
  name: string;
  status: LibraryStatusName;
  description: string;
}

/** New version (or one's own copy of official content) and activation, one at a time, as listings and version pages offer them. */
export function useFamilyActions<V extends FamilyVersion>(kind: {
  newVersion(from: V): Promise<{ id: string; version: number; name: string }>;
  activate(draft: V): Promise<unknown>;
  activatedNotice(draft: V): string;
  open(ref: { id: string; version: number }): void;
}) {
  const { notify } = useApp();
  const op = useOperation();
  return {
    op,
    newVersion: (v: V) =>
      op.run(`${v.source}:${v.id}:new`, async () => {
        const ref = await kind.newVersion(v);
        notify(v.source === 'official' ? `Made your own copy of “${v.name}”.` : `Made version ${ref.version} of “${ref.name}”.`);
        kind.open(ref);
      }),
    activate: (v: V) =>
      op.run(`${v.source}:${v.id}:${v.version}:activate`, async () => {
        await kind.activate(v);
        notify(kind.activatedNotice(v));
      }),
  };
}

/**
 * The listing of a versioned kind read from the device: its head with "New …", what the server
 * refused, then one card per family (or why there are none yet).
 */
export function FamilyListing<V>({ title, intro, create, canEdit, online, offline, op, groups, opening, empty, children }: {
  title: string;
  intro: string;
  /** "New workflow": a name and a description make version 1, a draft, which then opens. */
  create: {
    label: string;
    explain: string;
    submitLabel: string;
    post(body: { name: string; description?: string }): Promise<{ id: string; version: number; name: string }>;
    open(ref: { id: string; version: number }): void;
  };
  canEdit: boolean;
  online: boolean;
  /** What can still be done offline, said to those who may edit. */
  offline: string;
  op: Operation;
  groups: LibraryGroup<V>[] | undefined;
  opening: string;
  empty: { title: string; detail: string };
  children(group: LibraryGroup<V>): ReactNode;
}) {
  const { notify } = useApp();
  const [creating, setCreating] = useState(false);
  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>{title}</h1>
          <p className="muted">{intro}</p>
        </div>
        {canEdit && (
          <button type="button" className="primary" onClick={() => setCreating(true)} disabled={!online}>
            {create.label}
          </button>
        )}
      </header>
      {canEdit && !online && <OfflineNotice>{offline}</OfflineNotice>}
      {op.error !== null && <ProblemsPanel title="The server refused this" problems={splitProblems(op.error)} />}
      {groups === undefined ? (
        <p className="muted">{opening}</p>
      ) : groups.length === 0 ? (
        <div className="empty">
          <p>
            <strong>{empty.title}</strong>
          </p>
          <p className="muted">{empty.detail}</p>
        </div>
      ) : (
        <ul className="cards">{groups.map((g) => children(g))}</ul>
      )}
      {creating && (
        <PromptDialog
          title={create.label}
          description={create.explain}
          fields={[
            { name: 'name', label: 'Name', required: true },
            { name: 'description', label: 'Description', multiline: true },
          ]}
          submitLabel={create.submitLabel}
          onSubmit={async ({ name = '', description = '' }) => {
            const ref = await create.post({ name, ...(description.trim() ? { description } : {}) });
            setCreating(false);
            notify(`Created “${ref.name}”.`);
            create.open(ref);
          }}
          onClose={() => setCreating(false)}
        />
      )}
    </div>
  );
}

/**
 * One family on its listing: name, id and badges, its versions with their status (an own draft
 * activated from here), and the way to change it: edit the draft, make a new version, or make
 * one's own copy of official content.
 */
export function FamilyCard<V extends FamilyVersion>({ group: g, routeOf, summary, flags, canEdit, busy, onActivate, onNewVersion, actions, draftCopy }: {
  group: LibraryGroup<V>;
  routeOf(version: V): Route;
  /** What a version holds, after its number: "6 steps". */
  summary(version: V): string;
  flags?: (version: V) => ReactNode;
  canEdit: boolean;
  busy: boolean;
  onActivate(version: V): void;
  onNewVersion(latest: V): void;
  /** The kind's other actions on the family (set as default). */
  actions?: ReactNode;
  /** On an official card: the organization's copy of it, not activated yet (library-groups `draftCopyOf`). */
  draftCopy?: V | undefined;
}) {
  const latest = g.versions[0]!;
  const titleId = `family-${g.key}`;
  return (
    <li className="card" aria-labelledby={titleId}>
      <div className="card-header">
        <div>
          <h2 id={titleId} className="card-title">
            {g.name}
          </h2>
          <p className="muted small mono">{g.id}</p>
        </div>
        <div className="badges">
          <SourceBadge source={g.source} />
          {g.isDefault && <DefaultBadge />}
        </div>
      </div>
      {latest.description && <p className="card-description">{latest.description}</p>}
      {draftCopy !== undefined && (
        <p className="card-note" role="note">
          You have a copy of this, version {draftCopy.version}, a draft. The official one stays in use until you activate your copy.
        </p>
      )}
      <ul className="version-links">
        {g.versions.map((v) => (
          <li key={v.version}>
            <a {...linkTo(routeOf(v))}>
              v{v.version} · {summary(v)}
            </a>{' '}
            <StatusBadge status={v.status} />
            {flags?.(v)}
            {canEdit && g.source === 'own' && v.status === 'draft' && (
              <button type="button" className="lib-inline-button" onClick={() => onActivate(v)} disabled={busy} aria-label={`Activate v${v.version}`}>
                Activate
              </button>
            )}
          </li>
        ))}
      </ul>
      {canEdit && (
        <div className="card-actions">
          {g.source === 'own' && latest.status === 'draft' ? (
            <a className="button" {...linkTo(routeOf(latest))}>
              Edit draft v{latest.version}
            </a>
          ) : draftCopy !== undefined ? (
            <a className="button" {...linkTo(routeOf(draftCopy))}>
              Open my copy (draft v{draftCopy.version})
            </a>
          ) : (
            <button type="button" onClick={() => onNewVersion(latest)} disabled={busy}>
              {g.source === 'official' ? 'Make my own copy' : 'New version'}
            </button>
          )}
          {actions}
        </div>
      )}
    </li>
  );
}
