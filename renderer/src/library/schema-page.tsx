import { useEffect, useId, useState } from 'react';
import { DocTypeExtractionSchemaEdit, schemaIncompleteness, schemaProblems, type DocTypeExtractionSchema, type ExtractionField, type LibrarySource } from '@portal/shared';
import { messageOf, ok } from '@portal/shared/client';
import { NameForm } from '../editor/name-form';
import { useApp } from '../shell/app-context';
import { linkTo, navigate } from '../shell/router';
import { PromptDialog, type PromptDialogProps } from '../ui/prompt-dialog';
import { newField, SchemaFieldRow, SchemaFieldView } from './schema-field-row';
import {
  issuesOf,
  moved,
  OfflineNotice,
  ProblemsPanel,
  problemsByRow,
  ReadOnlyNotice,
  splitProblems,
  useCanEdit,
  useDraftForm,
  useFreshest,
  useOnline,
  useOperation,
  VersionHead,
} from './version-kit';

type Dialog = Omit<PromptDialogProps, 'onClose'>;

const params = (docType: string, version: number, source?: LibrarySource) => ({ path: { docType, version }, query: { source } });
const BACK = { label: 'Extraction schemas', route: { page: 'schemas' } } as const;

/**
 * One version of a document type's extraction schema. Schemas are not replicated to this device:
 * the page reads and writes them through the server, so it needs a connection.
 */
export function SchemaPage({ source, id, version }: { source: LibrarySource; id: string; version: number }) {
  const { api } = useApp();
  const online = useOnline();
  const key = `${source}:${id}:${version}`;
  const [fetched, setFetched] = useState<{ key: string; schema: DocTypeExtractionSchema | null; error: string | null } | null>(null);

  useEffect(() => {
    if (!online || fetched?.key === key) return;
    let live = true;
    ok(api.GET('/doc-type-extraction-schemas/{docType}/{version}', { params: params(id, version, source) })).then(
      (schema) => live && setFetched({ key, schema, error: null }),
      (e: unknown) => live && setFetched({ key, schema: null, error: messageOf(e) }),
    );
    return () => {
      live = false;
    };
  }, [api, online, fetched, key, id, version, source]);

  const current = fetched?.key === key ? fetched : null;
  if (current === null) {
    if (!online) {
      return (
        <div className="page">
          <h1>Extraction schema</h1>
          <OfflineNotice>Extraction schemas are read from the server, so this one opens once you are back online.</OfflineNotice>
        </div>
      );
    }
    return <p className="muted">Opening the schema…</p>;
  }
  if (current.schema === null) {
    return (
      <div className="page">
        <h1>Schema not found</h1>
        <p className="error" role="alert">
          {current.error}
        </p>
        <p>
          <a {...linkTo(BACK.route)}>Back to the extraction schemas</a>
        </p>
      </div>
    );
  }
  return <SchemaVersion key={key} loaded={current.schema} />;
}

function SchemaVersion({ loaded }: { loaded: DocTypeExtractionSchema }) {
  const [answered, setAnswered] = useFreshest<DocTypeExtractionSchema>(loaded);
  const schema = answered!;
  const canEdit = useCanEdit();
  if (schema.source === 'own' && schema.status === 'draft' && canEdit) return <SchemaDraftEditor schema={schema} onSaved={setAnswered} />;
  return <SchemaView schema={schema} canEdit={canEdit} />;
}

function SchemaView({ schema, canEdit }: { schema: DocTypeExtractionSchema; canEdit: boolean }) {
  const { api, notify } = useApp();
  const online = useOnline();
  const op = useOperation();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const p = params(schema.docType, schema.version, schema.source);
  const open = (ref: { docType: string; version: number }) => navigate({ page: 'schema', source: 'own', id: ref.docType, version: ref.version });

  const newVersion = () =>
    op.run('new', async () => {
      const ref = await ok(api.POST('/doc-type-extraction-schemas/{docType}/{version}/new-version', { params: p }));
      notify(schema.source === 'official' ? `Made your own copy of the “${schema.name}” schema.` : `Made version ${ref.version} of the “${ref.name}” schema.`);
      open(ref);
    });
  const rename = () =>
    setDialog({
      title: `Rename “${schema.name}”`,
      description: 'Makes the next version, a draft, under the new name. Earlier versions keep theirs; the document type id stays.',
      fields: [{ name: 'name', label: 'New name', initial: schema.name, required: true }],
      submitLabel: 'Rename as new version',
      onSubmit: async ({ name = '' }) => {
        const ref = await ok(api.POST('/doc-type-extraction-schemas/{docType}/{version}/rename-as-new-version', { params: p, body: { name } }));
        setDialog(null);
        notify(`Made version ${ref.version}, named “${ref.name}”.`);
        open(ref);
      },
    });

  return (
    <div className="page">
      <VersionHead back={BACK} name={schema.name} version={schema.version} status={schema.status} source={schema.source}>
        {canEdit && schema.status === 'active' && (
          <>
            <button type="button" className="primary" onClick={() => void newVersion()} disabled={!online || op.busy !== null}>
              {schema.source === 'official' ? 'Make my own copy' : 'New version to edit'}
            </button>
            {schema.source === 'own' && (
              <button type="button" onClick={rename} disabled={!online || op.busy !== null}>
                Rename…
              </button>
            )}
          </>
        )}
      </VersionHead>
      <p className="muted small mono">{schema.docType}</p>
      <ReadOnlyNotice source={schema.source} status={schema.status} noun="schema" />
      {!online && <OfflineNotice>Changing a schema needs the server.</OfflineNotice>}
      {op.error !== null && <ProblemsPanel title="The server refused this" problems={splitProblems(op.error)} />}
      {schema.description && <p>{schema.description}</p>}
      {schema.fields.length === 0 ? (
        <p className="muted">No fields: nothing is extracted from documents of this type.</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Type</th>
              <th scope="col">Presence</th>
              <th scope="col">Description</th>
            </tr>
          </thead>
          <tbody>
            {schema.fields.map((f) => (
              <SchemaFieldView key={f.name} field={f} />
            ))}
          </tbody>
        </table>
      )}
      {dialog !== null && <PromptDialog {...dialog} onClose={() => setDialog(null)} />}
    </div>
  );
}

