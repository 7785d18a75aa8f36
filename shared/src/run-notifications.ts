import type { ApplicationRun } from './contract/runs.js';
import { NOTIFICATION_BODY_MAX, NOTIFICATION_TITLE_MAX } from './desktop-bridge.js';

/** What the watcher needs of a case (an `ApplicationDoc` has it all). */
export interface CaseRunSnapshot {
  id: string;
  applicantName: string;
  run: Pick<ApplicationRun, 'state' | 'number' | 'gateReason' | 'endedAt'> & { lastRunError?: string | undefined };
}

/** What was seen of each case last time, by case id: `runKey` of its run. */
export type SeenRuns = ReadonlyMap<string, string>;

/** A run that landed where a person should hear of it. */
export interface RunTransition {
  caseId: string;
  applicantName: string;
  outcome: 'report' | 'gated';
  runNumber: number;
  gateReason: ApplicationRun['gateReason'];
  lastRunError?: string;
}

export interface RunNotification {
  title: string;
  body: string;
}

/**
 * The run number is part of the key: a sync can jump straight from run 1's report to run 2's,
 * and that is news although the state reads the same.
 */
export function runKey(run: Pick<ApplicationRun, 'state' | 'number'>): string {
  return `${run.number ?? 0}:${run.state}`;
}

export function seenRuns(current: readonly CaseRunSnapshot[]): Map<string, string> {
  return new Map(current.map((c) => [c.id, runKey(c.run)]));
}

export interface TransitionOptions {
  /**
   * When watching began (ISO). A case this watcher never saw is news only if its run ended since
   * then: on a device's first sync every case arrives "new", and none of that is news.
   */
  since?: string;
}

/**
 * The runs that newly reached `report` or `gated` between two looks at the cases. `previous` null
 * is the first look, which only records what is there. A case at the gate that no run has started
 * on (a case just created) is no news.
 */
export function transitionsToNotify(previous: SeenRuns | null, current: readonly CaseRunSnapshot[], options: TransitionOptions = {}): RunTransition[] {
  if (previous === null) return [];
  const found: RunTransition[] = [];
  for (const c of current) {
    const { run } = c;
    if ((run.state !== 'report' && run.state !== 'gated') || run.number === null) continue;
    const before = previous.get(c.id);
    if (before === runKey(run)) continue;
    if (before === undefined && !endedSince(run.endedAt, options.since)) continue;
    found.push({
      caseId: c.id,
      applicantName: c.applicantName,
      outcome: run.state,
      runNumber: run.number,
      gateReason: run.gateReason,
      ...(run.lastRunError !== undefined ? { lastRunError: run.lastRunError } : {}),
    });
  }
  return found;
}

/** Compared as instants: the server's and the client's ISO texts may differ in their fractions. */
function endedSince(endedAt: string | null, since: string | undefined): boolean {
  if (endedAt === null || since === undefined) return false;
  return Date.parse(endedAt) >= Date.parse(since);
}

const GATE_WORDS: Record<NonNullable<ApplicationRun['gateReason']>, string> = {
  flags: 'is held at the gate: red flags wait for a person',
  emailRequired: 'is held at the gate: the account needs an email before it can run',
  analyzerUnreachable: 'stopped at the gate: the analyzer could not be reached',
  failed: 'failed and is back at the gate',
  cancelled: 'was cancelled and is back at the gate',
  interrupted: 'was interrupted (the server stopped) and is back at the gate',
};

/**
 * The notifications for some transitions: one each, or, past `max`, one that sums them up, so a
 * burst of runs landing together (a sync after a long time offline) is a single notification.
 */
export function runNotifications(transitions: readonly RunTransition[], max = 3): RunNotification[] {
  if (transitions.length > max) {
    const reports = transitions.filter((t) => t.outcome === 'report').length;
    const gated = transitions.length - reports;
    const parts = [
      ...(reports > 0 ? [`${reports} ${reports === 1 ? 'report is' : 'reports are'} ready`] : []),
      ...(gated > 0 ? [`${gated} ${gated === 1 ? 'case waits' : 'cases wait'} at the gate`] : []),
    ];
    return [{ title: `${transitions.length} cases changed`, body: `${parts.join(', ')}.` }];
  }
  return transitions.map((t) => {
    const run = `Run ${t.runNumber} of ${t.applicantName}`;
    if (t.outcome === 'report') return bounded({ title: `Report ready: ${t.applicantName}`, body: `${run} has landed: its report is ready.` });
    const why = t.gateReason === null ? 'waits at the gate' : GATE_WORDS[t.gateReason];
    const detail = t.lastRunError !== undefined && (t.gateReason === 'failed' || t.gateReason === 'analyzerUnreachable') ? ` ${t.lastRunError}` : '';
    return bounded({ title: `Needs attention: ${t.applicantName}`, body: `${run} ${why}.${detail}` });
  });
}

function bounded({ title, body }: RunNotification): RunNotification {
  return { title: clip(title, NOTIFICATION_TITLE_MAX), body: clip(body, NOTIFICATION_BODY_MAX) };
}

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  // Cut on a code point, not inside a surrogate pair.
  return `${text.slice(0, max - 1).replace(/[\uD800-\uDBFF]$/, '')}…`;
}
