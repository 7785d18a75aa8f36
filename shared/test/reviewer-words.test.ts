import { describe, expect, it } from 'vitest';
import { docTypeName, fieldLabel, internalNamesIn, OTHER_DOCUMENT, placeInCase, readableTitle, wordsOfId } from '../src/reviewer-words.js';

describe('reviewer words', () => {
  it('says ids in words', () => {
    expect(wordsOfId('netPay')).toBe('Net pay');
    expect(wordsOfId('accountHolder')).toBe('Account holder');
    expect(wordsOfId('driving-licence')).toBe('Driving licence');
    expect(wordsOfId('date_of_birth')).toBe('Date of birth');
    expect(wordsOfId('p60')).toBe('P60');
  });

  it('prefers the catalogue’s name and the schema’s label; fallback is “Other document”', () => {
    expect(docTypeName('driving-licence', 'Driving licence (photocard)')).toBe('Driving licence (photocard)');
    expect(docTypeName('driving-licence')).toBe('Driving licence');
    expect(docTypeName('fallback')).toBe(OTHER_DOCUMENT);
    expect(docTypeName('fallback', '')).toBe('Other document');
    expect(fieldLabel('accountHolder', 'Account holder name')).toBe('Account holder name');
    expect(fieldLabel('accountHolder', '')).toBe('Account holder');
  });

  it('names a place by document and page', () => {
    expect(placeInCase('Payslip', 4)).toBe('Payslip, page 4');
    expect(readableTitle('Payslip, pages 4–4 of m04.pdf')).toBe('Payslip, page 4 of m04.pdf');
    expect(readableTitle('Bank statement, pages 2–5 of m04.pdf')).toBe('Bank statement, pages 2–5 of m04.pdf');
  });

  it('finds internal names in a reviewer’s text, and none in clean text', () => {
    expect(internalNamesIn('Its accountHolder reads “S Whitcombe”')).toEqual(['accountHolder']);
    expect(internalNamesIn('Payslip (fil_yqbjmppy4wqz6ft4:p4-4): Net pay')).toEqual(['fil_yqbjmppy4wqz6ft4:p4-4']);
    expect(internalNamesIn('The analyzer is not sure this is a fallback', ['fallback'])).toEqual(['fallback']);
    expect(internalNamesIn('driving-licence (63 %)', ['driving-licence', 'payslip'])).toEqual(['driving-licence']);
    expect(internalNamesIn('Driving licence (63 %) · Payslip, page 4 · Net pay USD 1,999.99', ['driving-licence', 'payslip', 'fallback'])).toEqual([]);
    // What a page prints is quoted, and may hold anything.
    expect(internalNamesIn('Lines: “ref fil_yqbjmppy4wqz6ft4 eBay” [2]')).toEqual([]);
  });
});
