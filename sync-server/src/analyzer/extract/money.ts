/**
 * Money as printed, read into `{ amount: "-1234.56", currency: "GBP" }`: symbols or ISO codes before
 * or after, `1,234.56` / `1.234,56` / `1 234,56`, and the signs of an overdrawn balance (`OD`, `DR`,
 * parentheses, a minus anywhere around the symbol). A bare amount takes the document's currency.
 */

import { findDates } from './dates.js';

export type Currency = 'GBP' | 'USD' | 'EUR' | string;

export interface Money {
  amount: string;
  currency: Currency;
}

export interface FoundMoney extends Money {
  index: number;
  end: number;
  raw: string;
  /** The currency was printed next to the amount (not taken from the document). */
  explicitCurrency: boolean;
  /** The amount had decimals or a currency: a real amount, not a count or a year. */
  strong: boolean;
}

/**
 * Symbols that name one currency. `$` alone is the document's dollar (`documentCurrency`: a
 * Canadian payslip that says CAD once prints its amounts with `$`), USD when it names none.
 */
const SYMBOLS: Record<string, Currency> = {
  '£': 'GBP',
  $: 'USD',
  '€': 'EUR',
  'US$': 'USD',
  C$: 'CAD',
  CA$: 'CAD',
  A$: 'AUD',
  AU$: 'AUD',
  NZ$: 'NZD',
  HK$: 'HKD',
  S$: 'SGD',
  'R$': 'BRL',
  '₹': 'INR',
  rs: 'INR',
  'rs.': 'INR',
  euro: 'EUR',
  euros: 'EUR',
  'zł': 'PLN',
};
/** ISO 4217 codes read when printed beside an amount. */
const CODES = ['GBP', 'USD', 'EUR', 'CHF', 'PLN', 'CAD', 'AUD', 'NZD', 'INR', 'JPY', 'CNY', 'SEK', 'NOK', 'DKK', 'CZK', 'HUF', 'RON', 'ZAR', 'SGD', 'HKD', 'MXN', 'BRL'];
/** Currencies whose symbol is `$`. */
const DOLLARS = new Set(['USD', 'CAD', 'AUD', 'NZD', 'HKD', 'SGD', 'MXN']);

// A code may be glued to the amount it follows (`17 115,45PLN`): not after a letter, then.
const CUR = `(?:(?:US|CA|AU|NZ|HK|[CASR])\\$|[£$€₹]|zł|\\bRs\\.?(?=\\s*\\d)|\\bEuros?\\b|(?<![A-Za-z])(?:${CODES.join('|')})\\b)`;
// Swiss amounts group thousands with an apostrophe (`1'234.50`).
// Indian amounts group lakhs and crores by two digits above the thousands (`7,08,000.00`).
const NUM = `\\d{1,2}(?:,\\d{2})+,\\d{3}(?:\\.\\d{1,2})?(?![\\d,])|\\d{1,3}(?:['’]\\d{3})+(?:\\.\\d{1,2})?|\\d{1,3}(?:,\\d{3})+(?:\\.\\d{1,2})?|\\d{1,3}(?:\\.\\d{3})+(?:,\\d{1,2})?|\\d{1,3}(?:[\\u00a0\\u202f ]\\d{3})+(?:,\\d{1,2})?(?![.,]\\d)|\\d+(?:[.,]\\d{1,2})?`;
const MONEY_RE = new RegExp(
  `(\\()?\\s*(-|−|–)?\\s*(${CUR})?\\s*(-|−)?\\s*(${NUM})(?![\\d])\\s*(${CUR})?\\s*(\\))?(?:\\s*\\b(OD|DR|CR|D|C)\\b)?`,
  'giu',
);

