/**
 * Reading an amount as a person types it: with a symbol or an ISO code before or after it
 * ("$999.99", "1 234,56 EUR", "GBP 12"), grouped with commas, dots, spaces or apostrophes, and
 * with either separator for the decimals, as the person's locale reads an ambiguous "1,234".
 * The result is the contract's money form: a decimal string with two decimals (extraction-schemas).
 */

export type MoneyTextReading =
  | { ok: true; amount: string; currency: string | null }
  | { ok: false; problem: string };

export interface MoneyTextOptions {
  /** A BCP 47 locale, e.g. navigator.language: decides whether a lone "1,234" or "1.234" is a thousand. */
  locale?: string;
  /** The currency already chosen: a bare "$" keeps it when it is a dollar too (CAD, AUD…). */
  currency?: string;
}

/** Symbols people type, longest first so "US$" wins over "$". A "$" alone is the chosen dollar, else USD. */
const SYMBOLS: readonly (readonly [string, string])[] = [
  ['US$', 'USD'],
  ['CA$', 'CAD'],
  ['AU$', 'AUD'],
  ['NZ$', 'NZD'],
  ['HK$', 'HKD'],
  ['R$', 'BRL'],
  ['C$', 'CAD'],
  ['A$', 'AUD'],
  ['€', 'EUR'],
  ['£', 'GBP'],
  ['¥', 'JPY'],
  ['₹', 'INR'],
  ['₩', 'KRW'],
  ['₽', 'RUB'],
  ['₺', 'TRY'],
  ['₪', 'ILS'],
  ['zł', 'PLN'],
  ['Kč', 'CZK'],
  ['Fr.', 'CHF'],
  ['$', 'USD'],
];
const DOLLARS = new Set(['USD', 'CAD', 'AUD', 'NZD', 'HKD', 'SGD', 'MXN']);

/** Whether the runtime knows an ISO 4217 code; any three letters where it cannot say. */
function isCurrencyCode(code: string): boolean {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  return supported === undefined || supported('currency').includes(code);
}

const EXAMPLE = 'like 1,234.56, $999.99 or 1 234,56 EUR';

/** The locale's decimal separator ("." or ","), "." when the locale is unknown. */
function decimalSeparatorOf(locale: string | undefined): '.' | ',' {
  try {
    const part = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal');
    return part?.value === ',' ? ',' : '.';
  } catch {
    return '.';
  }
}

/** Takes the currency off either end of the text: a symbol or a three-letter code. */
function takeCurrency(text: string, chosen: string | undefined): { rest: string; currency: string | null } | { problem: string } {
  let rest = text;
  const found: string[] = [];
  for (let guard = 0; guard < 2; guard++) {
    const code = /^([A-Za-z]{3})(?![A-Za-z])\s*|\s*(?<![A-Za-z])([A-Za-z]{3})$/.exec(rest);
    if (code) {
      const iso = (code[1] ?? code[2] ?? '').toUpperCase();
      if (!isCurrencyCode(iso)) return { problem: `“${iso}” is not a currency code; type one like GBP, EUR or USD.` };
      found.push(iso);
      rest = rest.slice(0, code.index) + rest.slice(code.index + code[0].length);
      rest = rest.trim();
      continue;
    }
    const symbol = SYMBOLS.find(([s]) => rest.startsWith(s) || rest.endsWith(s) || rest.startsWith(`-${s}`));
    if (!symbol) break;
    const [s, iso] = symbol;
    found.push(s === '$' && chosen !== undefined && DOLLARS.has(chosen.toUpperCase()) ? chosen.toUpperCase() : iso);
    if (rest.startsWith(`-${s}`)) rest = `-${rest.slice(s.length + 1)}`;
    else if (rest.startsWith(s)) rest = rest.slice(s.length);
    else rest = rest.slice(0, rest.length - s.length);
    rest = rest.trim();
  }
  const distinct = [...new Set(found)];
  if (distinct.length > 1) return { problem: `The amount names two currencies (${distinct.join(' and ')}); type one.` };
  return { rest, currency: distinct[0] ?? null };
}

