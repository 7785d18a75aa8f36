import { useState } from 'react';
import { DocTypeExtractionSchemaEdit, schemaIncompleteness, schemaProblems, type DocTypeExtractionSchema, type ExtractionField, type LibrarySource } from '@portal/shared';
import { ok } from '@portal/shared/client';
import {
  DraftPage,
  issuesOf,
  problemsByRow,
  rowEdits,
  useCanEdit,
  useFreshest,
  useOnline,
  useOperation,
  useVersionedDraft,
  OpenVersion,
  VersionView,
} from '../editor/kit';
import { NameForm } from '../editor/name-form';
import { useApp } from '../shell/app-context';
import { navigate } from '../shell/router';
import { PromptDialog, type PromptDialogProps } from '../ui/prompt-dialog';
import { FIELD_WORDING, newField, SchemaFieldRow, SchemaFieldView } from './schema-field-row';

type Dialog = Omit<PromptDialogProps, 'onClose'>;

const params = (docType: string, version: number, source?: LibrarySource) => ({ path: { docType, version }, query: { source } });
const BACK = { label: 'Extraction schemas', route: { page: 'schemas' } } as const;

/**
 * One version of a document type's extraction schema. Schemas are not replicated to this device:
 * the page reads and writes them through the server, so it needs a connection.
 */
export function SchemaPage({ source, id, version }: { source: LibrarySource; id: string; version: number }) {
  const { api } = useApp();
  const key = `${source}:${id}:${version}`;
  return (
    <OpenVersion
      what="schema"
      back={BACK}
      versionKey={key}
      onDevice={null}
      keyOf={() => key}
      fromServer={() => ok(api.GET('/doc-type-extraction-schemas/{docType}/{version}', { params: params(id, version, source) }))}
    >
      {(schema) => <SchemaVersion key={key} loaded={schema} />}
    </OpenVersion>
  );
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
    <VersionView
      back={BACK}
      shown={schema}
      familyId={schema.docType}
      noun="schema"
      canEdit={canEdit}
      online={online}
      op={op}
      onNewVersion={() => void newVersion()}
      actions={
        schema.source === 'own' && (
          <button type="button" onClick={rename} disabled={!online || op.busy !== null}>
            Rename…
          </button>
        )
      }
    >
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
    </VersionView>
  );
}

interface SchemaForm {
  description: string;
  fields: ExtractionField[];
}

/** The checks the server runs on a save. */
function checkBeforeSave(form: SchemaForm): string[] {
  const parsed = DocTypeExtractionSchemaEdit.safeParse(form);
  if (!parsed.success) return issuesOf(parsed.error);
  return schemaProblems(form.fields);
}

function SchemaDraftEditor({ schema, onSaved }: { schema: DocTypeExtractionSchema; onSaved(s: DocTypeExtractionSchema): void }) {
  const { api } = useApp();
  const p = params(schema.docType, schema.version, 'own');
  const draft = useVersionedDraft<DocTypeExtractionSchema, SchemaForm>({
    saved: schema,
    versionKey: `${schema.docType}:${schema.version}`,
    formOf: (s) => ({ description: s.description, fields: s.fields }),
    check: checkBeforeSave,
    put: (body) => ok(api.PUT('/doc-type-extraction-schemas/{docType}/{version}', { params: p, body })),
    activate: () => ok(api.POST('/doc-type-extraction-schemas/{docType}/{version}/activate', { params: p })),
    savedNotice: (s) => `Saved version ${s.version} of the “${s.name}” schema.`,
    activatedNotice: (s) => `Version ${s.version} of the “${s.name}” schema is now active: extraction reads it from now on.`,
    onSaved,
  });
  const { form, disabled } = draft;
  const rows = problemsByRow([...draft.beforeSaving, ...draft.refused], 'fields');
  const incomplete = schemaIncompleteness(schema.docType, form.value.fields);
  const setFields = (update: (fields: ExtractionField[]) => ExtractionField[]) => form.set((f) => ({ ...f, fields: update(f.fields) }));

  return (
    <DraftPage
      head={{ back: BACK, name: schema.name, version: schema.version, familyId: schema.docType }}
      draft={draft}
      rowNoun="field"
      wording={FIELD_WORDING}
      blockers={incomplete === null ? [] : [`${incomplete.charAt(0).toUpperCase()}${incomplete.slice(1)}.`]}
    >
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
              {...rowEdits(setFields, i)}
            />
          ))}
        </ol>
      )}
      <div className="lib-add">
        <NameForm formLabel="Add a field" fieldLabel="New field key" placeholder="e.g. dateOfBirth" buttonLabel="Add field" onAdd={(name) => setFields((fs) => [...fs, newField(name)])} />
      </div>
    </DraftPage>
  );
}
