import { useEffect, useId, useState } from 'react';
import { hasRight, type AnalyzerInsights } from '@portal/shared';
import { ok } from '@portal/shared/client';
import { ManagersOnly, useOnline, useServerData } from '../admin/admin-common';
import { useApp } from '../shell/app-context';
import { ErrorAlert } from '../ui/error-alert';
import { FieldTable } from './field-table';
import { ReliabilityChart, TypeOutcomesChart, WeeklyChart } from './insight-charts';
import { percent, share } from './outcomes';

export interface InsightFilters {
  workflowId: string;
  from: string;
  to: string;
}

const NO_FILTERS: InsightFilters = { workflowId: '', from: '', to: '' };

/**
 * Insights (Managers): how well the analyzer reads this organization's documents, measured from
 * what people did with each document a run read. Asked of the server (GET /insights/analyzer,
 * counted from the ledger) when the page opens, when a filter changes and when the app is back
 * online; nothing of it is kept on the device.
 */
export function InsightsPage() {
  const { api, user } = useApp();
  const online = useOnline();
  const allowed = hasRight(user.role, 'insights.read');
  const [filters, setFilters] = useState<InsightFilters>(NO_FILTERS);
  const backwards = filters.from !== '' && filters.to !== '' && filters.to < filters.from;
  const insights = useServerData(
    () =>
      ok(
        api.GET('/insights/analyzer', {
          params: {
            query: {
              ...(filters.workflowId ? { workflowId: filters.workflowId } : {}),
              ...(filters.from ? { from: filters.from } : {}),
              ...(filters.to ? { to: filters.to } : {}),
            },
          },
        }),
      ),
    allowed && !backwards,
  );
  const { reload } = insights;
  // A new filter asks again (the first answer is asked for by useServerData itself).
  const [asked, setAsked] = useState(filters);
  useEffect(() => {
    if (asked === filters) return;
    setAsked(filters);
    if (allowed && online && !backwards) void reload();
  }, [filters, asked, allowed, online, backwards, reload]);

  const data = insights.data;
  return (
    <div className="page insights-page">
      <header className="page-header">
        <div>
          <h1>Insights</h1>
          <p className="muted">
            How well the analyzer reads your organization’s documents, measured from what your people did with each document a run read: approved as
            is, corrected, filed against another line, cut differently or junked.
          </p>
        </div>
      </header>
      {!allowed ? (
        <ManagersOnly role={user.role} />
      ) : (
        <>
          <Filters value={filters} onChange={setFilters} workflows={data?.workflows ?? []} />
          {backwards && (
            <p className="error" role="alert">
              The last day is before the first day: choose a last day on or after it.
            </p>
          )}
          {!online && (
            <p className="warning" role="status">
              You are offline. Insights are counted by the server: what is shown is what it said last.
            </p>
          )}
          <ErrorAlert error={insights.error} />
          {data === undefined ? (
            <p className="muted">{insights.error === null ? 'Counting what people decided…' : ''}</p>
          ) : (
            <InsightsBody data={data} loading={insights.loading} />
          )}
        </>
      )}
    </div>
  );
}

function Filters({ value, onChange, workflows }: { value: InsightFilters; onChange(next: InsightFilters): void; workflows: AnalyzerInsights['workflows'] }) {
  const id = useId();
  // The workflow chosen stays offered when no run of it read anything in the days chosen.
  const options = value.workflowId && !workflows.some((w) => w.id === value.workflowId) ? [...workflows, { id: value.workflowId, name: null, documents: 0 }] : workflows;
  return (
    <form className="insights-filters" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
      <div className="field">
        <label htmlFor={`${id}-workflow`}>Workflow</label>
        <select id={`${id}-workflow`} value={value.workflowId} onChange={(e) => onChange({ ...value, workflowId: e.target.value })}>
          <option value="">Every workflow</option>
          {options.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name ?? 'A workflow no longer in the library'} ({w.documents} {w.documents === 1 ? 'document' : 'documents'})
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-from`}>Read from</label>
        <input id={`${id}-from`} type="date" value={value.from} onChange={(e) => onChange({ ...value, from: e.target.value })} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-to`}>Read until</label>
        <input id={`${id}-to`} type="date" value={value.to} onChange={(e) => onChange({ ...value, to: e.target.value })} />
      </div>
      <button type="button" onClick={() => onChange(NO_FILTERS)} disabled={value.workflowId === '' && value.from === '' && value.to === ''}>
        Clear filters
      </button>
    </form>
  );
}

