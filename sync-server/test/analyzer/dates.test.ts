import { describe, expect, it } from 'vitest';
import { findDates, fullYear, parseDate, parseMrzDate, sharedYearPeriod } from '../../src/analyzer/extract/dates.js';

describe('dates: every printed style of DOC-TYPES.md', () => {
  const cases: [string, string, Parameters<typeof parseDate>[1]?][] = [
    ['12 March 2025', '2025-03-12'],
    ['12th March 2025', '2025-03-12'],
    ['1st June 2024', '2024-06-01'],
    ['22nd Feb 2023', '2023-02-22'],
    ['12 Mar 2025', '2025-03-12'],
    ['12/03/2025', '2025-03-12', { region: 'UK' }],
    ['12/03/2025', '2025-03-12', { region: 'EU' }],
    ['03/12/2025', '2025-03-12', { region: 'US' }],
    ['12.03.2025', '2025-03-12', { region: 'US' }],
    ['12.03.2025', '2025-03-12', { region: 'EU' }],
    ['12-03-2025', '2025-03-12', { region: 'UK' }],
    ['2025-03-12', '2025-03-12', { region: 'US' }],
    ['Mar. 12, 2025', '2025-03-12'],
    ['March 12, 2025', '2025-03-12'],
    ['Sep 3, 2024', '2024-09-03'],
    ['12-Mar-2025', '2025-03-12'],
    ['12. März 2025', '2025-03-12'],
    ['1er mars 2025', '2025-03-01'],
    ['15 de marzo de 2025', '2025-03-15'],
  ];
  for (const [text, iso, opts] of cases) {
    it(`${text} (${opts?.region ?? 'default'})`, () => {
      expect(parseDate(text, opts)).toBe(iso);
    });
  }

  it('a day over 12 decides the order whatever the region', () => {
    expect(parseDate('25/03/2025', { region: 'US' })).toBe('2025-03-25');
    expect(parseDate('03/25/2025', { region: 'UK' })).toBe('2025-03-25');
  });

  it('passport style with two-digit years leans by the field', () => {
    expect(parseDate('12 MAR /MARS 85', { yearHint: 'past', refYear: 2025 })).toBe('1985-03-12');
    expect(parseDate('01 JUL /JUIL 17', { yearHint: 'past', refYear: 2025 })).toBe('2017-07-01');
    expect(parseDate('01 JUL /JUIL 27', { yearHint: 'future', refYear: 2025 })).toBe('2027-07-01');
    expect(parseDate('02 AUG /AOUT 68', { yearHint: 'past', refYear: 2025 })).toBe('1968-08-02');
    expect(parseDate('14 DEC /DEC 24', { refYear: 2025 })).toBe('2024-12-14');
  });

  it('two-digit years', () => {
    expect(fullYear(85, 'past', 2025)).toBe(1985);
    expect(fullYear(25, 'past', 2025)).toBe(2025);
    expect(fullYear(35, 'future', 2025)).toBe(2035);
    expect(fullYear(99, 'future', 2025)).toBe(1999);
    expect(parseDate('03/12/25', { region: 'US', refYear: 2025 })).toBe('2025-03-12');
  });

  it('rejects impossible dates', () => {
    expect(parseDate('31/02/2025')).toBeNull();
    expect(parseDate('Page 1 of 2')).toBeNull();
    expect(parseDate('Sort code 99-71-79')).toBeNull();
  });

  it('finds every date of a line, in order', () => {
    const found = findDates('Statement period: 1 February 2025 to 28 February 2025');
    expect(found.map((d) => d.iso)).toEqual(['2025-02-01', '2025-02-28']);
    expect(findDates('Period 03/09/2025 - 03/22/2025', { region: 'US' }).map((d) => d.iso)).toEqual(['2025-03-09', '2025-03-22']);
  });

  it('MRZ dates', () => {
    expect(parseMrzDate('680802', 'past', 2025)).toBe('1968-08-02');
    expect(parseMrzDate('270701', 'future', 2025)).toBe('2027-07-01');
    expect(parseMrzDate('2707O1', 'future', 2025)).toBeNull();
  });
});

describe('a period that prints its month and year once', () => {
  it.each([
    ['du 1° au 28 février 2002', '2002-02-01', '2002-02-28'],
    ['du 1er au 31 janvier 2024', '2024-01-01', '2024-01-31'],
    ['1–28 February 2002', '2002-02-01', '2002-02-28'],
    ['vom 1. bis 31. März 2024', '2024-03-01', '2024-03-31'],
    ['1 December to 28 February 2025', '2024-12-01', '2025-02-28'],
  ])('%s', (text, start, end) => {
    expect(sharedYearPeriod(text)).toMatchObject({ start, end });
  });

  it('is not two whole dates, nor a day after the end', () => {
    expect(sharedYearPeriod('1 January 2024 to 31 March 2024')).toBeNull();
    expect(sharedYearPeriod('du 30 au 2 mars 2024')).toBeNull();
  });
});

