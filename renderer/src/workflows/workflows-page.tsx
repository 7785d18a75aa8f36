import { useMemo } from 'react';
import { readableProblem, type LibrarySource, type Workflow } from '@portal/shared';
import { ok } from '@portal/shared/client';
import { versionKey } from '@portal/shared/sync';
import { draftCopyOf, groupVersions } from '../data/library-groups';
import { useLibraryDefaults, useWorkflowVersions, withoutShadowed } from '../data/use-local';
import { useApp } from '../shell/app-context';
import { linkTo, navigate } from '../shell/router';
import { DefaultBadge } from '../ui/status-badge';
import {
  FamilyCard,
  FamilyListing,
  OfflineNotice,
  useCanEdit,
  useFamilyActions,
  useFreshest,
  useOnline,
  OpenVersion,
  VersionHead,
  VersionView,
} from '../editor/kit';
import { humanize } from './humanize';
import { hasSettings } from './tool-settings-form';
import { useWorkflowTools } from './use-workflow-tools';
import { WorkflowDraftEditor } from './workflow-editor';

export { humanize } from './humanize';

const params = (workflowId: string, version: number, source?: LibrarySource) => ({ path: { workflowId, version }, query: { source } });
const open = (ref: { id: string; version: number }) => navigate({ page: 'workflow', source: 'own', id: ref.id, version: ref.version });
const BACK = { label: 'Workflows', route: { page: 'workflows' } } as const;

/** The lifecycle operations of workflows, as the listing and a version's page offer them. */
function useWorkflowActions() {
  const { api, notify, local } = useApp();
  const family = useFamilyActions<Workflow>({
    newVersion: (w) => ok(api.POST('/workflows/{workflowId}/{version}/new-version', { params: params(w.id, w.version, w.source) })),
    activate: (w) => ok(api.POST('/workflows/{workflowId}/{version}/activate', { params: params(w.id, w.version, 'own') })),
    activatedNotice: (w) => `Version ${w.version} of “${w.name}” is now active: runs take it from now on.`,
    open,
  });
  return {
    ...family,
    setDefault: (w: Workflow) =>
      family.op.run(`${w.source}:${w.id}:default`, async () => {
        await ok(api.POST('/workflows/{workflowId}/set-default', { params: { path: { workflowId: w.id }, query: { source: w.source } } }));
        local.refresh('library-defaults');
        notify(`“${w.name}” is now your organization’s default workflow.`);
      }),
  };
}

/** Workflows, read from the local copy: what steps a run of a case goes through. */
export function WorkflowsPage() {
  const { api } = useApp();
  const versions = useWorkflowVersions();
  const defaults = useLibraryDefaults();
  const online = useOnline();
  const canEdit = useCanEdit();
  const actions = useWorkflowActions();
  const groups = useMemo(() => (versions === undefined ? undefined : groupVersions(withoutShadowed(versions), defaults?.get('workflow'))), [versions, defaults]);

  return (
    <FamilyListing
      title="Workflows"
      intro="The steps a run takes a case through. Runs use the highest active version unless they name one."
      create={{
        label: 'New workflow',
        explain: 'Creates version 1 as a draft holding the steps every workflow begins with (Preview, Parse). Its id is made from the name and never changes.',
        submitLabel: 'Create workflow',
        post: (body) => ok(api.POST('/workflows', { body })),
        open,
      }}
      canEdit={canEdit}
      online={online}
      offline="You can read workflows; creating, editing and activating them needs the server."
      op={actions.op}
      groups={groups}
      opening="Opening workflows…"
      empty={{ title: 'No workflows on this device yet.', detail: 'They arrive with the next sync; every organization starts with the standard intake.' }}
    >
      {(g) => (
        <FamilyCard
          key={g.key}
          group={g}
          draftCopy={draftCopyOf(groups, g)}
          routeOf={(v) => ({ page: 'workflow', source: v.source, id: v.id, version: v.version })}
          summary={(v) => `${v.steps.length} steps`}
          flags={(v) => v.problems.length > 0 && <span className="badge badge-invalid">Incomplete</span>}
          canEdit={canEdit && online}
          busy={actions.op.busy !== null}
          onActivate={(v) => void actions.activate(v)}
          onNewVersion={(v) => void actions.newVersion(v)}
          actions={
            g.versions.some((v) => v.status === 'active') &&
            !g.isDefault && (
              <button type="button" onClick={() => void actions.setDefault(g.versions[0]!)} disabled={actions.op.busy !== null}>
                Set as default
              </button>
            )
          }
        />
      )}
    </FamilyListing>
  );
}

/**
 * One workflow version: the editor for an own draft, a read-only view otherwise. It comes from the
 * local copy; one just made may not have arrived yet, so the server is asked before saying it
 * does not exist.
 */
