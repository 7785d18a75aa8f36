import { useEffect, useState } from 'react';
import type { DocumentTypeListing as ListingSchema, LibrarySource } from '@portal/shared';
import { messageOf, ok } from '@portal/shared/client';
import type { z } from 'zod';
import { useApp } from '../shell/app-context';
import { linkTo, navigate } from '../shell/router';
import { PromptDialog, type PromptDialogProps } from '../ui/prompt-dialog';
import { SourceBadge, StatusBadge } from '../ui/status-badge';
import { OfflineNotice, ProblemsPanel, splitProblems, useCanEdit, useOnline, useOperation } from '../editor/kit';
import { ErrorAlert } from '../ui/error-alert';

type DocumentType = z.infer<typeof ListingSchema>;
type SchemaVersion = DocumentType['schemas'][number];
type Dialog = Omit<PromptDialogProps, 'onClose'>;

const params = (docType: string, version: number, source?: LibrarySource) => ({ path: { docType, version }, query: { source } });

/**
 * The document types of the organization's marked catalogue chain with their extraction schemas:
 * what extraction reads from each document. Read from the server (schemas are not kept on this
 * device), so the page needs a connection.
 */
export function SchemasPage() {
  const { api, notify } = useApp();
  const online = useOnline();
  const canEdit = useCanEdit();
  const op = useOperation();
  const [types, setTypes] = useState<DocumentType[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!online) return;
    let live = true;
    ok(api.GET('/document-types')).then(
      (t) => {
        if (!live) return;
        setTypes(t);
        setLoadError(null);
      },
      (e: unknown) => live && setLoadError(messageOf(e)),
    );
    return () => {
      live = false;
    };
  }, [api, online, round]);

  const open = (ref: { docType: string; version: number; source: LibrarySource }) => navigate({ page: 'schema', source: ref.source, id: ref.docType, version: ref.version });

  const actions: RowActions = {
    create: (t) =>
      op.run(`${t.docType}:create`, async () => {
        // The type's id as the name: it names this very type, where its display name might slug to another.
        const ref = await ok(api.POST('/doc-type-extraction-schemas', { body: { name: t.docType } }));
        notify(`Created a draft schema for “${ref.name}”.`);
        open(ref);
      }),
    newVersion: (t, v) =>
      op.run(`${t.docType}:new`, async () => {
        const ref = await ok(api.POST('/doc-type-extraction-schemas/{docType}/{version}/new-version', { params: params(t.docType, v.version, v.source) }));
        notify(v.source === 'official' ? `Made your own copy of the “${t.name}” schema.` : `Made version ${ref.version} of the “${ref.name}” schema.`);
        open(ref);
      }),
    activate: (t, v) =>
      op.run(`${t.docType}:activate`, async () => {
        await ok(api.POST('/doc-type-extraction-schemas/{docType}/{version}/activate', { params: params(t.docType, v.version, 'own') }));
        notify(`Version ${v.version} of the “${v.name}” schema is now active.`);
        setRound((r) => r + 1);
      }),
    rename: (t, v) =>
      setDialog({
        title: `Rename “${v.name}”`,
        description: 'Makes the next version, a draft, under the new name. Earlier versions keep theirs; the document type id stays.',
        fields: [{ name: 'name', label: 'New name', initial: v.name, required: true }],
        submitLabel: 'Rename as new version',
        onSubmit: async ({ name = '' }) => {
          const ref = await ok(api.POST('/doc-type-extraction-schemas/{docType}/{version}/rename-as-new-version', { params: params(t.docType, v.version, 'own'), body: { name } }));
          setDialog(null);
          notify(`Made version ${ref.version}, named “${ref.name}”.`);
          open(ref);
        },
      }),
  };

  const createSchema = () =>
    setDialog({
      title: 'New schema',
      description: 'A schema for a document type: an existing type by its name, or a new type added to your custom documents. Version 1 starts as a draft with no fields.',
      fields: [
        { name: 'name', label: 'Document type name', required: true },
        {
          name: 'kind',
          label: 'Kind (for a new document type)',
          initial: 'other',
          hint: `One of: ${(types ?? []).filter((t) => t.kind === 'docKind').map((t) => t.docType).join(', ') || 'other'}.`,
        },
        { name: 'description', label: 'Description', multiline: true },
      ],
      submitLabel: 'Create schema',
      onSubmit: async ({ name = '', kind = '', description = '' }) => {
        const ref = await ok(
          api.POST('/doc-type-extraction-schemas', { body: { name, kind: kind.trim() || 'other', ...(description.trim() ? { description } : {}) } }),
        );
        setDialog(null);
        notify(ref.status === 'draft' && ref.version === 1 ? `Created a draft schema for “${ref.name}”.` : `“${ref.name}” already has a schema; here it is.`);
        open(ref);
      },
    });

  const withSchema = types?.filter((t) => t.schemas.length > 0) ?? [];
  const without = types?.filter((t) => t.schemas.length === 0) ?? [];

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>Extraction schemas</h1>
          <p className="muted">The key data read from each type of document. Extraction uses your active version, else the official one.</p>
        </div>
        {canEdit && (
          <button type="button" className="primary" onClick={createSchema} disabled={!online || types === null}>
            New schema
          </button>
        )}
      </header>
      {!online && <OfflineNotice>Extraction schemas are read from and saved to the server; this page works again once you are back online.</OfflineNotice>}
      <ErrorAlert error={loadError} />
      {op.error !== null && <ProblemsPanel title="The server refused this" problems={splitProblems(op.error)} />}
      {types === null ? (
        online && loadError === null && <p className="muted">Opening the document types…</p>
      ) : (
        <>
          <SchemaTable title="Document types with a schema" types={withSchema} busy={op.busy} canEdit={canEdit && online} actions={actions} />
          {without.length > 0 && (
            <details className="lib-details">
              <summary>Document types without a schema ({without.length})</summary>
              <p className="muted small">They use their kind’s schema, or extract nothing.</p>
              <SchemaTable title="Document types without a schema" types={without} busy={op.busy} canEdit={canEdit && online} actions={actions} hideTitle />
            </details>
          )}
        </>
      )}
      {dialog !== null && <PromptDialog {...dialog} onClose={() => setDialog(null)} />}
    </div>
  );
}

