import { describe, expect, it } from 'vitest';
import { documentCurrency, findMoney, parseMoney } from '../../src/analyzer/extract/money.js';

describe('money: every printed style of DOC-TYPES.md', () => {
  const cases: [string, string, string, string?][] = [
    ['£1,234.56', '1234.56', 'GBP'],
    ['$1,234.56', '1234.56', 'USD'],
    ['1,234.56', '1234.56', 'GBP', 'GBP'],
    ['1.234,56 €', '1234.56', 'EUR'],
    ['€1,234.56', '1234.56', 'EUR'],
    ['1 234,56 €', '1234.56', 'EUR'],
    ['EUR 1.234,56', '1234.56', 'EUR'],
    // A Polish e-invoice glues the code to the amount.
    ['17 115,45PLN', '17115.45', 'PLN'],
    ['1.234,56 EUR', '1234.56', 'EUR'],
    ['€ 12.345.678,90', '12345678.90', 'EUR'],
    ['USD 45,000', '45000.00', 'USD'],
    ['£81,600', '81600.00', 'GBP'],
    ['45.20 OD', '-45.20', 'GBP', 'GBP'],
    ['£45.20 OD', '-45.20', 'GBP'],
    ['2,157.92 DR', '-2157.92', 'GBP', 'GBP'],
    ['(45.20)', '-45.20', 'USD', 'USD'],
    ['($1,045.20)', '-1045.20', 'USD'],
    ['-£45.20', '-45.20', 'GBP'],
    ['£-45.20', '-45.20', 'GBP'],
    ['−1.234,56 €', '-1234.56', 'EUR'],
    ['1,234.56 CR', '1234.56', 'GBP', 'GBP'],
    ['£0.00', '0.00', 'GBP'],
    ['1234,5 €', '1234.50', 'EUR'],
  ];
  for (const [text, amount, currency, doc] of cases) {
    it(text, () => {
      expect(parseMoney(text, { currency: doc })).toEqual({ amount, currency });
    });
  }

  it('takes amounts out of a line, with their places', () => {
    const found = findMoney('Total Gross Pay 4,891.67 Total Deductions 1,321.41 NET PAY £3,570.26', { currency: 'GBP' });
    expect(found.filter((f) => f.strong).map((f) => f.amount)).toEqual(['4891.67', '1321.41', '3570.26']);
    expect(found.find((f) => f.amount === '3570.26')?.explicitCurrency).toBe(true);
  });

  it('does not read identifiers as money', () => {
    expect(findMoney('Tax Code 1257L').filter((f) => f.strong)).toEqual([]);
    expect(findMoney('Ref A12345').length).toBe(0);
  });

  it('never reads a date as money', () => {
    expect(parseMoney('Amount Due By Jul 27, 2011 $191.69')).toEqual({ amount: '191.69', currency: 'USD' });
    expect(parseMoney('Total à payer au 11 décembre 2022 62,86 €')).toEqual({ amount: '62.86', currency: 'EUR' });
    expect(findMoney('12,00 € 13,50 €').map((m) => [m.amount, m.currency])).toEqual([
      ['12.00', 'EUR'],
      ['13.50', 'EUR'],
    ]);
  });

  it('a lone D or C is a sign only where the caller says so', () => {
    expect(parseMoney('Balance 120.00 D', { currency: 'GBP', singleLetterSigns: true })?.amount).toBe('-120.00');
    expect(parseMoney('120.00 Date', { currency: 'GBP' })?.amount).toBe('120.00');
  });

  it('the document currency is what it prints most', () => {
    expect(documentCurrency(['£12.00', 'Total £14.00', '$ rate'])).toBe('GBP');
    expect(documentCurrency(['1.234,56 €', 'EUR'])).toBe('EUR');
  });

  it('reads currencies beyond pounds, dollars and euros where the document prints them', () => {
    expect(parseMoney('Net pay C$2,345.67')).toEqual({ amount: '2345.67', currency: 'CAD' });
    expect(parseMoney('Gross A$ 4,100.00')).toEqual({ amount: '4100.00', currency: 'AUD' });
    expect(parseMoney('Total ₹ 45,000.00')).toEqual({ amount: '45000.00', currency: 'INR' });
    expect(parseMoney('Nettolohn CHF 5\'432.10')).toEqual({ amount: '5432.10', currency: 'CHF' });
    expect(parseMoney('Do wypłaty 3 250,00 zł')).toEqual({ amount: '3250.00', currency: 'PLN' });
    expect(parseMoney('Balance 1,204.50 NZD')).toEqual({ amount: '1204.50', currency: 'NZD' });
    // A Canadian statement names its dollar once and prints `$` throughout.
    const texts = ['All amounts in CAD', 'Net pay $2,345.67', 'Gross $3,100.00'];
    const currency = documentCurrency(texts);
    expect(currency).toBe('CAD');
    expect(parseMoney('Net pay $2,345.67', { currency })).toEqual({ amount: '2345.67', currency: 'CAD' });
    // Without a dollar named, `$` is the US dollar; a euro document's `$` stays USD.
    expect(documentCurrency(['Net pay $2,345.67'])).toBe('USD');
    expect(parseMoney('Fee $12.00', { currency: 'EUR' })).toEqual({ amount: '12.00', currency: 'USD' });
  });

  it('reads Indian grouping and rupees (lakhs and crores by two digits, Rs.)', () => {
    expect(parseMoney('Total ₹7,08,000.00')).toEqual({ amount: '708000.00', currency: 'INR' });
    expect(parseMoney('Grand Total Rs. 1,23,45,678.50')).toEqual({ amount: '12345678.50', currency: 'INR' });
    expect(parseMoney('Amount 1,234.56 USD')).toEqual({ amount: '1234.56', currency: 'USD' });
    // The currency's name as a word (a German statement's `-717,36 Euro`).
    expect(parseMoney('Alter Saldo -717,36 Euro')).toEqual({ amount: '-717.36', currency: 'EUR' });
    expect(parseMoney('TOTAL 12,50 EUROS')).toEqual({ amount: '12.50', currency: 'EUR' });
  });

  it('takes a dollar named once as a symbol for OCR noise, not the document\'s dollar', () => {
    // `(S$)` in a US statement's scan is more likely a misread `$` than a Singapore statement.
    expect(documentCurrency(['Balance $41,982.42', '(S$)', 'Deposits $1,200.00'])).toBe('USD');
    expect(documentCurrency(['Balance S$41,982.42', 'Fees S$12.00', 'Deposits $1,200.00'])).toBe('SGD');
    expect(documentCurrency(['All amounts in SGD', 'Deposits $1,200.00'])).toBe('SGD');
    // A bill addressed in Canada or Australia that names no currency is in its place's dollar.
    expect(documentCurrency(['152 LOUISA ST', 'KITCHENER ON N2H 5M5', 'Amount due $94.29'])).toBe('CAD');
    expect(documentCurrency(['12 George St', 'SYDNEY NSW 2000', 'Total $120.00'])).toBe('AUD');
    expect(documentCurrency(['1 Main St', 'Springfield, IL 62701', 'Total $120.00'])).toBe('USD');
  });
});
