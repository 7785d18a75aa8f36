import { describe, expect, it } from 'vitest';
import { checkCitations, NO_EVIDENCE_ANSWER } from '../../src/research/citations.js';
import type { Citation } from '../../src/research/types.js';

const PAGES: Record<string, string[]> = {
  'f1:1': ['ACME TRADING LTD', 'Net pay   £2,345.67', 'Given names / Prénoms', 'This letter confirms that the gift of', '£20,000 is not a loan'],
  'f1:2': ['Closing balance 2,135.57'],
};
const lineText = (fileId: string, page: number, line: number) => PAGES[`${fileId}:${page}`]?.[line];
const cite = (page: number, line: number, quote: string, fileId = 'f1'): Citation => ({ address: 'f1:p1-2', fileId, page, line, quote });

describe('checkCitations', () => {
  it('keeps a quote found on its line, whatever the case, accents and spacing', () => {
    const citations = [cite(1, 1, 'net PAY £2,345.67'), cite(1, 2, 'prenoms'), cite(2, 0, ' closing\nbalance ')];
    const r = checkCitations(citations, lineText);
    expect(r.valid).toEqual(citations);
    expect(r.dropped).toBe(0);
    expect(r.droppedReasons).toEqual([]);
  });

  it('drops a quote that is not on its line', () => {
    const r = checkCitations([cite(1, 1, 'Net pay £2,400.00')], lineText);
    expect(r.valid).toEqual([]);
    expect(r.dropped).toBe(1);
    expect(r.droppedReasons[0]).toMatch(/not on the line/);
  });

  it('drops a quote cited to the wrong line', () => {
    const r = checkCitations([cite(1, 0, 'Net pay'), cite(1, 1, 'ACME TRADING')], lineText);
    expect(r.valid).toEqual([]);
    expect(r.dropped).toBe(2);
  });

  it('drops a citation to a page or file that is not there', () => {
    const r = checkCitations([cite(3, 0, 'Closing balance'), cite(1, 9, 'Closing balance'), cite(1, 1, 'Net pay', 'f2')], lineText);
    expect(r.valid).toEqual([]);
    expect(r.dropped).toBe(3);
    expect(r.droppedReasons.every((x) => /no such line/.test(x))).toBe(true);
  });

  it('drops empty, too short and malformed citations', () => {
    const r = checkCitations([cite(1, 1, ''), cite(1, 1, ' £2 '), cite(0, 1, 'Net pay'), cite(1, -1, 'Net pay'), cite(1.5, 1, 'Net pay')], lineText);
    expect(r.valid).toEqual([]);
    expect(r.dropped).toBe(5);
    expect(r.droppedReasons).toHaveLength(5);
  });

  it('keeps a quote wrapped onto the next line of the page, not one wholly on the next line', () => {
    const wrapped = cite(1, 3, 'the gift of £20,000 is not a loan');
    const r = checkCitations([wrapped, cite(1, 3, 'is not a loan'), cite(2, 0, 'Closing balance 2,135.57 more')], lineText);
    expect(r.valid).toEqual([wrapped]);
    expect(r.dropped).toBe(2);
  });

  it('ignores quotation marks and ellipses a model wraps the quote in', () => {
    const c = cite(1, 3, '“…confirms that the gift”');
    expect(checkCitations([c], lineText).valid).toEqual([c]);
  });

  it('collapses duplicates to the first without counting them as dropped', () => {
    const a = cite(1, 1, 'Net pay £2,345.67');
    const r = checkCitations([a, cite(1, 1, 'net  pay £2,345.67'), cite(1, 1, '2,345.67')], lineText);
    expect(r.valid).toEqual([a, cite(1, 1, '2,345.67')]);
    expect(r.dropped).toBe(0);
  });

  it('says no evidence in the words the callers show', () => {
    expect(NO_EVIDENCE_ANSWER).toBe('No evidence found in the case’s documents.');
  });
});
