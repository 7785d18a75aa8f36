import { useMemo, useState } from 'react';
import type { IntelTemplate, LibrarySource } from '@portal/shared';
import { ok } from '@portal/shared/client';
import { versionKey } from '@portal/shared/sync';
import { groupVersions, type LibraryGroup } from '../data/library-groups';
import { useIntelTemplateVersions, withoutShadowed } from '../data/use-local';
import { useApp } from '../shell/app-context';
import { linkTo, navigate } from '../shell/router';
import { PromptDialog, type PromptDialogProps } from '../ui/prompt-dialog';
import { SourceBadge, StatusBadge } from '../ui/status-badge';
import {
  OfflineNotice,
  ProblemsPanel,
  splitProblems,
  useCanEdit,
  useFreshest,
  useOnline,
  useOperation,
  OpenVersion,
  VersionView,
} from '../editor/kit';
import { ANSWER_TYPES, IntelTemplateDraftEditor } from './intel-template-editor';

type Group = LibraryGroup<IntelTemplate>;
type Dialog = Omit<PromptDialogProps, 'onClose'>;

const params = (templateId: string, version: number, source?: LibrarySource) => ({ path: { templateId, version }, query: { source } });
const open = (ref: { id: string; version: number }) => navigate({ page: 'intel-template', source: 'own', id: ref.id, version: ref.version });
const BACK = { label: 'Intel templates', route: { page: 'intel-templates' } } as const;

function useTemplateActions() {
  const { api, notify } = useApp();
  const op = useOperation();
  return {
    op,
    newVersion: (t: IntelTemplate) =>
      op.run(`${t.source}:${t.id}:new`, async () => {
        const ref = await ok(api.POST('/intel-templates/{templateId}/{version}/new-version', { params: params(t.id, t.version, t.source) }));
        notify(t.source === 'official' ? `Made your own copy of “${t.name}”.` : `Made version ${ref.version} of “${ref.name}”.`);
        open(ref);
      }),
    activate: (t: IntelTemplate) =>
      op.run(`${t.source}:${t.id}:${t.version}:activate`, async () => {
        await ok(api.POST('/intel-templates/{templateId}/{version}/activate', { params: params(t.id, t.version, 'own') }));
        notify(`Version ${t.version} of “${t.name}” is now active: new briefs answer it.`);
      }),
  };
}

/** Intel templates, read from the local copy: the research questions a brief answers over a case. */
export function IntelTemplatesPage() {
  const { api, notify } = useApp();
  const versions = useIntelTemplateVersions();
  const online = useOnline();
  const canEdit = useCanEdit();
  const actions = useTemplateActions();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const groups = useMemo(() => (versions === undefined ? undefined : groupVersions(withoutShadowed(versions), undefined)), [versions]);

  const createTemplate = () =>
    setDialog({
      title: 'New intel template',
      description: 'Creates version 1 as a draft with no questions. Its id is made from the name and never changes.',
      fields: [
        { name: 'name', label: 'Name', required: true },
        { name: 'description', label: 'Description', multiline: true },
      ],
      submitLabel: 'Create template',
      onSubmit: async ({ name = '', description = '' }) => {
        const ref = await ok(api.POST('/intel-templates', { body: { name, ...(description.trim() ? { description } : {}) } }));
        setDialog(null);
        notify(`Created “${ref.name}”.`);
        open(ref);
      },
    });

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>Intel templates</h1>
          <p className="muted">Research questions a brief answers over a case’s pages, each claim cited to its document.</p>
        </div>
        {canEdit && (
          <button type="button" className="primary" onClick={createTemplate} disabled={!online}>
            New template
          </button>
        )}
      </header>
      {canEdit && !online && <OfflineNotice>You can read templates; creating, editing and activating them needs the server.</OfflineNotice>}
      {actions.op.error !== null && <ProblemsPanel title="The server refused this" problems={splitProblems(actions.op.error)} />}
      {groups === undefined ? (
        <p className="muted">Opening templates…</p>
      ) : groups.length === 0 ? (
        <div className="empty">
          <p>
            <strong>No intel templates on this device yet.</strong>
          </p>
          <p className="muted">Official templates arrive with the next sync.</p>
        </div>
      ) : (
        <ul className="cards">
          {groups.map((g) => (
            <TemplateCard key={g.key} group={g} canEdit={canEdit && online} actions={actions} />
          ))}
        </ul>
      )}
      {dialog !== null && <PromptDialog {...dialog} onClose={() => setDialog(null)} />}
    </div>
  );
}

