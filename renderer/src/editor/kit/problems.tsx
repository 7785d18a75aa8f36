import { readableProblem, readableRefusal, type ProblemWording } from '@portal/shared';

export { splitProblems } from '@portal/shared';

/**
 * Which row of the form a problem is about, from the way the server names it: the body path
 * (`body.questions.2.prompt`), or the schema rules' "Field 3 (…)" and the workflow rules' "step 3 (…)".
 */
export function rowOfProblem(problem: string, rows: 'fields' | 'steps' | 'questions'): number | null {
  const path = new RegExp(`(?:^|\\s)(?:body\\.)?${rows}\\.(\\d+)\\b`).exec(problem);
  if (path) return Number(path[1]);
  const named = rows === 'fields' ? /\bField (\d+) \(/.exec(problem) : rows === 'steps' ? /\bstep (\d+) \(/.exec(problem) : null;
  return named ? Number(named[1]) - 1 : null;
}

/** Problems by row, and those that name no row. */
export function problemsByRow(problems: readonly string[], rows: 'fields' | 'steps' | 'questions') {
  const byRow = new Map<number, string[]>();
  const general: string[] = [];
  for (const p of problems) {
    const row = rowOfProblem(p, rows);
    if (row === null) general.push(p);
    else byRow.set(row, [...(byRow.get(row) ?? []), p]);
  }
  return { byRow, general };
}

/** The zod issues of a check run before sending, in the server's words (`fields.0.name: …`), so both read alike below. */
export function issuesOf(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string[] {
  return error.issues.map((i) => (i.path.length > 0 ? `${i.path.map(String).join('.')}: ${i.message}` : i.message));
}

/**
 * A refusal of the server (or of the checks run before sending), as a list of what to fix, in a
 * manager's words: the problems keep the API's paths and zod's wording until shown here, because
 * placing them by row reads those paths.
 */
export function ProblemsPanel({ title, problems, hint, wording }: { title: string; problems: readonly string[]; hint?: string; wording?: ProblemWording }) {
  if (problems.length === 0) return null;
  const shown = [...new Set(problems.map((p) => readableProblem(p, wording)))];
  return (
    <section className="problems" role="alert" aria-label={title}>
      <h2>{title}</h2>
      {hint !== undefined && <p className="small">{hint}</p>}
      <ul>
        {shown.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </section>
  );
}

/** The problems of one row, shown right under it, without naming the row again. */
export function RowProblems({ problems, wording }: { problems: readonly string[] | undefined; wording?: ProblemWording }) {
  if (!problems || problems.length === 0) return null;
  const shown = [...new Set(problems.map((p) => readableProblem(p, { ...wording, inRow: true })))];
  return (
    <ul className="lib-row-problems" role="alert">
      {shown.map((p) => (
        <li key={p}>{p}</li>
      ))}
    </ul>
  );
}

/** A refusal shown whole, next to the small form it refused (a line, a saved section), in plain words. */
export function Refusal({ message }: { message: string | null }) {
  if (message === null) return null;
  return (
    <p className="error" role="alert">
      {readableRefusal(message)}
    </p>
  );
}