export function WorkflowPage({ source, id, version }: { source: 'own' | 'official'; id: string; version: number }) {
  const { api } = useApp();
  return (
    <OpenVersion
      what="workflow"
      back={BACK}
      versionKey={versionKey(source, id, version)}
      onDevice={useWorkflowVersions()}
      keyOf={(w) => versionKey(w.source, w.id, w.version)}
      fromServer={() => ok(api.GET('/workflows/{workflowId}/{version}', { params: params(id, version, source) }))}
    >
      {(found) => <WorkflowVersion key={versionKey(source, id, version)} fromLocal={found} />}
    </OpenVersion>
  );
}

function WorkflowVersion({ fromLocal }: { fromLocal: Workflow }) {
  const [workflow, setAnswered] = useFreshest<Workflow>(fromLocal);
  const canEdit = useCanEdit();
  const { tools, error } = useWorkflowTools();
  const w = workflow!;
  if (w.source === 'own' && w.status === 'draft' && canEdit) {
    if (tools === undefined) {
      return (
        <div className="page">
          <VersionHead back={BACK} name={w.name} version={w.version} status="draft" source="own" familyId={w.id} />
          {error === null ? <p className="muted">Opening the tools…</p> : <OfflineNotice>{error} Editing this draft needs the server.</OfflineNotice>}
          <WorkflowSteps workflow={w} />
        </div>
      );
    }
    return <WorkflowDraftEditor workflow={w} tools={tools} onSaved={setAnswered} />;
  }
  return <WorkflowDetail workflow={w} canEdit={canEdit} />;
}

function WorkflowDetail({ workflow, canEdit }: { workflow: Workflow; canEdit: boolean }) {
  const online = useOnline();
  const actions = useWorkflowActions();
  const versions = useWorkflowVersions();
  const defaults = useLibraryDefaults()?.get('workflow');
  const isDefault = defaults?.targetId === workflow.id && defaults.targetSource === workflow.source;
  const newest = Math.max(workflow.version, ...(versions ?? []).filter((v) => v.source === workflow.source && v.id === workflow.id).map((v) => v.version));
  return (
    <VersionView
      back={BACK}
      shown={workflow}
      familyId={workflow.id}
      badges={isDefault ? <DefaultBadge /> : undefined}
      noun="workflow"
      canEdit={canEdit}
      online={online}
      op={actions.op}
      onNewVersion={() => void actions.newVersion(workflow)}
      offerNewVersion={workflow.source === 'official' || newest === workflow.version}
      actions={
        !isDefault && (
          <button type="button" onClick={() => void actions.setDefault(workflow)} disabled={!online || actions.op.busy !== null}>
            Set as default
          </button>
        )
      }
    >
      {newest !== workflow.version && workflow.source === 'own' && (
        <p className="muted">
          A newer version exists: <a {...linkTo({ page: 'workflow', source: 'own', id: workflow.id, version: newest })}>v{newest}</a>.
        </p>
      )}
      {workflow.description && <p>{workflow.description}</p>}
      {workflow.problems.length > 0 && (
        <section className="problems" aria-labelledby="wf-problems">
          <h2 id="wf-problems">Not complete enough to activate</h2>
          <ul>
            {workflow.problems.map((p) => (
              <li key={p}>{readableProblem(p, { rows: { steps: 'Step' } })}</li>
            ))}
          </ul>
        </section>
      )}
      <WorkflowSteps workflow={workflow} />
    </VersionView>
  );
}

function WorkflowSteps({ workflow }: { workflow: Workflow }) {
  const { tools } = useWorkflowTools();
  return (
    <ol className="steps">
      {workflow.steps.map((step, i) => {
        const tool = tools?.byId.get(step.tool);
        // The settings a step did not send take the tool's defaults: shown, so what runs is visible.
        const settings = tool === undefined ? step.settings : { ...tool.defaultSettings, ...step.settings };
        return (
          <li key={`${step.tool}-${i}`} className="step">
            <span className="step-number" aria-hidden="true">
              {i + 1}
            </span>
            <div>
              <strong>{tool?.name ?? humanize(step.tool)}</strong> <span className="muted small mono">{step.tool}</span>
              {Object.keys(settings).length > 0 && (tool === undefined || hasSettings(tool)) && (
                <dl className="settings">
                  {Object.entries(settings).map(([k, v]) => (
                    <div key={k}>
                      <dt>{humanize(k)}</dt>
                      <dd>{settingInWords(v)}</dd>
                    </div>
                  ))}
                </dl>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** A tool setting as a manager reads it: yes or no, none, a list joined by commas. */
function settingInWords(v: unknown): string {
  if (v === null || v === undefined || (Array.isArray(v) && v.length === 0)) return 'None';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  if (Array.isArray(v) && v.every((x) => typeof x === 'string' || typeof x === 'number')) return v.join(', ');
  return JSON.stringify(v);
}
