import { describe, expect, it } from 'vitest';
import { parseMoneyText } from '../src/money-text.js';

const read = (typed: string, locale = 'en-GB', currency?: string) => parseMoneyText(typed, { locale, currency });

describe('parseMoneyText', () => {
  it('reads a symbol before the amount', () => {
    expect(read('$999.99')).toEqual({ ok: true, amount: '999.99', currency: 'USD' });
    expect(read('£1,211.30')).toEqual({ ok: true, amount: '1211.30', currency: 'GBP' });
  });

  it('keeps the chosen dollar for a bare "$"', () => {
    expect(read('$12', 'en-CA', 'CAD')).toEqual({ ok: true, amount: '12.00', currency: 'CAD' });
    expect(read('US$12', 'en-CA', 'CAD')).toEqual({ ok: true, amount: '12.00', currency: 'USD' });
  });

  it('reads a comma for the decimals when a dot groups', () => {
    expect(read('€1.234,56')).toEqual({ ok: true, amount: '1234.56', currency: 'EUR' });
  });

  it('reads spaces as grouping and a code after the amount', () => {
    expect(read('1 234,56 EUR')).toEqual({ ok: true, amount: '1234.56', currency: 'EUR' });
    expect(read('1 234,56 eur')).toEqual({ ok: true, amount: '1234.56', currency: 'EUR' });
    expect(read('1\u202f234,56\u00a0€', 'fr-FR')).toEqual({ ok: true, amount: '1234.56', currency: 'EUR' });
  });

  it('reads a code before the amount, with no decimals', () => {
    expect(read('GBP 12')).toEqual({ ok: true, amount: '12.00', currency: 'GBP' });
    expect(read('CHF 1\'234.50')).toEqual({ ok: true, amount: '1234.50', currency: 'CHF' });
  });

  it('reads the amount alone, with no currency', () => {
    expect(read('1,999.99')).toEqual({ ok: true, amount: '1999.99', currency: null });
    expect(read('999.9')).toEqual({ ok: true, amount: '999.90', currency: null });
    expect(read('0,5')).toEqual({ ok: true, amount: '0.50', currency: null });
    expect(read('.5')).toEqual({ ok: true, amount: '0.50', currency: null });
  });

  it('reads a lone "1,234" or "1.234" as the locale does', () => {
    expect(read('1,234', 'en-US')).toEqual({ ok: true, amount: '1234.00', currency: null });
    expect(read('1.234', 'de-DE')).toEqual({ ok: true, amount: '1234.00', currency: null });
    expect(read('1,234', 'de-DE')).toMatchObject({ ok: false, problem: expect.stringContaining('two decimals') });
  });

  it('reads negative amounts, in every way they are written', () => {
    expect(read('-$12.50')).toEqual({ ok: true, amount: '-12.50', currency: 'USD' });
    expect(read('$-12.50')).toEqual({ ok: true, amount: '-12.50', currency: 'USD' });
    expect(read('(12.50)')).toEqual({ ok: true, amount: '-12.50', currency: null });
    expect(read('12.50-')).toEqual({ ok: true, amount: '-12.50', currency: null });
    expect(read('-0')).toEqual({ ok: true, amount: '0.00', currency: null });
  });

  it('refuses a lone "-" saying what to type', () => {
    const r = read('-');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem).toMatch(/Type the amount as digits, like 1,234\.56/);
  });

  it('refuses garbage with a clear message', () => {
    for (const typed of ['garbage', 'twelve pounds', '12abc', '1..2', '1,2,3.4.5', '$', '12 34']) {
      const r = read(typed);
      expect(r.ok, typed).toBe(false);
      if (!r.ok) expect(r.problem, typed).toMatch(/amount|digits|currency/);
    }
    expect(read('')).toMatchObject({ ok: false, problem: expect.stringContaining('Type the amount') });
    expect(read('XYZ 12')).toMatchObject({ ok: false, problem: expect.stringContaining('“XYZ” is not a currency code') });
    expect(read('€12 GBP')).toMatchObject({ ok: false, problem: expect.stringContaining('two currencies') });
    expect(read('12.345')).toMatchObject({ ok: false, problem: expect.stringContaining('at most two decimals') });
  });
});
