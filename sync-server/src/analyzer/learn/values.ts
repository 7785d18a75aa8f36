/**
 * Key values as a person states them and as a page prints them: checking a corrected value
 * against its field's type (the contract's forms: ISO dates, `{ amount, currency }` money), and
 * finding or reading such a value in a line of text. Small and deliberately our own: the learned
 * reader must keep reading what an organization taught it while the base extractor changes.
 */
import { fold } from './features.js';

/** The contract's field types (`ExtractionFieldType`); the analyzer's finer ones (name, address, country) read as text. */
export type ValueType = 'text' | 'date' | 'money' | 'number' | 'enum' | 'boolean';

export const valueTypeOf = (type: string): ValueType =>
  type === 'date' || type === 'money' || type === 'number' || type === 'enum' || type === 'boolean' ? type : 'text';

export interface FieldSpec {
  type: string;
  multiple?: boolean;
  options?: readonly string[];
}

export interface Money {
  amount: string;
  currency: string;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function validDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1 || y < 1000 || y > 9999) return false;
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

const iso = (y: number, m: number, d: number) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/**
 * A value a person gives for a field, in the field's form, or why it is not one. Money amounts
 * given as numbers are written with two decimals; everything else must already be in its form.
 */
export function checkValue(spec: FieldSpec, value: unknown): { value: unknown } | { error: string } {
  if (spec.multiple) {
    if (!Array.isArray(value)) return { error: 'this field holds a list: send an array of values' };
    if (value.length === 0 || value.length > 50) return { error: 'send between 1 and 50 values' };
    const out: unknown[] = [];
    for (const [i, v] of value.entries()) {
      const one = checkValue({ ...spec, multiple: false }, v);
      if ('error' in one) return { error: `[${i}]: ${one.error}` };
      out.push(one.value);
    }
    return { value: out };
  }
  switch (valueTypeOf(spec.type)) {
    case 'date': {
      const m = typeof value === 'string' ? ISO_DATE.exec(value) : null;
      if (!m || !validDate(Number(m[1]), Number(m[2]), Number(m[3]))) return { error: 'a date field takes an ISO 8601 calendar date, yyyy-mm-dd' };
      return { value };
    }
    case 'money': {
      const v = value as Partial<Record<'amount' | 'currency', unknown>> | null;
      if (typeof v !== 'object' || v === null || Array.isArray(v)) return { error: 'a money field takes { "amount": "1234.56", "currency": "GBP" }' };
      const extra = Object.keys(v).filter((k) => k !== 'amount' && k !== 'currency');
      if (extra.length) return { error: `a money value has only amount and currency, not ${extra.join(', ')}` };
      const amount = typeof v.amount === 'number' && Number.isFinite(v.amount) ? v.amount.toFixed(2) : v.amount;
      if (typeof amount !== 'string' || !/^-?\d{1,15}\.\d{2}$/.test(amount)) return { error: 'amount: a decimal string with two decimals, a leading "-" when negative ("1234.56")' };
      if (typeof v.currency !== 'string' || !/^[A-Z]{3}$/.test(v.currency)) return { error: 'currency: an ISO 4217 code in capitals ("GBP")' };
      return { value: { amount, currency: v.currency } };
    }
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? { value } : { error: 'a number field takes a JSON number' };
    case 'boolean':
      return typeof value === 'boolean' ? { value } : { error: 'a boolean field takes true or false' };
    case 'enum': {
      const options = spec.options ?? [];
      return typeof value === 'string' && options.includes(value) ? { value } : { error: `an enum field takes one of ${options.map((o) => `"${o}"`).join(', ')}` };
    }
    default: {
      if (typeof value !== 'string') return { error: 'a text field takes a string' };
      const text = value.trim().replace(/\s+/g, ' ');
      if (!text) return { error: 'must not be empty (send null to clear the field)' };
      if (text.length > 1000) return { error: 'at most 1000 characters' };
      return { value: text };
    }
  }
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const monthOf = (word: string) => MONTHS.indexOf(word.slice(0, 3)) + 1;
const year = (y: string) => (y.length === 2 ? 2000 + Number(y) - (Number(y) > 50 ? 100 : 0) : Number(y));

/** Day-first or month-first, for dates printed with numbers only (03/04/2025). */
export type DateOrder = 'dmy' | 'mdy';

export interface Found<T> {
  value: T;
  /** Where in the line: character offsets. */
  start: number;
  end: number;
  order?: DateOrder;
}

/** Every date printed in a line (a numeric one twice when both orders make a date). */
export function datesIn(line: string): Found<string>[] {
  const text = fold(line);
  const out: Found<string>[] = [];
  const push = (y: number, m: number, d: number, at: RegExpMatchArray, order?: DateOrder) => {
    if (validDate(y, m, d)) out.push({ value: iso(y, m, d), start: at.index!, end: at.index! + at[0].length, ...(order ? { order } : {}) });
  };
  for (const m of text.matchAll(/(?<!\d)(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)/g)) push(Number(m[1]), Number(m[2]), Number(m[3]), m);
  for (const m of text.matchAll(/(?<![\d-])(\d{1,2})[./-](\d{1,2})[./-](\d{4}|\d{2})(?!\d)/g)) {
    push(year(m[3]!), Number(m[2]), Number(m[1]), m, 'dmy');
    if (m[1] !== m[2]) push(year(m[3]!), Number(m[1]), Number(m[2]), m, 'mdy');
  }
  for (const m of text.matchAll(new RegExp(`(?<!\\d)(\\d{1,2})(?:st|nd|rd|th)?[\\s.-]+${MONTH}\\.?[\\s,.-]+(\\d{4}|\\d{2})(?!\\d)`, 'g'))) push(year(m[3]!), monthOf(m[2]!), Number(m[1]), m);
  for (const m of text.matchAll(new RegExp(`${MONTH}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})(?!\\d)`, 'g'))) push(Number(m[3]), monthOf(m[1]!), Number(m[2]), m);
  return out;
}

const CURRENCY_SIGNS: Record<string, string> = { '£': 'GBP', $: 'USD', '€': 'EUR' };
const CODE = '(GBP|EUR|USD|CHF|CAD|AUD|NZD|JPY|SEK|NOK|DKK|PLN|[£$€])';

/** Every amount printed in a line, with its currency when one is printed beside it. */
export function amountsIn(line: string): (Found<Money | { amount: string; currency: null }> & { decimals: boolean })[] {
  const out: (Found<Money | { amount: string; currency: null }> & { decimals: boolean })[] = [];
  const re = new RegExp(`(?:${CODE}\\s?)?(-)?\\s?(\\d{1,3}(?:[,.' ]\\d{3})+|\\d+)(?:([.,])(\\d{2}))?(?!\\d)(?:\\s?${CODE})?`, 'gi');
  for (const m of line.matchAll(re)) {
    const [, before, minus, whole, sep, cents, after] = m;
    // "2.940" with no cents is a thousands group only when the separator is not the decimal one.
    const digits = whole!.replace(/[,.' ]/g, '');
    if (digits.length > 15) continue;
    const sign = minus || /\(\s*$/.test(line.slice(0, m.index)) ? '-' : '';
    const code = (before ?? after)?.toUpperCase();
    const currency = code ? (CURRENCY_SIGNS[code] ?? code) : null;
    const amount = `${sign}${Number(digits)}.${cents ?? '00'}`;
    out.push({ value: { amount, currency } as Money | { amount: string; currency: null }, start: m.index!, end: m.index! + m[0].length, decimals: sep !== undefined });
  }
  return out;
}

function numbersIn(line: string): Found<number>[] {
  return [...line.matchAll(/-?\d[\d,]*(?:\.\d+)?/g)].map((m) => ({ value: Number(m[0].replace(/,/g, '')), start: m.index!, end: m.index! + m[0].length }));
}

const squash = (s: string) => fold(s).replace(/[^a-z0-9]+/g, ' ').trim();

/** Where `value` is printed in `line` (character offsets), or null. */
export function findInLine(spec: FieldSpec, value: unknown, line: string): Found<unknown> | null {
  if (spec.multiple && Array.isArray(value)) return value.length ? findInLine({ ...spec, multiple: false }, value[0], line) : null;
  switch (valueTypeOf(spec.type)) {
    case 'date':
      return datesIn(line).find((d) => d.value === value) ?? null;
    case 'money': {
      const want = value as Money;
      const all = amountsIn(line).filter((a) => Math.abs(Number(a.value.amount)) === Math.abs(Number(want.amount)));
      return all.find((a) => a.value.currency === want.currency) ?? all[0] ?? null;
    }
    case 'number':
      return numbersIn(line).find((n) => n.value === value) ?? null;
    case 'boolean':
      return null;
    default: {
      const want = squash(String(value));
      if (!want) return null;
      // Offsets on the squashed text map back closely enough: only the line's remainder after a label is read with them.
      const folded = fold(line);
      const words = want.split(' ');
      const re = new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^a-z0-9]+'));
      const m = re.exec(folded);
      return m ? { value, start: m.index, end: m.index + m[0].length } : null;
    }
  }
}

/** Reads a value of the field's type from a piece of text; null when it holds none. */
export function readValue(spec: FieldSpec, text: string, hints: { order?: DateOrder | undefined; currency?: string | undefined } = {}): unknown {
  const t = text.trim();
  if (!t) return null;
  switch (valueTypeOf(spec.type)) {
    case 'date': {
      const all = datesIn(t);
      return (all.find((d) => !d.order || !hints.order || d.order === hints.order) ?? null)?.value ?? null;
    }
    case 'money': {
      const all = amountsIn(t);
      const best = all.find((a) => a.decimals || a.value.currency) ?? null;
      if (!best) return null;
      const currency = best.value.currency ?? hints.currency;
      return currency ? { amount: best.value.amount, currency } : null;
    }
    case 'number':
      return numbersIn(t)[0]?.value ?? null;
    case 'boolean':
      return /^(yes|true|y)\b/i.test(t) ? true : /^(no|false|n)\b/i.test(t) ? false : null;
    case 'enum':
      return (spec.options ?? []).find((o) => new RegExp(`(^|[^a-z0-9])${squash(o)}($|[^a-z0-9])`).test(squash(t))) ?? null;
    default: {
      const v = t.replace(/^[\s:;,.\-–—]+/, '').replace(/\s+/g, ' ').trim();
      if (!/[\p{L}\p{N}]/u.test(v) || v.length > 200) return null;
      return spec.multiple ? [v] : v;
    }
  }
}

/** The two values are the same value of the field (JSON-equal after normalising). */
export const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
