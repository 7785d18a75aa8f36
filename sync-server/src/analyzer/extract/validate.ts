/**
 * What a document allows to be checked, checked before a value's confidence is given: dates in
 * their range (a birth in the past and within 120 years, an issue before its expiry and not in the
 * future, a period that ends after it starts, a due date not before the invoice's), money that adds
 * up (an invoice's total not below its subtotal when both were read), IBANs by their check digits.
 * A value that fails is kept — a person decides — but never with a high confidence.
 */
import type { Candidate } from './engine.js';

/** The share of its confidence a value keeps when it fails a check. */
export const FAILED_CHECK = 0.35;
/**
 * A value that fails its check is shown under the review line whatever the calibration curve
 * makes of its lowered score (a curve fitted on other documents may lift low scores above it).
 */
export const FAILED_CHECK_CEILING = 0.5;

const iso = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);
const amount = (v: unknown) => (v && typeof v === 'object' && 'amount' in v ? Number((v as { amount: string }).amount) : undefined);

/** ISO 13616 mod-97 check of an IBAN (spaces ignored). */
export function ibanValid(iban: string): boolean {
  const s = iban.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(s)) return false;
  const moved = s.slice(4) + s.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const n = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of n) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

/** Names of the fields that fail a check, given today's date. */
export function failedChecks(values: Record<string, unknown>, today = new Date().toISOString().slice(0, 10)): string[] {
  const failed = new Set<string>();
  const dob = iso(values.dateOfBirth);
  if (dob && (dob > today || Number(today.slice(0, 4)) - Number(dob.slice(0, 4)) > 120)) failed.add('dateOfBirth');
  const issue = iso(values.issueDate);
  const expiry = iso(values.expiryDate);
  if (issue && issue > today) failed.add('issueDate');
  if (issue && expiry && expiry <= issue) {
    failed.add('issueDate');
    failed.add('expiryDate');
  }
  if (dob && issue && issue < dob) failed.add('issueDate');
  const start = iso(values.periodStart);
  const end = iso(values.periodEnd);
  if (start && end && end < start) {
    failed.add('periodStart');
    failed.add('periodEnd');
  }
  const invoiceDate = iso(values.invoiceDate);
  const due = iso(values.dueDate);
  if (invoiceDate && due && due < invoiceDate) failed.add('dueDate');
  for (const f of ['statementDate', 'billDate', 'letterDate', 'payDate', 'invoiceDate']) {
    const d = iso(values[f]);
    // A document dated more than a year ahead was misread.
    if (d && d > `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`) failed.add(f);
  }
  const gross = amount(values.grossPay);
  const net = amount(values.netPay);
  if (gross !== undefined && net !== undefined && net > gross) failed.add('netPay');
  const min = amount(values.minimumPayment);
  const balance = amount(values.newBalance);
  if (min !== undefined && balance !== undefined && balance > 0 && min > balance) failed.add('minimumPayment');
  return [...failed];
}

/** Lowers the confidence of values that fail a check (raw scores, before calibration). */
export function applyChecks(found: Record<string, Candidate<unknown>>, today?: string): Set<string> {
  const values = Object.fromEntries(Object.entries(found).map(([k, c]) => [k, c.value]));
  const failed = new Set(failedChecks(values, today).filter((f) => found[f]));
  for (const f of failed) found[f] = { ...found[f]!, confidence: found[f]!.confidence * FAILED_CHECK };
  return failed;
}
