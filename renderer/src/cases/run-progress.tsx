import { isInFlight, type ApplicationRun } from '@portal/shared';

const STAGES: Record<string, string> = {
  previewing: 'Previewing the pages',
  inventory: 'Reading the packet',
  running: 'Running the workflow',
};

/** How far the run in flight is, from the replicated case: it moves as the server reports progress. */
export function RunProgress({ run }: { run: ApplicationRun }) {
  if (!isInFlight(run.state)) return null;
  const p = run.progress;
  const stage = STAGES[p?.stage ?? run.state] ?? p?.stage ?? run.state;
  const total = p?.pagesTotal ?? 0;
  const done = Math.min(p?.pagesDone ?? 0, total);
  return (
    <div className="run-progress" role="status" aria-label="Run progress">
      <span className="run-progress-stage">
        {run.number !== null ? `Run ${run.number}: ` : ''}
        {stage}
        {p?.step ? <span className="muted mono small"> · {p.step}</span> : null}
      </span>
      {total > 0 ? (
        <>
          <progress max={total} value={done} aria-label="Pages done" />
          <span className="small muted">
            {done} / {total} pages
          </span>
        </>
      ) : (
        <progress aria-label="Pages done" />
      )}
    </div>
  );
}
