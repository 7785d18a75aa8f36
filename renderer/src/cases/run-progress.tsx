import { isInFlight, type ApplicationRun } from '@portal/shared';
import { humanize } from '../workflows/humanize';

const STAGES: Record<string, string> = {
  previewing: 'Previewing the pages',
  inventory: 'Reading the packet',
  running: 'Running the workflow',
};

/** What the workflow step at work does, as a reviewer would say it; a step not listed is its tool's name. */
const STEPS: Record<string, string> = {
  parse: 'reading each page, scans with OCR',
  'classify-and-file': 'sorting the pages into documents',
  'extract-key-data': 'reading the key data',
  'applicant-name-match': 'checking names against the applicant',
  'expiry-check': 'checking expiry dates',
  'completeness-report': 'checking what the list still needs',
};

/** How far the run in flight is, from the replicated case: it moves as the server reports progress (while OCR reads a scan, page by page). */
export function RunProgress({ run }: { run: ApplicationRun }) {
  if (!isInFlight(run.state)) return null;
  const p = run.progress;
  const stage = STAGES[p?.stage ?? run.state] ?? p?.stage ?? run.state;
  const total = p?.pagesTotal ?? 0;
  const done = Math.min(p?.pagesDone ?? 0, total);
  const step = p?.step ? (STEPS[p.step] ?? humanize(p.step).toLowerCase()) : null;
  return (
    <div className="run-progress" role="status" aria-label="Run progress">
      <span className="run-progress-stage">
        {run.number !== null ? `Run ${run.number}: ` : ''}
        {stage}
        {step ? <span className="muted small"> · {step}</span> : null}
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
