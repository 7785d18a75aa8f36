import { describe, expect, it } from 'vitest';
import { answerParts, holderOf } from '../src/client/citations.js';
import { applyEvent, initialLive, parseEvents, type LiveTurn, type TurnEvent } from '../src/client/turn-events.js';

const citation = { address: 'f1:p2-3', fileId: 'f1', page: 2, line: 4, quote: 'Net pay 2,345.00' };

describe('a turn’s event stream as the case page reads it', () => {
  it('parses numbered events, skips comments and keeps an unfinished event for the next chunk', () => {
    const { events, rest } = parseEvents('retry: 1000\n\n: ping\n\nid: 1\nevent: retrieval\ndata: {"lines":[]}\n\nid: 2\nevent: delta\ndata: {"text":"Net "}\n\nid: 3\nevent: del');
    expect(events).toEqual([
      { id: 1, event: 'retrieval', data: { lines: [] } },
      { id: 2, event: 'delta', data: { text: 'Net ' } },
    ]);
    expect(rest).toBe('id: 3\nevent: del');
    const next = parseEvents(`${rest}ta\r\ndata: {"text":"pay"}\r\n\r\n`);
    expect(next.events).toEqual([{ id: 3, event: 'delta', data: { text: 'pay' } }]);
    expect(next.rest).toBe('');
  });

  it('writes the answer in from deltas, collects citations, forgets them on restart, and ends on done or failed', () => {
    const run = (events: TurnEvent[], from: LiveTurn = initialLive()) => events.reduce(applyEvent, from);
    const live = run([
      { id: 1, event: 'retrieval', data: { lines: [] } },
      { id: 2, event: 'delta', data: { text: 'Net pay ' } },
      { id: 3, event: 'delta', data: { text: '2,345.00 [1]' } },
      { id: 4, event: 'citation', data: citation },
    ]);
    expect(live).toMatchObject({ text: 'Net pay 2,345.00 [1]', citations: [citation], lastId: 4, connection: 'open' });
    expect(live.ended).toBeUndefined();

    // A reconnect carries on from `lastId`: what follows is added, nothing is repeated.
    const resumed = run([{ id: 5, event: 'usage', data: {} }], { ...live, connection: 'reconnecting' });
    expect(resumed).toMatchObject({ text: live.text, lastId: 5, connection: 'open' });

    const restarted = run([{ id: 6, event: 'restart', data: { reason: 'stopped' } }, { id: 7, event: 'delta', data: { text: 'Again' } }], live);
    expect(restarted).toMatchObject({ text: 'Again', citations: [], lastId: 7 });

    const turn = { id: 't1', answer: 'Net pay 2,345.00 [1]' };
    expect(run([{ id: 8, event: 'done', data: turn }], live).ended).toEqual({ turn });
    expect(run([{ id: 8, event: 'failed', data: { error: 'The model was silent' } }], live).ended).toEqual({ error: 'The model was silent' });
    // An event without an id (the server's own `failed` after a lost job) keeps the last one.
    expect(run([{ id: null, event: 'failed', data: { error: 'x' } }], live).lastId).toBe(4);
  });
});

describe('citations on the case page', () => {
  it('cuts an answer at its [n] markers', () => {
    expect(answerParts('Net pay 2,345.00 [1]; gross [2].')).toEqual([{ text: 'Net pay 2,345.00 ' }, { cite: 1 }, { text: '; gross ' }, { cite: 2 }, { text: '.' }]);
    expect(answerParts('No evidence found in the case’s documents.')).toEqual([{ text: 'No evidence found in the case’s documents.' }]);
  });

  it('finds the listed document holding a cited page, else the junked pages holding it', () => {
    const documents = [
      { address: 'f1:p1-1', spans: [{ fileId: 'f1', pages: [1] }] },
      { address: 'f1:p2-3', spans: [{ fileId: 'f1', pages: [2, 3] }] },
    ];
    const junked = [{ address: 'f1:p4-4', spans: [{ fileId: 'f1', pages: [4] }] }];
    expect(holderOf({ fileId: 'f1', page: 3 }, documents, junked)).toEqual({ item: documents[1], junked: false });
    expect(holderOf({ fileId: 'f1', page: 4 }, documents, junked)).toEqual({ item: junked[0], junked: true });
    expect(holderOf({ fileId: 'f2', page: 1 }, documents, junked)).toBeUndefined();
  });
});
