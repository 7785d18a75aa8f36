import { describe, expect, it } from 'vitest';
import { officialCatalogue } from '../../src/analyzer/catalogue.js';
import { DocumentClassifier } from '../../src/analyzer/classify/index.js';
import { toParsedPages } from '../../src/analyzer/classify/generator/pages.js';
import { GENERATORS, Rng } from '../../src/analyzer/classify/generator/index.js';
import { pageNumber } from '../../src/analyzer/split/cues.js';
import { splitPages } from '../../src/analyzer/split/index.js';
import { analyzePages } from '../../src/analyzer/index.js';
import type { ParsedPage, PreflightFlag } from '../../src/analyzer/types.js';

const classifier = new DocumentClassifier(officialCatalogue().types);
const split = (pages: ParsedPage[], flags: PreflightFlag[] = []) =>
  splitPages(pages, { flags, classifyPage: (p) => classifier.pageTypes(p) }).documents.map((d) => d.pages);

function payslip(date: string, net: string): string[] {
  return [
    'Harbour Logistics Ltd',
    '12 Quay Street, Bristol BS1 4DJ',
    'PAYSLIP',
    'Employee    Ms Ada Lovell',
    'Employee No.    40211',
    'NI Number    QQ 12 34 56 C',
    `Pay Date    ${date}`,
    'Tax Code    1257L',
    'Basic Salary    3,200.00',
    'PAYE Tax    420.00',
    'National Insurance    180.00',
    'Total Gross Pay    3,200.00',
    'Total Deductions    600.00',
    `NET PAY    £${net}`,
  ];
}

function statement(month: string, pages: number, opening: string): string[][] {
  return Array.from({ length: pages }, (_, i) => [
    'Northfield Bank',
    `Page ${i + 1} of ${pages}`,
    ...(i === 0 ? ['Current Account Statement', `Statement period: 1 ${month} 2025 to 28 ${month} 2025`, 'Account number 12345678', `Opening balance £${opening}`] : ['BALANCE BROUGHT FORWARD 1,000.00']),
    'Date  Description  Paid out  Paid in  Balance',
    ...Array.from({ length: 12 }, (_, k) => `${k + 1} ${month}  TESCO STORES ${k}  12.${k}0    ${1000 - k}.00`),
    ...(i === pages - 1 ? [`Closing balance £9${pages}0.00`] : ['BALANCE CARRIED FORWARD 900.00']),
  ]);
}