function TemplateCard({ group: g, canEdit, actions }: { group: Group; canEdit: boolean; actions: ReturnType<typeof useTemplateActions> }) {
  const latest = g.versions[0]!;
  const busy = actions.op.busy !== null;
  return (
    <li className="card" aria-labelledby={`it-${g.key}`}>
      <div className="card-header">
        <div>
          <h2 id={`it-${g.key}`} className="card-title">
            {g.name}
          </h2>
          <p className="muted small mono">{g.id}</p>
        </div>
        <SourceBadge source={g.source} />
      </div>
      {latest.description && <p className="card-description">{latest.description}</p>}
      <ul className="version-links">
        {g.versions.map((v) => (
          <li key={v.version}>
            <a {...linkTo({ page: 'intel-template', source: g.source, id: g.id, version: v.version })}>
              v{v.version} · {v.questions.length} questions
            </a>{' '}
            <StatusBadge status={v.status} />
            {canEdit && g.source === 'own' && v.status === 'draft' && (
              <button type="button" className="lib-inline-button" onClick={() => void actions.activate(v)} disabled={busy} aria-label={`Activate v${v.version}`}>
                Activate
              </button>
            )}
          </li>
        ))}
      </ul>
      {canEdit && (
        <div className="card-actions">
          {latest.status === 'draft' && g.source === 'own' ? (
            <a className="button" {...linkTo({ page: 'intel-template', source: 'own', id: g.id, version: latest.version })}>
              Edit draft v{latest.version}
            </a>
          ) : latest.status === 'active' ? (
            <button type="button" onClick={() => void actions.newVersion(latest)} disabled={busy}>
              {g.source === 'official' ? 'Make my own copy' : 'New version'}
            </button>
          ) : null}
        </div>
      )}
    </li>
  );
}

/**
 * One template version: the editor for an own draft, a read-only view otherwise. From the local
 * copy, or from the server when it has not arrived yet.
 */
export function IntelTemplatePage({ source, id, version }: { source: 'own' | 'official'; id: string; version: number }) {
  const { api } = useApp();
  return (
    <OpenVersion
      what="template"
      back={BACK}
      versionKey={versionKey(source, id, version)}
      onDevice={useIntelTemplateVersions()}
      keyOf={(t) => versionKey(t.source, t.id, t.version)}
      fromServer={() => ok(api.GET('/intel-templates/{templateId}/{version}', { params: params(id, version, source) }))}
    >
      {(found) => <TemplateVersion key={versionKey(source, id, version)} fromLocal={found} />}
    </OpenVersion>
  );
}

function TemplateVersion({ fromLocal }: { fromLocal: IntelTemplate }) {
  const [template, setAnswered] = useFreshest<IntelTemplate>(fromLocal);
  const canEdit = useCanEdit();
  const t = template!;
  if (t.source === 'own' && t.status === 'draft' && canEdit) return <IntelTemplateDraftEditor template={t} onSaved={setAnswered} />;
  return <TemplateDetail template={t} canEdit={canEdit} />;
}

function TemplateDetail({ template, canEdit }: { template: IntelTemplate; canEdit: boolean }) {
  const online = useOnline();
  const actions = useTemplateActions();
  return (
    <VersionView
      head={{ back: BACK, name: template.name, version: template.version, status: template.status, source: template.source, familyId: template.id }}
      noun="template"
      canEdit={canEdit}
      online={online}
      op={actions.op}
      onNewVersion={() => void actions.newVersion(template)}
    >
      {template.description && <p>{template.description}</p>}
      <ol className="questions">
        {template.questions.map((q, i) => (
          <li key={`${i}-${q.prompt}`} className="question">
            <p className="question-prompt">{q.prompt}</p>
            <p className="muted small">Answer: {q.answerType === undefined ? 'free text' : ANSWER_TYPES[q.answerType]}</p>
            {q.guidance && <p className="question-guidance">{q.guidance}</p>}
          </li>
        ))}
      </ol>
    </VersionView>
  );
}
