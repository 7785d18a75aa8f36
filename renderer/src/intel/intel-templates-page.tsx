import { useMemo } from 'react';
import type { IntelTemplate, LibrarySource } from '@portal/shared';
import { ok } from '@portal/shared/client';
import { versionKey } from '@portal/shared/sync';
import { draftCopyOf, groupVersions } from '../data/library-groups';
import { useIntelTemplateVersions, withoutShadowed } from '../data/use-local';
import { useApp } from '../shell/app-context';
import { navigate } from '../shell/router';
import {
  FamilyCard,
  FamilyListing,
  useCanEdit,
  useFamilyActions,
  useFreshest,
  useOnline,
  OpenVersion,
  VersionView,
} from '../editor/kit';
import { ANSWER_TYPES, IntelTemplateDraftEditor } from './intel-template-editor';

const params = (templateId: string, version: number, source?: LibrarySource) => ({ path: { templateId, version }, query: { source } });
const open = (ref: { id: string; version: number }) => navigate({ page: 'intel-template', source: 'own', id: ref.id, version: ref.version });
const BACK = { label: 'Intel templates', route: { page: 'intel-templates' } } as const;

function useTemplateActions() {
  const { api } = useApp();
  return useFamilyActions<IntelTemplate>({
    newVersion: (t) => ok(api.POST('/intel-templates/{templateId}/{version}/new-version', { params: params(t.id, t.version, t.source) })),
    activate: (t) => ok(api.POST('/intel-templates/{templateId}/{version}/activate', { params: params(t.id, t.version, 'own') })),
    activatedNotice: (t) => `Version ${t.version} of “${t.name}” is now active: new briefs answer it.`,
    open,
  });
}

/** Intel templates, read from the local copy: the research questions a brief answers over a case. */
export function IntelTemplatesPage() {
  const { api } = useApp();
  const versions = useIntelTemplateVersions();
  const online = useOnline();
  const canEdit = useCanEdit();
  const actions = useTemplateActions();
  const groups = useMemo(() => (versions === undefined ? undefined : groupVersions(withoutShadowed(versions), undefined)), [versions]);

  return (
    <FamilyListing
      title="Intel templates"
      intro="Research questions a brief answers over a case’s pages, each claim cited to its document."
      create={{
        label: 'New intel template',
        explain: 'Creates version 1 as a draft with no questions. Its id is made from the name and never changes.',
        submitLabel: 'Create template',
        post: (body) => ok(api.POST('/intel-templates', { body })),
        open,
      }}
      canEdit={canEdit}
      online={online}
      offline="You can read templates; creating, editing and activating them needs the server."
      op={actions.op}
      groups={groups}
      opening="Opening templates…"
      empty={{ title: 'No intel templates on this device yet.', detail: 'Official templates arrive with the next sync.' }}
    >
      {(g) => (
        <FamilyCard
          key={g.key}
          group={g}
          draftCopy={draftCopyOf(groups, g)}
          routeOf={(v) => ({ page: 'intel-template', source: v.source, id: v.id, version: v.version })}
          summary={(v) => `${v.questions.length} questions`}
          canEdit={canEdit && online}
          busy={actions.op.busy !== null}
          onActivate={(v) => void actions.activate(v)}
          onNewVersion={(v) => void actions.newVersion(v)}
        />
      )}
    </FamilyListing>
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
      back={BACK}
      shown={template}
      familyId={template.id}
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