/** Digits grouped by three after the first group of one to three. */
const GROUPED = /^\d{1,3}(?:[.,' ]\d{3})+$/;

/**
 * Reads an amount as typed. Refuses, saying what to type, anything that is not one amount:
 * letters, two currencies, a lone "-", more than two decimals.
 */
export function parseMoneyText(typed: string, options: MoneyTextOptions = {}): MoneyTextReading {
  const trimmed = typed.trim();
  if (trimmed === '') return { ok: false, problem: `Type the amount, ${EXAMPLE}.` };
  const taken = takeCurrency(trimmed, options.currency);
  if ('problem' in taken) return { ok: false, problem: taken.problem };
  let body = taken.rest;

  let negative = false;
  const parenthesised = /^\((.*)\)$/.exec(body);
  if (parenthesised) {
    negative = true;
    body = (parenthesised[1] ?? '').trim();
  }
  const leading = /^([-−–+])\s*(.*)$/.exec(body);
  const trailing = leading ? null : /^(.*?)\s*([-−–])$/.exec(body);
  if (leading) {
    if (leading[1] !== '+') negative = !negative;
    body = leading[2] ?? '';
  } else if (trailing) {
    negative = !negative;
    body = trailing[1] ?? '';
  }
  if (body === '') return { ok: false, problem: `Type the amount as digits, ${EXAMPLE}.` };
  if (!/^[\d.,'’\s]+$/.test(body) || !/^\d/.test(body.replace(/^[.,]/, '0'))) {
    return { ok: false, problem: `“${typed.trim()}” is not an amount: type digits, ${EXAMPLE}.` };
  }

  const digits = readDigits(body, decimalSeparatorOf(options.locale));
  if (digits === null) return { ok: false, problem: `“${typed.trim()}” is not an amount: type digits, ${EXAMPLE}.` };
  const [whole, fraction] = digits;
  if (fraction.length > 2) return { ok: false, problem: 'An amount has at most two decimals, like 1,234.56.' };
  const amount = `${negative && /[1-9]/.test(whole + fraction) ? '-' : ''}${BigInt(whole === '' ? '0' : whole).toString()}.${fraction.padEnd(2, '0')}`;
  return { ok: true, amount, currency: taken.currency };
}

/** The whole and fraction digits of an amount of digits and separators, or null when its separators make no sense. */
function readDigits(body: string, localeDecimal: '.' | ','): [string, string] | null {
  // No-break and narrow no-break spaces group thousands in French and other locales.
  const compact = body.replace(/\s/g, ' ').replace(/’/g, "'");
  const lastDot = compact.lastIndexOf('.');
  const lastComma = compact.lastIndexOf(',');
  let decimal: '.' | ',' | null;
  if (lastDot >= 0 && lastComma >= 0) decimal = lastDot > lastComma ? '.' : ',';
  else if (lastDot < 0 && lastComma < 0) decimal = null;
  else {
    const sep = lastDot >= 0 ? '.' : ',';
    const count = compact.split(sep).length - 1;
    const after = compact.length - compact.lastIndexOf(sep) - 1;
    if (count > 1) decimal = null; // "1,234,567" or "1.234.567": grouping only.
    else if (after === 3 && GROUPED.test(compact)) decimal = sep === localeDecimal ? sep : null; // "1,234": as the locale reads it.
    else decimal = sep;
  }
  const [wholePart, fraction = ''] = decimal === null ? [compact] : splitLast(compact, decimal);
  if (!/^\d*$/.test(fraction)) return null;
  if (/[.,' ]/.test(wholePart) && !GROUPED.test(wholePart)) return null;
  const whole = wholePart.replace(/[.,' ]/g, '');
  if (whole === '' && fraction === '') return null;
  return [whole, fraction];
}

function splitLast(text: string, sep: string): [string, string] {
  const at = text.lastIndexOf(sep);
  return [text.slice(0, at), text.slice(at + 1)];
}