interface RowActions {
  create(t: DocumentType): Promise<boolean>;
  newVersion(t: DocumentType, v: SchemaVersion): Promise<boolean>;
  activate(t: DocumentType, v: SchemaVersion): Promise<boolean>;
  rename(t: DocumentType, v: SchemaVersion): void;
}

function SchemaTable({ title, types, busy, canEdit, actions, hideTitle }: {
  title: string;
  types: DocumentType[];
  busy: string | null;
  canEdit: boolean;
  actions: RowActions;
  hideTitle?: boolean;
}) {
  return (
    <section aria-label={title}>
      {!hideTitle && <h2 className="section-title">{title}</h2>}
      <table className="table lib-schemas">
        <thead>
          <tr>
            <th scope="col">Document type</th>
            <th scope="col">Kind</th>
            <th scope="col">Schema versions</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {types.map((t) => {
            const own = t.schemas.filter((v) => v.source === 'own');
            const official = t.schemas.filter((v) => v.source === 'official');
            // The id names your own schema once you have one; the official one is then only shown.
            const latestOwn = own[0];
            const officialActive = official.find((v) => v.status === 'active');
            return (
              <tr key={t.docType} aria-label={t.name}>
                <th scope="row">
                  {t.name} <span className="muted small mono">{t.docType}</span>
                </th>
                <td className="muted small">{t.kind}</td>
                <td>
                  <ul className="lib-version-chips">
                    {[...own, ...official].map((v) => (
                      <li key={`${v.source}:${v.version}`}>
                        <a {...linkTo({ page: 'schema', source: v.source, id: t.docType, version: v.version })}>v{v.version}</a> <StatusBadge status={v.status} />{' '}
                        <SourceBadge source={v.source} />
                      </li>
                    ))}
                  </ul>
                </td>
                <td className="row-actions">
                  {canEdit && latestOwn?.status === 'draft' && (
                    <>
                      <a className="button" {...linkTo({ page: 'schema', source: 'own', id: t.docType, version: latestOwn.version })}>
                        Edit
                      </a>
                      <button type="button" onClick={() => void actions.activate(t, latestOwn)} disabled={busy !== null}>
                        Activate
                      </button>
                    </>
                  )}
                  {canEdit && latestOwn?.status === 'active' && (
                    <>
                      <button type="button" onClick={() => void actions.newVersion(t, latestOwn)} disabled={busy !== null}>
                        New version
                      </button>
                      <button type="button" onClick={() => actions.rename(t, latestOwn)} disabled={busy !== null}>
                        Rename…
                      </button>
                    </>
                  )}
                  {canEdit && latestOwn === undefined && officialActive !== undefined && (
                    <button type="button" onClick={() => void actions.newVersion(t, officialActive)} disabled={busy !== null}>
                      Make my own copy
                    </button>
                  )}
                  {canEdit && t.schemas.length === 0 && (
                    <button type="button" onClick={() => void actions.create(t)} disabled={busy !== null}>
                      Create schema
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