function InsightsBody({ data, loading }: { data: AnalyzerInsights; loading: boolean }) {
  const t = data.totals;
  const filtered = data.filters.workflowId !== null || data.filters.from !== null || data.filters.to !== null;
  if (t.decided === 0) {
    return (
      <div className="empty" aria-busy={loading}>
        <p>
          <strong>{t.documents === 0 ? (filtered ? 'No documents were read with these filters.' : 'No documents read yet.') : 'No decisions yet.'}</strong>
        </p>
        <p className="muted">
          {t.documents === 0
            ? 'Once a run reads a case’s files, its documents are counted here.'
            : `Runs read ${t.documents} ${t.documents === 1 ? 'document' : 'documents'}, and nobody has decided on ${t.documents === 1 ? 'it' : 'them'} yet. As reviewers approve, correct, refile or junk documents, the charts show how often the analyzer read them right.`}
        </p>
      </div>
    );
  }
  const judged = t.decided - t.settled;
  const fields = data.fieldTotals;
  const documents = (n: number) => `${n} ${n === 1 ? 'document' : 'documents'}`;
  return (
    <div className="insights-body" aria-busy={loading}>
      <section aria-labelledby="insights-summary">
        <h2 id="insights-summary" className="visually-hidden">
          Summary
        </h2>
        <dl className="insight-tiles">
          <Tile label="Documents read" value={String(t.documents)} note={`${t.decided} decided, ${t.pending} waiting for a person`} />
          <Tile label="Approved as is" value={percent(share(t.approvedAsIs, judged))} note={`${t.approvedAsIs} of ${judged} judged`} tone="good" />
          <Tile label="Key values corrected" value={percent(share(t.corrected, judged))} note={documents(t.corrected)} />
          <Tile label="Filed against another line" value={percent(share(t.refiled, judged))} note={documents(t.refiled)} />
          <Tile label="Boundaries changed" value={percent(share(t.boundariesChanged, judged))} note={`${data.boundaries.split} split, ${data.boundaries.merged} merged, ${data.boundaries.trimmed} trimmed`} />
          <Tile label="Junked" value={percent(share(t.junked, judged))} note={documents(t.junked)} />
          <Tile label="Key values kept as read" value={percent(share(fields.kept, fields.read))} note={`${fields.kept} of ${fields.read}; ${fields.filledIn} filled in by a person`} tone="good" />
        </dl>
        <p className="muted small">
          Shares are of the {judged} decided {judged === 1 ? 'document' : 'documents'} a person judged
          {t.settled > 0 ? ` (${t.settled} settled without filing are left out)` : ''}. A decision undone no longer counts.
        </p>
      </section>

      <div className="insights-grid">
        <section className="card insight-card" aria-labelledby="insights-weeks">
          <h2 id="insights-weeks" className="card-title">
            Week by week
          </h2>
          <p className="muted small">Documents read each week (ISO weeks), by what people did with them since, and how often they were right.</p>
          <WeeklyChart weeks={data.weeks} />
        </section>

        <section className="card insight-card" aria-labelledby="insights-reliability">
          <h2 id="insights-reliability" className="card-title">
            Confidence and being right
          </h2>
          <p className="muted small">
            For each confidence band, the share of readings people kept. A reliable analyzer’s bars reach the dashed line: 80 % sure is right 8 times in 10.
          </p>
          <ReliabilityChart reliability={data.reliability} />
        </section>

        <section className="card insight-card insight-wide" aria-labelledby="insights-types">
          <h2 id="insights-types" className="card-title">
            By document type
          </h2>
          <p className="muted small">What people did with the documents, by the type the analyzer read.</p>
          <TypeOutcomesChart types={data.types} />
        </section>
      </div>

      <section className="card insight-card" aria-labelledby="insights-fields">
        <h2 id="insights-fields" className="card-title">
          Key values, field by field
        </h2>
        <p className="muted small">Values read on documents filed with the pages the run read (as is, corrected or on another line).</p>
        <FieldTable fields={data.fields} />
      </section>
    </div>
  );
}

function Tile({ label, value, note, tone }: { label: string; value: string; note: string; tone?: 'good' }) {
  return (
    <div className={`insight-tile${tone ? ` insight-tile-${tone}` : ''}`}>
      <dt>{label}</dt>
      <dd>
        <span className="insight-tile-value">{value}</span>
        <span className="muted small">{note}</span>
      </dd>
    </div>
  );
}
