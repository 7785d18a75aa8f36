import { describe, expect, it } from 'vitest';
import { evictionPlan, linesKey, pageWithinPdf, pagesOf, pdfKey, pinPlan, spanQuery, usageOf, type CacheEntryMeta } from '../src/client/page-cache-policy.js';

describe('page cache policy', () => {
  it('names exactly the pages of a document, in its order, as pages-pdf spans', () => {
    expect(spanQuery([{ fileId: 'f1', pages: [1, 2, 3] }])).toEqual(['f1:p1-3']);
    expect(spanQuery([{ fileId: 'f1', pages: [2, 1] }])).toEqual(['f1:p2-2', 'f1:p1-1']);
    expect(spanQuery([{ fileId: 'f1', pages: [1, 2, 4] }, { fileId: 'f2', pages: [5, 6] }])).toEqual(['f1:p1-2', 'f1:p4-4', 'f2:p5-6']);
    expect(spanQuery([])).toEqual([]);
    expect(pagesOf([{ fileId: 'a', pages: [3] }, { fileId: 'b', pages: [1, 2] }])).toEqual([
      { fileId: 'a', page: 3 },
      { fileId: 'b', page: 1 },
      { fileId: 'b', page: 2 },
    ]);
    expect(pdfKey('app1', [{ fileId: 'f1', pages: [1, 2] }])).toBe('pdf:app1:f1:p1-2');
    expect(linesKey('app1', 'f1', 3)).toBe('lines:app1:f1:3');
  });

  it('plans a pin: each document’s PDF once, every page’s lines once, each flagged page alone', () => {
    const plan = pinPlan(
      [{ spans: [{ fileId: 'f', pages: [1, 2] }] }, { spans: [{ fileId: 'f', pages: [3] }] }, { spans: [{ fileId: 'f', pages: [1, 2] }] }],
      [{ fileId: 'g', page: 4 }, { fileId: 'g', page: 4 }],
    );
    expect(plan.pdfs).toEqual([[{ fileId: 'f', pages: [1, 2] }], [{ fileId: 'f', pages: [3] }], [{ fileId: 'g', pages: [4] }]]);
    expect(plan.lines).toEqual([1, 2, 3].map((page) => ({ fileId: 'f', page })));
  });

  const entry = (key: string, caseId: string, bytes: number, lastUsed: number): CacheEntryMeta => ({ key, caseId, bytes, lastUsed });

  it('evicts least recently used first until under budget, never a pinned case’s entry or one on screen', () => {
    const entries = [entry('a', 'c1', 40, 3), entry('b', 'c2', 40, 1), entry('c', 'c1', 40, 2), entry('d', 'c3', 40, 0), entry('e', 'c1', 40, 4)];
    expect(evictionPlan(entries, new Set(), 200)).toEqual([]);
    expect(evictionPlan(entries, new Set(), 120)).toEqual(['d', 'b']);
    // c2 is pinned: its entry stays even though it is older.
    expect(evictionPlan(entries, new Set(['c2']), 120)).toEqual(['d', 'c']);
    expect(evictionPlan(entries, new Set(['c2']), 120, new Set(['c']))).toEqual(['d', 'a']);
    // Only pinned entries left over budget: nothing can go.
    expect(evictionPlan([entry('p', 'c9', 500, 0)], new Set(['c9']), 100)).toEqual([]);
    expect(usageOf(entries, new Set(['c1']))).toEqual({ bytes: 200, pinnedBytes: 120, entries: 5 });
  });

  it('finds a page shown alone within a PDF of the case kept for a document (a thumbnail offline)', () => {
    const key = pdfKey('app1', [
      { fileId: 'f:1', pages: [3, 4, 5] },
      { fileId: 'f2', pages: [1, 2] },
    ]);
    expect(pageWithinPdf(key, 'app1', 'f:1', 3)).toBe(1);
    expect(pageWithinPdf(key, 'app1', 'f:1', 5)).toBe(3);
    expect(pageWithinPdf(key, 'app1', 'f2', 2)).toBe(5);
    expect(pageWithinPdf(key, 'app1', 'f2', 3)).toBeUndefined();
    expect(pageWithinPdf(key, 'app1', 'f:1', 2)).toBeUndefined();
    expect(pageWithinPdf(key, 'app2', 'f2', 1)).toBeUndefined();
    expect(pageWithinPdf(linesKey('app1', 'f2', 1), 'app1', 'f2', 1)).toBeUndefined();
    expect(pageWithinPdf(pdfKey('app1', [{ fileId: 'f2', pages: [1] }]), 'app1', 'f2', 1)).toBe(1);
  });
});
