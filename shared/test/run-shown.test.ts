import { describe, expect, it } from 'vitest';
import type { ApplicationRun } from '../src/contract/runs.js';
import { shownRun, type RunLedgerRow } from '../src/run-shown.js';

const NO_RUN: ApplicationRun = { state: 'gated', kind: null, number: null, gateReason: null, flags: [], workflow: null, decidedBy: null, authenticatedAs: null, progress: null, startedAt: null, endedAt: null };
const running = (n: number, state: ApplicationRun['state'] = 'running'): ApplicationRun => ({
  ...NO_RUN,
  state,
  kind: 'parse',
  number: n,
  workflow: { id: 'standard-intake', version: 1 },
  progress: { stage: state, step: null, pagesDone: 2, pagesTotal: 6 },
  startedAt: '2026-11-26T10:00:00.000Z',
});
let seq = 0;
const row = (action: string, target: string, detail: Record<string, unknown> = {}): RunLedgerRow => ({ seq: ++seq, action, target, detail });
const created = [row('application.created', 'application:app1'), row('file.received', 'file:f1')];

describe('the run a case page shows, from the case and its ledger', () => {
  it('takes the ledger when it tells of a run the case does not have yet: never "no run has started" beside "run started"', () => {
    const checking = { ...NO_RUN, preflight: { step: 'preflight' as const, fileName: 'p01.pdf', filesDone: 1, filesTotal: 1, pagesDone: 6, pagesTotal: 6, startedAt: 'x', updatedAt: 'x' } };
    const shown = shownRun(checking, [...created, row('run.started', 'run:1', { state: 'previewing' })]);
    expect(shown).toMatchObject({ state: 'previewing', number: 1, gateReason: null, progress: null, fromLedger: true });
    expect(shown.preflight).toBeUndefined();
  });

  it('takes the ledger when it tells of the same run further on: cancelled, failed, landed', () => {
    const started = [...created, row('run.started', 'run:1', { state: 'running' })];
    expect(shownRun(running(1), [...started, row('run.cancelled', 'run:1', { decidedBy: 'Ivy', state: 'running' })])).toMatchObject({
      state: 'gated',
      gateReason: 'cancelled',
      lastRunError: 'Cancelled by Ivy during running; the case is back at the gate',
      progress: null,
      fromLedger: true,
    });
    expect(shownRun(running(1), [...started, row('run.failed', 'run:1', { error: 'The analyzer went silent' })])).toMatchObject({ state: 'gated', gateReason: 'failed', lastRunError: 'The analyzer went silent' });
    expect(shownRun(running(1), [...started, row('run.reported', 'run:1')])).toMatchObject({ state: 'report', fromLedger: true });
    expect(shownRun(NO_RUN, [...created, row('gate.refused', 'run:1', { reason: 'flags', flags: [{ fileId: 'f1', page: 1, code: 'low_dpi', note: 'n' }] })])).toMatchObject({
      state: 'gated',
      number: 1,
      gateReason: 'flags',
      flags: [{ code: 'low_dpi' }],
    });
  });

  it('keeps the case when it knows as much or more: progress and all', () => {
    const run = running(2, 'inventory');
    expect(shownRun(run, undefined)).toEqual({ ...run, fromLedger: false });
    expect(shownRun(run, [...created, row('run.started', 'run:2', { state: 'previewing' })])).toEqual({ ...run, fromLedger: false });
    expect(shownRun(run, [...created, row('run.reported', 'run:1'), row('run.stage', 'run:2', { state: 'inventory' })])).toEqual({ ...run, fromLedger: false });
    const cancelled = { ...running(1), state: 'gated' as const, gateReason: 'cancelled' as const, progress: null, lastRunError: 'Cancelled by Ivy' };
    expect(shownRun(cancelled, [...created, row('run.started', 'run:1', { state: 'running' }), row('run.cancelled', 'run:1')])).toEqual({ ...cancelled, fromLedger: false });
    // Rows of other things, and of an action this client does not know, move nothing.
    expect(shownRun(NO_RUN, [...created, row('run.someday', 'run:1'), row('document.approved', 'document:x')])).toEqual({ ...NO_RUN, fromLedger: false });
  });

  it('follows a later run the ledger tells of, after a cancelled one', () => {
    const cancelled = { ...running(1), state: 'gated' as const, gateReason: 'cancelled' as const, progress: null, lastRunError: 'Cancelled by Ivy' };
    const shown = shownRun(cancelled, [...created, row('run.cancelled', 'run:1'), row('run.started', 'run:2', { state: 'previewing' })]);
    expect(shown).toMatchObject({ state: 'previewing', number: 2, gateReason: null, workflow: null, fromLedger: true });
    expect(shown.lastRunError).toBeUndefined();
  });
});
