import { describe, expect, it } from 'vitest';
import { runNotifications, seenRuns, transitionsToNotify, type CaseRunSnapshot } from '../src/run-notifications.js';
import { NOTIFICATION_BODY_MAX, NOTIFICATION_TITLE_MAX } from '../src/desktop-bridge.js';

type Run = CaseRunSnapshot['run'];
const SINCE = '2026-11-24T12:00:00.000Z';

function aCase(id: string, run: Partial<Run>, applicantName = `Applicant ${id}`): CaseRunSnapshot {
  return { id, applicantName, run: { state: 'gated', number: null, gateReason: null, endedAt: null, ...run } };
}
const inFlight = (id: string, number = 1) => aCase(id, { state: 'running', number });
const landed = (id: string, number = 1, endedAt = '2026-11-24T12:05:00.000Z') => aCase(id, { state: 'report', number, endedAt });
const held = (id: string, gateReason: Run['gateReason'], number = 1, lastRunError?: string) =>
  aCase(id, { state: 'gated', number, gateReason, endedAt: '2026-11-24T12:05:00.000Z', ...(lastRunError ? { lastRunError } : {}) });

describe('transitionsToNotify', () => {
  it('only records on the first look, whatever it finds', () => {
    expect(transitionsToNotify(null, [landed('a'), held('b', 'flags')], { since: SINCE })).toEqual([]);
  });

  it('reports a run that moved on to its report or to the gate', () => {
    const before = seenRuns([inFlight('a'), inFlight('b'), inFlight('c')]);
    const after = [landed('a'), held('b', 'failed', 1, 'The analyzer answered 500.'), inFlight('c')];
    expect(transitionsToNotify(before, after)).toEqual([
      { caseId: 'a', applicantName: 'Applicant a', outcome: 'report', runNumber: 1, gateReason: null },
      { caseId: 'b', applicantName: 'Applicant b', outcome: 'gated', runNumber: 1, gateReason: 'failed', lastRunError: 'The analyzer answered 500.' },
    ]);
  });

  it('says nothing of a state already seen', () => {
    const now = [landed('a'), held('b', 'flags')];
    expect(transitionsToNotify(seenRuns(now), now)).toEqual([]);
  });

  it('sees a second run land although the state reads the same as before', () => {
    const before = seenRuns([landed('a', 1), held('b', 'flags', 1)]);
    const result = transitionsToNotify(before, [landed('a', 2), held('b', 'failed', 2)]);
    expect(result.map((t) => [t.caseId, t.outcome, t.runNumber])).toEqual([
      ['a', 'report', 2],
      ['b', 'gated', 2],
    ]);
  });

  it('keeps quiet about a new case no run has started on, and about runs still in flight', () => {
    const before = seenRuns([]);
    expect(transitionsToNotify(before, [aCase('new', {}), inFlight('x')], { since: SINCE })).toEqual([]);
    expect(transitionsToNotify(seenRuns([inFlight('a')]), [aCase('a', { state: 'previewing', number: 2 })])).toEqual([]);
  });

  it('tells of a case new to this device only when its run ended after watching began', () => {
    const before = seenRuns([]);
    const fresh = landed('fresh', 1, '2026-11-24T12:00:01.000Z');
    const old = landed('old', 1, '2026-11-20T09:00:00.000Z');
    expect(transitionsToNotify(before, [fresh, old], { since: SINCE }).map((t) => t.caseId)).toEqual(['fresh']);
    // As instants, not as text: "…00Z" sorts after "…00.500Z" but is half a second before it.
    expect(transitionsToNotify(before, [landed('edge', 1, '2026-11-24T12:00:00Z')], { since: '2026-11-24T12:00:00.500Z' })).toEqual([]);
    // Without a start, a first sync filling an empty device is never news.
    expect(transitionsToNotify(before, [fresh, old])).toEqual([]);
  });
});

describe('runNotifications', () => {
  it('names the applicant and what happened', () => {
    const before = seenRuns([inFlight('a'), inFlight('b'), inFlight('c')]);
    const transitions = transitionsToNotify(before, [
      landed('a'),
      held('b', 'flags', 1),
      held('c', 'analyzerUnreachable', 1, 'No answer from the analyzer for 60 s.'),
    ]);
    expect(runNotifications(transitions)).toEqual([
      { title: 'Report ready: Applicant a', body: 'Run 1 of Applicant a has landed: its report is ready.' },
      { title: 'Needs attention: Applicant b', body: 'Run 1 of Applicant b is held at the gate: red flags wait for a person.' },
      {
        title: 'Needs attention: Applicant c',
        body: 'Run 1 of Applicant c stopped at the gate: the analyzer could not be reached. No answer from the analyzer for 60 s.',
      },
    ]);
  });

  it('sums up a burst in one notification', () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    const transitions = transitionsToNotify(seenRuns(ids.map((id) => inFlight(id))), [landed('a'), landed('b'), landed('c'), held('d', 'failed'), held('e', 'cancelled')]);
    expect(runNotifications(transitions)).toEqual([{ title: '5 cases changed', body: '3 reports are ready, 2 cases wait at the gate.' }]);
    expect(runNotifications(transitions.slice(0, 4), 3)).toEqual([{ title: '4 cases changed', body: '3 reports are ready, 1 case waits at the gate.' }]);
  });

  it('keeps within what the bridge accepts, cutting between characters', () => {
    const name = '😀'.repeat(300);
    const [notification] = runNotifications(
      transitionsToNotify(seenRuns([inFlight('a')]), [{ ...held('a', 'failed', 1, 'x'.repeat(2000)), applicantName: name }]),
    );
    expect(notification!.title.length).toBeLessThanOrEqual(NOTIFICATION_TITLE_MAX);
    expect(notification!.body.length).toBeLessThanOrEqual(NOTIFICATION_BODY_MAX);
    expect(notification!.title.endsWith('…')).toBe(true);
    expect(notification!.title).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