describe('split', () => {
  it('reads page numbers, also through OCR confusions', () => {
    const at = (text: string, y = 20) => pageNumber({ page: 1, width: 595, height: 842, source: 'text', images: [], lines: [{ text, box: { x: 500, y, w: 60, h: 10 }, confidence: 1 }] });
    expect(at('Page 2 of 3')).toEqual({ k: 2, n: 3 });
    expect(at('Page 2 of S')).toEqual({ k: 2, n: 5 });
    expect(at('3/4')).toEqual({ k: 3, n: 4 });
    expect(at('- 2 -', 820)).toEqual({ k: 2 });
    expect(at('Seite 1 von 2')).toEqual({ k: 1, n: 2 });
    expect(at('see clause 4 on page 7 of the agreement for the full terms of the deposit', 400)).toBeUndefined();
    expect(at('Invoice date 03/12/2025', 400)).toBeUndefined();
  });

  it('separates two payslips of the same employer for consecutive months (no separator, same type)', () => {
    const pages = toParsedPages([payslip('24/01/2025', '2,600.00'), payslip('25/02/2025', '2,610.00'), payslip('25/03/2025', '2,605.00')]);
    expect(split(pages)).toEqual([[1], [2], [3]]);
  });

  it('keeps a statement’s pages together and starts the next statement at its "Page 1"', () => {
    const pages = toParsedPages([...statement('January', 2, '1,200.00'), ...statement('February', 3, '950.00')]);
    expect(split(pages)).toEqual([[1, 2], [3, 4, 5]]);
  });

  it('leaves blank pages out and keeps a duplicate with the page it copies', () => {
    const pages = toParsedPages([payslip('24/01/2025', '2,600.00'), [], ...statement('March', 2, '10.00'), statement('March', 2, '10.00')[1]!]);
    const flags: PreflightFlag[] = [
      { page: 2, code: 'blank_page', note: '' },
      { page: 5, code: 'duplicate_page', duplicateOf: 4, note: '' },
    ];
    expect(split(pages, flags)).toEqual([[1], [3, 4, 5]]);
  });

  it('cuts where the type changes and keeps an unnumbered continuation that names the issuer', () => {
    const rng = new Rng(99);
    const passport = GENERATORS.passport!(rng).pages;
    const letter = GENERATORS['employment-letter']!(rng).pages;
    const pension = [
      ['Lighthouse Pensions', 'Annual Pension Statement', 'Member    Ada Lovell', 'Statement date    5 April 2025', 'Your pension pot', 'Total value    £45,100.00', 'Employer contributions    £2,000.00', 'Investment growth    £3,000.00'],
      ['What you might get at retirement', 'If you retire at age 67 your pot could provide an income of £9,000 a year in today’s money.', 'Your chosen retirement age: 67', 'If you have any questions, contact Lighthouse Pensions member services.'],
    ];
    const pages = toParsedPages([...passport, ...letter, ...pension]);
    const docs = split(pages);
    expect(docs).toEqual([passport.map((_, i) => i + 1), letter.map((_, i) => passport.length + i + 1), [passport.length + letter.length + 1, passport.length + letter.length + 2]]);
  });

  it("a statement's unnumbered second page of transactions stays with it, whatever bill a row names", () => {
    const first = [
      'Riverside Savings Bank',
      'Account Statement',
      'Customer: Tomasz Nowak',
      'Statement Period: March 1, 2024 - March 31, 2024',
      'Opening Balance: $2,410.00',
      'Date  Description  Withdrawals  Deposits  Balance',
      ...Array.from({ length: 10 }, (_, k) => `03/${String(k + 1).padStart(2, '0')}/2024 Card purchase ${k}  $12.00  -  $${2400 - 12 * k}.00`),
    ];
    const second = [
      '03/18/2024 Water Bill Payment  $61.20  -  $2,218.80',
      '03/19/2024 Electricity Bill Payment  $88.00  -  $2,130.80',
      ...Array.from({ length: 8 }, (_, k) => `03/${20 + k}/2024 Card purchase ${k}  $9.00  -  $${2100 - 9 * k}.00`),
      'Closing Balance: $2,037.80',
    ];
    expect(split(toParsedPages([first, second]))).toEqual([[1, 2]]);
  });

  it('gives each boundary a confidence', () => {
    const pages = toParsedPages([payslip('24/01/2025', '2,600.00'), ...statement('April', 2, '5.00')]);
    const r = splitPages(pages, { classifyPage: (p) => classifier.pageTypes(p) });
    expect(r.documents.map((d) => d.pages)).toEqual([[1], [2, 3]]);
    expect(r.documents[1]!.confidence).toBeGreaterThan(0.9);
    expect(r.boundaries.find((b) => b.page === 3)!.score).toBeLessThan(0);
  });

  it('splits generated packets of many types, with runs of the same type (two passports, two references …)', () => {
    const rng = new Rng(4242);
    const types = Object.keys(GENERATORS);
    const { types: catalogue, schemas } = officialCatalogue();
    let right = 0;
    let total = 0;
    for (let n = 0; n < 25; n++) {
      const docs: ReturnType<(typeof GENERATORS)[string]>[] = [];
      while (docs.length < 6) {
        const t = rng.pick(types);
        for (let k = rng.chance(0.35) ? 2 : 1; k > 0; k--) docs.push(GENERATORS[t]!(rng));
      }
      let next = 1;
      const truth = docs.map((d) => d.pages.map(() => next++));
      const pages = toParsedPages(docs.flatMap((d) => d.pages));
      const got = analyzePages(pages, [], { catalogue, schemas, classifier }).documents.map((d) => d.pages.join(','));
      for (const t of truth) {
        total++;
        if (got.includes(t.join(','))) right++;
      }
    }
    expect(right / total).toBeGreaterThanOrEqual(0.95);
  });

  it('two single-page documents of one type and one template, for two people, are two documents', () => {
    const { types: catalogue, schemas } = officialCatalogue();
    const ref = (who: string, by: string, date: string) => [
      'Westbrook Academy',
      date,
      'Dear Sir or Madam,',
      `Reference for ${who}`,
      `I have known ${who} for six years. They are reliable and honest, and I recommend them without reservation.`,
      'Yours faithfully,',
      by,
      'Head of Department, Westbrook Academy',
    ];
    const pages = toParsedPages([ref('Ada Lovell', 'Judith Okoro', '3 March 2025'), ref('Tom Lovell', 'Judith Okoro', '5 March 2025')]);
    expect(analyzePages(pages, [], { catalogue, schemas, classifier }).documents.map((d) => [d.pages, d.docType])).toEqual([
      [[1], 'reference-letter'],
      [[2], 'reference-letter'],
    ]);
  });
});