/** Normalise the digits: decide which separator is the decimal one. */
export function normaliseNumber(num: string): { value: number; decimals: boolean } | null {
  const s = num.replace(/[\u00a0\u202f ]/g, ' ').trim();
  const lastSep = Math.max(s.lastIndexOf(','), s.lastIndexOf('.'));
  let intPart = s;
  let frac = '';
  if (lastSep >= 0) {
    const tail = s.slice(lastSep + 1);
    const kinds = new Set(s.match(/[.,]/g) ?? []);
    // `1,234.56` / `1.234,56`: with both separators the last is the decimal one; with one kind,
    // 1–2 digits after it are decimals and 3 are a thousands group (`1,234`, `1.234.567`).
    if (kinds.size > 1 || tail.length <= 2) {
      intPart = s.slice(0, lastSep);
      frac = tail;
    }
  }
  const digits = intPart.replace(/[.,\s'’]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  const value = Number(`${digits}.${(frac || '0').padEnd(2, '0')}`);
  return Number.isFinite(value) ? { value, decimals: frac.length > 0 } : null;
}

function currencyOf(tok: string | undefined, dollar?: Currency): Currency | undefined {
  if (!tok) return undefined;
  const t = tok.trim();
  if (t === '$' && dollar && DOLLARS.has(dollar)) return dollar;
  if (SYMBOLS[t]) return SYMBOLS[t];
  // Words (`Euro`, `Rs.`) in any case.
  if (SYMBOLS[t.toLowerCase()]) return SYMBOLS[t.toLowerCase()];
  const up = t.toUpperCase();
  return CODES.includes(up) ? up : undefined;
}

export function formatAmount(value: number): string {
  return value.toFixed(2);
}

export interface MoneyOptions {
  /** The document's currency, for bare amounts. */
  currency?: Currency;
  /** Treat a lone `D`/`C` after an amount as debit/credit (statement balance columns). */
  singleLetterSigns?: boolean;
}

/**
 * Dates are never money: their digits are blanked (same length, so offsets hold) before reading
 * amounts, numeric ones and those with a month's name (`Jul 27, 2011`, `11 décembre 2022`).
 */
function blankDates(text: string): string {
  let out = text.replace(/\b\d{1,2}\s?[./-]\s?\d{1,2}\s?[./-]\s?\d{2,4}\b|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}\/\d{1,2}\b(?![.,]\d)/g, (m) => ' '.repeat(m.length));
  if (!/\d/.test(out)) return out;
  for (const d of findDates(out)) if (/[A-Za-zÀ-ÿ]/.test(d.raw)) out = out.slice(0, d.index) + ' '.repeat(d.end - d.index) + out.slice(d.end);
  return out;
}

/** Every amount in a text. */

export function findMoney(input: string, opts: MoneyOptions = {}): FoundMoney[] {
  const out: FoundMoney[] = [];
  const text = blankDates(input);
  MONEY_RE.lastIndex = 0;
  for (let m = MONEY_RE.exec(text); m; m = MONEY_RE.exec(text)) {
    if (!m[0].trim()) {
      MONEY_RE.lastIndex++;
      continue;
    }
    const [, open, minus1, cur1, minus2, num, cur2, close, suffix] = m;
    const start = m.index + (m[0].length - m[0].trimStart().length);
    const before = text.slice(Math.max(0, start - 1), start);
    // A number glued to letters (`A1234`, `1257L`) is an identifier, not money.
    if (/[A-Za-z]/.test(before) && !cur1) continue;
    const afterIdx = m.index + m[0].trimEnd().length;
    const after = text.slice(afterIdx, afterIdx + 1);
    // `12 345` glued to letters after (`1257L`, `3rd`) is not money either.
    if (/[A-Za-z]/.test(after) && !cur2 && !suffix) continue;
    const n = normaliseNumber(num!);
    if (!n) continue;
    const currency = currencyOf(cur1, opts.currency) ?? currencyOf(cur2, opts.currency);
    const sfx = suffix?.toUpperCase();
    const singleOk = opts.singleLetterSigns || sfx === 'OD' || sfx === 'DR' || sfx === 'CR';
    const negative = !!(minus1 || minus2 || (open && close) || (singleOk && (sfx === 'OD' || sfx === 'DR' || sfx === 'D')));
    let end = afterIdx;
    let raw = m[0];
    if (suffix && !singleOk) {
      // The letter belonged to the next word: give it back.
      raw = raw.replace(/\s*\b[DC]\s*$/i, '');
      end = m.index + raw.length;
    }
    if (open && !close) raw = raw.replace(/^\(\s*/, '');
    const lead = raw.length - raw.trimStart().length;
    out.push({
      amount: formatAmount(negative ? -n.value : n.value),
      currency: currency ?? opts.currency ?? '',
      index: m.index + lead + (open && !close ? 1 : 0),
      end,
      raw: raw.trim(),
      explicitCurrency: !!currency,
      strong: !!currency || n.decimals,
    });
  }
  return out;
}

/** The single amount a text holds (the first real one), or null. */
export function parseMoney(text: string, opts: MoneyOptions = {}): Money | null {
  const all = findMoney(text, opts);
  const m = all.find((x) => x.strong) ?? all[0];
  return m && m.currency ? { amount: m.amount, currency: m.currency } : null;
}

const DOC_CUR = new RegExp(CUR, 'gu');

const CA_POSTCODE = /\b(?:ON|QC|BC|AB|MB|SK|NS|NB|NL|PE|YT|NT|NU)\s+[A-Z]\d[A-Z] ?\d[A-Z]\d\b/;
/** An Australian state and postcode (`NSW 2000`). */
export const AU_POSTCODE = /\b(?:NSW|VIC|QLD|WA|SA|TAS|ACT|NT)\s+\d{4}\b/;
const US_ZIP = /\b[A-Z]{2},?\s+\d{5}(?:-\d{4})?\b/;

/**
 * The dollar of the place a document is addressed in, when it names none: a Canadian bill prints
 * `$` and a province with its postcode (`ON N2H 5M5`), an Australian one a state and four digits.
 */
function dollarOfPlace(texts: string[]): Currency | undefined {
  const all = texts.join('\n');
  if (US_ZIP.test(all.replace(CA_POSTCODE, ''))) return undefined;
  if (CA_POSTCODE.test(all)) return 'CAD';
  if (AU_POSTCODE.test(all)) return 'AUD';
  return undefined;
}

/**
 * The currency of the place a document comes from, for one that prints its amounts bare or whose
 * symbol OCR lost (₹ read as `%` or `2`): an Indian GST registration or address, a Swiss VAT
 * number or address, US payroll and tax words, a Canadian or Australian address.
 */
export function currencyOfPlace(texts: string[]): Currency | undefined {
  const all = texts.join('\n');
  // A country named alone on its line ends an address; named in a sentence, it may be anything.
  if (/\bGSTIN\b|\b\d{2}[A-Z]{5}\d{4}[A-Z]\d[A-Z0-9]{2}\b|^\s*India\s*$/m.test(all)) return 'INR';
  if (/\bCHE-?\d{3}\.?\d{3}\.?\d{3}\b|^\s*(?:Schweiz|Suisse|Svizzera|Switzerland)\s*$/m.test(all)) return 'CHF';
  // US payroll and tax words: FICA, federal income tax, a 401(k), Medicare beside Social Security.
  if (/\bFICA\b|\bFed(?:eral)?\.?\s*(?:Income\s*)?(?:Tax|W\/H|Withholding)\b|\b401\s?\(?k\)?|\bSoc(?:ial)?\.?\s*Sec(?:urity)?\b[\s\S]{0,400}\bMed(?:icare)?\b/i.test(all)) return 'USD';
  return dollarOfPlace(texts);
}

/**
 * The currency a document is written in: the symbol or code it prints most. Its `$` counts for the
 * dollar it names (CAD, AUD …) when it names one and no other, else for USD.
 */
export function documentCurrency(texts: string[]): Currency | undefined {
  const counts = new Map<Currency, number>();
  let bare = 0;
  for (const t of texts) {
    for (const m of t.matchAll(DOC_CUR)) {
      if (m[0] === '$') {
        bare++;
        continue;
      }
      const c = currencyOf(m[0]);
      if (c) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
  }
  if (bare > 0) {
    // A dollar named once as a symbol may be OCR's reading of `$` itself (`S$`, `C$`): it names
    // the document's dollar when printed twice, or as its ISO code.
    const named = [...counts.keys()].filter((c) => DOLLARS.has(c) && c !== 'USD' && ((counts.get(c) ?? 0) >= 2 || texts.some((t) => new RegExp(`\\b${c}\\b`).test(t))));
    // One dollar named and no US one: that dollar. None named: the place's, else the US dollar.
    let dollar: Currency = 'USD';
    if (named.length === 1 && !counts.has('USD')) dollar = named[0]!;
    else if (!named.length && !counts.has('USD')) dollar = dollarOfPlace(texts) ?? 'USD';
    counts.set(dollar, (counts.get(dollar) ?? 0) + bare);
  }
  let best: Currency | undefined;
  let n = 0;
  for (const [c, k] of counts) if (k > n) [best, n] = [c, k];
  return best;
}
