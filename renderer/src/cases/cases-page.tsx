import { useMemo, useState } from 'react';
import { caseAttention, checklistCounts, RUN_STATES, sortCases, type CaseAttention, type CaseSort, type ChecklistDocument, type RunStateName } from '@portal/shared';
import type { ApplicationDoc } from '@portal/shared/sync';
import { isListKind } from '../data/library-groups';
import { useCases, useChecklistDocuments, useOpenFindingCounts } from '../data/use-cases';
import { useListVersions, withoutShadowed } from '../data/use-local';
import { linkTo } from '../shell/router';
import { RUN_STATE_LABELS, RunStateBadge } from './run-state-badge';

export const formatDateTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The organization's cases, read from the local copy: open one to review it, online or not. */
export function CasesPage() {
  const cases = useCases();
  const findings = useOpenFindingCounts();
  const checklists = useChecklistDocuments();
  const [search, setSearch] = useState('');
  const [state, setState] = useState<RunStateName | ''>('');
  // What needs a person first, unless the reviewer picks another column.
  const [order, setOrder] = useState<{ sort: CaseSort; reversed: boolean }>({ sort: 'attention', reversed: false });
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const matching = cases?.filter((c) => (state === '' || c.run.state === state) && (needle === '' || c.applicantName.toLowerCase().includes(needle)));
    return matching && sortCases(matching, order.sort, (c) => findings?.get(c.id) ?? 0, order.reversed);
  }, [cases, search, state, order, findings]);
  const header = (sort: CaseSort, label: string, first: string) => (
    <SortableHeader
      label={label}
      first={first}
      firstIs={FIRST_DIRECTION[sort]}
      active={order.sort === sort}
      reversed={order.reversed}
      onSort={() => setOrder((o) => ({ sort, reversed: o.sort === sort ? !o.reversed : false }))}
    />
  );

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>Cases</h1>
          <p className="muted">Every case of your organization, kept on this device: review them even while offline.</p>
        </div>
        <a className="button primary" {...linkTo({ page: 'new-case' })}>
          New case
        </a>
      </header>
      {cases?.length !== 0 && (
        <div className="case-filters" role="search">
          <label>
            <span className="visually-hidden">Search applicants</span>
            <input type="search" placeholder="Search applicants" value={search} onChange={(e) => setSearch(e.target.value)} />
          </label>
          <label>
            <span className="visually-hidden">Run state</span>
            <select value={state} onChange={(e) => setState(e.target.value as RunStateName | '')} aria-label="Run state">
              <option value="">Every state</option>
              {RUN_STATES.map((s) => (
                <option key={s} value={s}>
                  {RUN_STATE_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
      {shown === undefined ? (
        <p className="muted">Opening cases…</p>
      ) : cases!.length === 0 ? (
        <FirstCase />
      ) : shown.length === 0 ? (
        <p className="muted">No case matches.</p>
      ) : (
        <table className="case-table">
          <thead>
            <tr>
              {header('applicant', 'Applicant', 'A to Z')}
              {header('state', 'State', 'at the gate first')}
              {header('filed', 'Expected documents', 'least filed first')}
              {header('attention', 'Flags', 'what needs a person first')}
              {header('created', 'Created', 'newest first')}
            </tr>
          </thead>
          <tbody>
            {shown.map((c) => (
              <tr key={c.id}>
                <th scope="row">
                  <a {...linkTo({ page: 'case', id: c.id })}>
                    {c.applicantName}
                  </a>
                  {c.sample && <span className="badge badge-origin">Sample</span>}
                </th>
                <td>
                  <RunStateBadge state={c.run.state} />
                </td>
                <td>
                  <ChecklistCell application={c} documents={checklists?.get(c.id)} />
                </td>
                <td>
                  <FlagCount attention={caseAttention(c, findings?.get(c.id) ?? 0)} held={c.run.flags.length > 0} />
                </td>
                <td className="muted">{formatDateTime(c.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/**
 * No case yet (a new organization's first view): what a case is and the one step to start one,
 * with the lists ready for it, so nobody has to find the way from the library.
 */
function FirstCase() {
  const versions = useListVersions();
  const ready = useMemo(
    () =>
      [...new Set(withoutShadowed((versions ?? []).filter(isListKind)).filter((v) => v.status === 'active').map((v) => v.name))].sort((a, b) => a.localeCompare(b)),
    [versions],
  );
  return (
    <section className="empty first-case" aria-labelledby="first-case-title">
      <h2 id="first-case-title">Start your first case</h2>
      <p>
        A case is one applicant’s PDFs checked against a list of the documents it must contain. Give the applicant’s name, choose the list, drop the PDFs: the
        workflow files each document against the list, and you review what it found.
      </p>
      {ready.length > 0 && (
        <p className="muted">
          Lists ready to use: {ready.slice(0, 4).join(', ')}
          {ready.length > 4 ? ` and ${ready.length - 4} more` : ''}.
        </p>
      )}
      <p className="first-case-actions">
        <a className="button primary" {...linkTo({ page: 'new-case' })}>
          Start a case
        </a>
        <a className="button" {...linkTo({ page: 'library' })}>
          See the lists in the library
        </a>
      </p>
      <p className="muted small">Cases your colleagues create appear here as they sync, and stay on this device for review offline.</p>
    </section>
  );
}

/**
 * How far a case's expected documents are met, as a reviewer reads it: lines a person accepted
 * (approved a document for), then lines the run alone filed, which still wait for review. "2 / 7
 * filed" with nothing decided read as two lines checked.
 */
function ChecklistCell({ application, documents }: { application: ApplicationDoc; documents: readonly ChecklistDocument[] | undefined }) {
  // A copy of the case stored before its own lines were replicated: the listing's count is all there is.
  if (application.expectedDocs === undefined) {
    return (
      <span className="checklist-cell">
        {application.docsFiled} of {application.docsTotal} filed
      </span>
    );
  }
  const { accepted, toReview, total } = checklistCounts(application.expectedDocs, documents ?? []);
  return (
    <span className="checklist-cell">
      <span>
        {accepted} of {total} accepted
      </span>
      {toReview > 0 && <span className="muted small">{toReview} filed by the run, to review</span>}
    </span>
  );
}

type Direction = 'ascending' | 'descending';
/** Which way each order's first direction runs, for assistive technology (`aria-sort`). */
const FIRST_DIRECTION: Record<CaseSort, Direction> = { attention: 'descending', applicant: 'ascending', state: 'ascending', filed: 'ascending', created: 'descending' };

/**
 * A column that orders the list: the first click gives its first direction (`first`, what needs a
 * person first where that means anything), the next turns it round.
 */
function SortableHeader(props: { label: string; first: string; firstIs: Direction; active: boolean; reversed: boolean; onSort: () => void }) {
  const direction = props.active ? (props.reversed ? 'reversed' : props.first) : undefined;
  const turned: Direction = props.firstIs === 'ascending' ? 'descending' : 'ascending';
  return (
    <th scope="col" aria-sort={props.active ? (props.reversed ? turned : props.firstIs) : 'none'}>
      <button type="button" className="sort-header" onClick={props.onSort} title={props.active ? `Sorted ${direction}; click to turn round` : `Sort: ${props.first}`}>
        {props.label}
        <span aria-hidden="true" className="sort-mark">
          {props.active ? (props.reversed ? ' ▲' : ' ▼') : ''}
        </span>
      </button>
    </th>
  );
}

/**
 * What holds a case or waits on a person (shared/src/case-order.ts): the gate's red flags (a case
 * held for another reason counts as one hold) and the findings of the workflow's checks on
 * documents nobody decided yet.
 */
function FlagCount({ attention, held }: { attention: CaseAttention; held: boolean }) {
  const { holds, findings, total } = attention;
  if (total === 0) return <span className="muted">0</span>;
  const parts = [
    ...(holds > 0 ? [held ? `${holds} red flag${holds === 1 ? '' : 's'} at the gate` : 'held at the gate'] : []),
    ...(findings > 0 ? [`${findings} finding${findings === 1 ? '' : 's'} on documents to decide`] : []),
  ];
  return (
    <span className={`badge ${holds > 0 ? 'badge-invalid' : 'badge-default'}`} title={parts.join(' · ')} aria-label={`${total}: ${parts.join(', ')}`}>
      {total}
    </span>
  );
}
