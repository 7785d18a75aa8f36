import type { ApplicationRun, GateFlag, GateReasonName, RunStateName } from './contract/runs.js';
import { GATE_REASONS, RUN_STATES } from './contract/runs.js';

/** What the case's run needs of a ledger row (a replicated `LedgerEventDoc` has it). */
export interface RunLedgerRow {
  seq: number;
  action: string;
  target: string;
  detail: Record<string, unknown>;
}

/** The case's run as shown, and whether the ledger told of it before the case did. */
export type ShownRun = ApplicationRun & { fromLedger: boolean };

/**
 * How far a run got, for comparing what the case and the ledger say of the same run: held at the
 * gate before it started, each state in flight, then ended (landed, failed or cancelled).
 */
const HELD = 0;
const ENDED = 4;
const IN_FLIGHT_RANK: Partial<Record<RunStateName, number>> = { previewing: 1, inventory: 2, running: 3, report: ENDED };

function rankOfCase(run: ApplicationRun): number {
  if (run.state !== 'gated') return IN_FLIGHT_RANK[run.state] ?? HELD;
  return run.gateReason === 'failed' || run.gateReason === 'cancelled' || run.gateReason === 'interrupted' ? ENDED : HELD;
}

interface LedgerRun {
  number: number;
  rank: number;
  state: RunStateName;
  gateReason: GateReasonName | null;
  error?: string;
  flags: GateFlag[];
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const stateOf = (v: unknown): RunStateName | undefined => (RUN_STATES as readonly unknown[]).includes(v) ? (v as RunStateName) : undefined;
const reasonOf = (v: unknown): GateReasonName | null => ((GATE_REASONS as readonly unknown[]).includes(v) ? (v as GateReasonName) : null);

/** What one run row of the ledger says of its run, or undefined for a row that moves nothing. */
function ledgerStep(row: RunLedgerRow): Omit<LedgerRun, 'number'> | undefined {
  const d = row.detail;
  switch (row.action) {
    case 'gate.refused':
      return { rank: HELD, state: 'gated', gateReason: reasonOf(d.reason), flags: Array.isArray(d.flags) ? (d.flags as GateFlag[]) : [], ...(text(d.error) ? { error: text(d.error)! } : {}) };
    case 'run.started':
    case 'run.stage':
    case 'run.resumed': {
      const state = stateOf(d.state);
      return state === undefined ? undefined : { rank: IN_FLIGHT_RANK[state] ?? HELD, state, gateReason: null, flags: [] };
    }
    case 'run.reported':
      return { rank: ENDED, state: 'report', gateReason: null, flags: [] };
    case 'run.failed':
      return { rank: ENDED, state: 'gated', gateReason: 'failed', flags: [], ...(text(d.error) ? { error: text(d.error)! } : {}) };
    case 'run.cancelled':
      return { rank: ENDED, state: 'gated', gateReason: 'cancelled', flags: [], error: `Cancelled${text(d.decidedBy) ? ` by ${text(d.decidedBy)}` : ''}${text(d.state) ? ` during ${text(d.state)}` : ''}; the case is back at the gate` };
    default:
      return undefined;
  }
}

/** The latest run the ledger tells of: the highest run number, as its latest row leaves it. */
function lastLedgerRun(ledger: readonly RunLedgerRow[]): LedgerRun | undefined {
  let last: (LedgerRun & { seq: number }) | undefined;
  for (const row of ledger) {
    const n = /^run:(\d+)$/.exec(row.target)?.[1];
    if (n === undefined) continue;
    const step = ledgerStep(row);
    if (step === undefined) continue;
    const number = Number(n);
    if (last === undefined || number > last.number || (number === last.number && row.seq > last.seq)) last = { ...step, number, seq: row.seq };
  }
  return last;
}

/**
 * The case's run as a reviewer should see it, from the case and its ledger, which replicate apart
 * and arrive in either order: whichever tells of more — a later run, or the same run further on —
 * is shown, so the page never says "no run has started" beside a ledger that says it did. When the
 * ledger is ahead, what only the case knows (progress, pre-flight) is left out until it catches up.
 */
export function shownRun(run: ApplicationRun, ledger: readonly RunLedgerRow[] | undefined): ShownRun {
  const told = ledger === undefined ? undefined : lastLedgerRun(ledger);
  const caseNumber = run.number ?? 0;
  if (told === undefined || told.number < caseNumber || (told.number === caseNumber && told.rank <= rankOfCase(run))) return { ...run, fromLedger: false };
  const { preflight: _left, lastRunError: _stale, ...known } = run;
  const sameRun = told.number === caseNumber;
  return {
    ...known,
    state: told.state,
    kind: 'parse',
    number: told.number,
    gateReason: told.state === 'gated' ? told.gateReason : null,
    flags: told.state === 'gated' && told.gateReason === 'flags' ? told.flags : [],
    progress: null,
    ...(sameRun ? {} : { workflow: null, startedAt: null }),
    endedAt: told.rank === ENDED ? (sameRun ? run.endedAt : null) : null,
    ...(told.state === 'gated' && told.error !== undefined ? { lastRunError: told.error } : {}),
    fromLedger: true,
  };
}