interface SchemaForm {
  description: string;
  fields: ExtractionField[];
}

/** The checks the server runs on a save, run here first so most mistakes are shown before sending. */
function checkBeforeSave(form: SchemaForm): string[] {
  const parsed = DocTypeExtractionSchemaEdit.safeParse(form);
  if (!parsed.success) return issuesOf(parsed.error);
  return schemaProblems(form.fields);
}

function SchemaDraftEditor({ schema, onSaved }: { schema: DocTypeExtractionSchema; onSaved(s: DocTypeExtractionSchema): void }) {
  const { api, notify } = useApp();
  const online = useOnline();
  const op = useOperation();
  const descriptionId = useId();
  const form = useDraftForm<SchemaForm>({ description: schema.description, fields: schema.fields }, `${schema.docType}:${schema.version}`);
  const [checked, setChecked] = useState<string[]>([]);
  const p = params(schema.docType, schema.version, 'own');
  const local = checkBeforeSave(form.value);
  // Before the first save attempt only the problems of what is typed are shown, not an empty key being filled in.
  const shown = checked.length > 0 ? local : [];
  const server = op.error === null ? [] : splitProblems(op.error);
  const rows = problemsByRow([...shown, ...server], 'fields');
  const incomplete = schemaIncompleteness(schema.docType, form.value.fields);

  const save = async (): Promise<boolean> => {
    const problems = checkBeforeSave(form.value);
    setChecked(problems);
    if (problems.length > 0) return false;
    const sent = form.value;
    return op.run('save', async () => {
      const saved = await ok(api.PUT('/doc-type-extraction-schemas/{docType}/{version}', { params: p, body: sent }));
      form.rebase(sent, { description: saved.description, fields: saved.fields });
      onSaved(saved);
      notify(`Saved version ${saved.version} of the “${saved.name}” schema.`);
    });
  };
  const activate = async () => {
    if (form.dirty && !(await save())) return;
    await op.run('activate', async () => {
      const active = await ok(api.POST('/doc-type-extraction-schemas/{docType}/{version}/activate', { params: p }));
      onSaved(active);
      notify(`Version ${active.version} of the “${active.name}” schema is now active: extraction reads it from now on.`);
    });
  };
  const setFields = (update: (fields: ExtractionField[]) => ExtractionField[]) => form.set((f) => ({ ...f, fields: update(f.fields) }));
  const disabled = !online || op.busy !== null;

  return (
    <div className="page editor">
      <VersionHead
        back={BACK}
        name={schema.name}
        version={schema.version}
        status="draft"
        source="own"
        badges={form.dirty ? <span className="badge badge-unsaved">Unsaved changes</span> : <span className="badge">Saved</span>}
      >
        <button type="button" onClick={form.discard} disabled={disabled || !form.dirty}>
          Discard changes
        </button>
        <button type="button" onClick={() => void save()} disabled={disabled || !form.dirty}>
          {op.busy === 'save' ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="primary" onClick={() => void activate()} disabled={disabled}>
          {op.busy === 'activate' ? 'Activating…' : 'Activate'}
        </button>
      </VersionHead>
      <p className="muted small mono">{schema.docType}</p>
      {!online && <OfflineNotice>Editing, saving and activating a draft need the server (only lists are edited offline); unsaved changes stay on this page until you are back.</OfflineNotice>}
      <ProblemsPanel title="The server refused this" problems={server} hint="Problems about one field are also shown next to it." />
      <ProblemsPanel title="Fix these before saving" problems={shown} />
      {incomplete !== null && <p className="notice">Not complete enough to activate yet: {incomplete}.</p>}

      <div className="field">
        <label htmlFor={descriptionId}>Description</label>
        <textarea
          id={descriptionId}
          rows={2}
          value={form.value.description}
          disabled={disabled}
          onChange={(e) => {
            const description = e.target.value;
            form.set((f) => ({ ...f, description }));
          }}
        />
      </div>

      <h2 className="section-title">Fields</h2>
      {form.value.fields.length === 0 ? (
        <p className="muted">No fields yet. Add the values to read from every document of this type, for example “payDate”.</p>
      ) : (
        <ol className="lib-rows" aria-label="Fields">
          {form.value.fields.map((field, i) => (
            <SchemaFieldRow
              key={i}
              field={field}
              index={i}
              count={form.value.fields.length}
              problems={rows.byRow.get(i)}
              disabled={disabled}
              onChange={(next) => setFields((fs) => fs.map((f, j) => (j === i ? next : f)))}
              onMove={(by) => setFields((fs) => moved(fs, i, by))}
              onRemove={() => setFields((fs) => fs.filter((_, j) => j !== i))}
            />
          ))}
        </ol>
      )}
      <div className="lib-add">
        <NameForm formLabel="Add a field" fieldLabel="New field key" placeholder="e.g. dateOfBirth" buttonLabel="Add field" onAdd={(name) => setFields((fs) => [...fs, newField(name)])} />
      </div>
    </div>
  );
}
