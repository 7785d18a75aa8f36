import { describe, expect, it } from 'vitest';
import { docTypeName, fieldLabel, internalNamesIn, ledgerActorWords, ledgerTargetWords, OTHER_DOCUMENT, placeInCase, readableTitle, wordsOfId } from '../src/reviewer-words.js';

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

describe('ledger rows in a reviewer’s words', () => {
  const places = {
    fileName: (id: string) => (id === 'fil_abcdefghijkl' ? 'payslips.pdf' : undefined),
    lineName: (id: string) => (id === 'proof-of-income' ? 'Proof of income' : undefined),
  };

  it('names targets by file, pages and line, never by id', () => {
    expect(ledgerTargetWords('document:fil_abcdefghijkl:p2-3', places)).toBe('payslips.pdf, pages 2–3');
    expect(ledgerTargetWords('document:fil_abcdefghijkl:p4-4', places)).toBe('payslips.pdf, page 4');
    expect(ledgerTargetWords('document:fil_zzzzzzzzzzzz:p1-2', places)).toBe('pages 1–2');
    expect(ledgerTargetWords('file:fil_abcdefghijkl', places)).toBe('payslips.pdf');
    expect(ledgerTargetWords('file:fil_zzzzzzzzzzzz', places)).toBe('a file');
    expect(ledgerTargetWords('application:app_abcdefghijkl', places)).toBe('the case');
    expect(ledgerTargetWords('run:2', places)).toBe('run 2');
    expect(ledgerTargetWords('decision:dec_abcdefghijkl', places)).toBe('a decision');
    expect(ledgerTargetWords('line:proof-of-income', places)).toBe('the line “Proof of income”');
    expect(ledgerTargetWords('brief:brf_abcdefghijkl', places)).toBe('a brief');
    for (const t of ['document:fil_abcdefghijkl:p2-3', 'decision:dec_abcdefghijkl', 'file:fil_zzzzzzzzzzzz', 'document:garbage']) {
      expect(internalNamesIn(ledgerTargetWords(t, places))).toEqual([]);
    }
  });

  it('names who acted: an address stays, ids become what they are', () => {
    expect(ledgerActorWords('system')).toBe('the portal');
    expect(ledgerActorWords('user:cal@example.com')).toBe('cal@example.com');
    expect(ledgerActorWords('user:usr_abcdefghijkl')).toBe('a person');
    expect(ledgerActorWords('apiKey:key_abcdefghijkl')).toBe('an integration (API key)');
    expect(ledgerActorWords('guest:gst_abcdefghijkl')).toBe('a guest link');
  });
});
