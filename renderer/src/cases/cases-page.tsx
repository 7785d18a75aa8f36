import { useMemo, useState } from 'react';
import { RUN_STATES, type ApplicationRun, type RunStateName } from '@portal/shared';
import { useCases, useOpenFindingCounts } from '../data/use-cases';
import { linkTo } from '../shell/router';
import { RUN_STATE_LABELS, RunStateBadge } from './run-state-badge';

export const formatDateTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The organization's cases, read from the local copy: open one to review it, online or not. */
export function CasesPage() {
  const cases = useCases();
  const findings = useOpenFindingCounts();
  const [search, setSearch] = useState('');
  const [state, setState] = useState<RunStateName | ''>('');
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return cases?.filter((c) => (state === '' || c.run.state === state) && (needle === '' || c.applicantName.toLowerCase().includes(needle)));
  }, [cases, search, state]);

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
      {shown === undefined ? (
        <p className="muted">Opening cases…</p>
      ) : cases!.length === 0 ? (
        <div className="empty">
          <p>
            <strong>No cases on this device yet.</strong>
          </p>
          <p className="muted">Cases arrive with the next sync once one is created; start one with “New case”.</p>
        </div>
      ) : shown.length === 0 ? (
        <p className="muted">No case matches.</p>
      ) : (
        <table className="case-table">
          <thead>
            <tr>
              <th scope="col">Applicant</th>
              <th scope="col">State</th>
              <th scope="col">Documents filed</th>
              <th scope="col">Flags</th>
              <th scope="col">Created</th>
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
                  {c.docsFiled} / {c.docsTotal}
                </td>
                <td>
                  <FlagCount run={c.run} findings={findings?.get(c.id) ?? 0} />
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
 * What holds a case or waits on a person: the gate's red flags (a case held for another reason,
 * an email missing or the analyzer unreachable, counts as one hold) and the findings of the
 * workflow's checks on documents nobody decided yet.
 */
function FlagCount({ run, findings }: { run: ApplicationRun; findings: number }) {
  const holds = run.state === 'gated' && run.gateReason !== null ? Math.max(1, run.flags.length) : 0;
  const total = holds + findings;
  if (total === 0) return <span className="muted">0</span>;
  const parts = [
    ...(holds > 0 ? [run.flags.length > 0 ? `${holds} red flag${holds === 1 ? '' : 's'} at the gate` : 'held at the gate'] : []),
    ...(findings > 0 ? [`${findings} finding${findings === 1 ? '' : 's'} on documents to decide`] : []),
  ];
  return (
    <span className={`badge ${holds > 0 ? 'badge-invalid' : 'badge-default'}`} title={parts.join(' · ')} aria-label={`${total}: ${parts.join(', ')}`}>
      {total}
    </span>
  );
}
