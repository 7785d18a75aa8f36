/**
 * Key-data extraction: the fields of a type's extraction schema, each with a confidence and the
 * page and line it was read from. The official types have readers that know their layouts
 * (identity.ts, documents.ts); any other type (a coined one) is read by label/value search over
 * its schema's labels, names and quoted hints, typed by the field's type.
 */
import { CALIBRATION_CURVES } from '../calibration-curves.js';
import { type ConfidenceKind, type Curve, confidenceOf } from '../calibration.js';
import type { AnalyzerSchema } from '../catalogue.js';
import type { ExtractedField, ParsedPage } from '../types.js';
import type { Region } from './dates.js';
import { DocView, fold } from './doc.js';
import * as D from './documents.js';
import { type Candidate, type Parser, addressParser, dateParser, lookup, moneyParser, nameParser, textParser, toField } from './engine.js';
import { countryCode } from './countries.js';
import { drivingLicence, passportLike } from './identity.js';
import { FAILED_CHECK_CEILING, applyChecks } from './validate.js';

export interface ExtractOptions {
  region?: Region;
  /** Calibration curves for field confidences (default the shipped ones; null: the raw score). */
  curves?: Record<ConfidenceKind, Curve> | null;
}

type Reader = (doc: DocView) => Record<string, Candidate<unknown>>;

const READERS: Record<string, Reader> = {
  passport: (d) => passportLike(d, true),
  'national-id-card': (d) => passportLike(d, false),
  'driving-licence': drivingLicence,
  'bank-statement': D.bankStatement,
  'credit-card-statement': D.creditCardStatement,
  payslip: D.payslip,
  p60: D.p60,
  'tax-return': D.taxReturn,
  'employment-letter': D.employmentLetter,
  'reference-letter': D.referenceLetter,
  'utility-bill': D.utilityBill,
  'council-tax-bill': D.councilTaxBill,
  'tenancy-agreement': D.tenancyAgreement,
  'mortgage-statement': D.mortgageStatement,
  'pension-statement': D.pensionStatement,
  'company-registration-certificate': D.companyCertificate,
  invoice: D.invoice,
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Labels a schema field offers: its label, its name in words, and the wordings its hints quote. */
export function fieldLabels(f: AnalyzerSchema['fields'][number]): RegExp[] {
  const words = new Set<string>();
  if (f.label && f.label !== f.name) words.add(f.label);
  words.add(f.name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase());
  for (const h of f.hints ?? []) for (const m of h.matchAll(/[“"]([^”"]{2,40})[”"]/g)) words.add(m[1]!);
  return [...words].map((w) => new RegExp(`(?<![a-z])${escape(fold(w)).replace(/ /g, '\\s*')}(?![a-z])`));
}

function genericParser(doc: DocView, f: AnalyzerSchema['fields'][number]): Parser<unknown> {
  if (f.type === 'date') return dateParser(doc, /expir|due|end|until|valid/i.test(f.name) ? 'any' : 'past');
  if (f.type === 'money') return moneyParser(doc);
  if (f.type === 'name') return nameParser;
  if (f.type === 'address') return addressParser;
  if (f.type === 'country') return (t) => countryCode(t) ?? null;
  if (f.type === 'number') return (t) => (/-?\d[\d,]*(?:\.\d+)?/.exec(t)?.[0] ? Number(/-?\d[\d,]*(?:\.\d+)?/.exec(t)![0].replace(/,/g, '')) : null);
  return textParser;
}

export function extractFields(docType: string, pages: ParsedPage[], schema: AnalyzerSchema | undefined, opts: ExtractOptions = {}): Record<string, ExtractedField> {
  if (!pages.length || docType === 'fallback') return {};
  const doc = new DocView(pages, { region: opts.region });
  const read = READERS[docType];
  const found: Record<string, Candidate<unknown>> = read ? read(doc) : {};
  const out: Record<string, ExtractedField> = {};
  const fields: AnalyzerSchema['fields'] = schema?.fields ?? Object.keys(found).map((name) => ({ name, label: name, type: 'string' }));
  const chosen: Record<string, Candidate<unknown>> = {};
  for (const f of fields) {
    let c: Candidate<unknown> | null | undefined = found[f.name];
    // The schema's own labels as a last resort: for a type with a reader of its own, only where the
    // field's parser checks the value's form (a date, money, a name), never free text, which would
    // take whatever follows a label (`__BALANCE (8)`).
    if (!c && (!read || (f.type !== 'text' && f.type !== 'string'))) c = lookup(doc, { labels: fieldLabels(f), parse: genericParser(doc, f) });
    if (f.multiple && c && !Array.isArray(c.value)) c = { ...c, value: [c.value] };
    if (c) chosen[f.name] = c;
  }
  // Values that fail what the document lets us check keep a low confidence (validate.ts).
  const failed = applyChecks(chosen);
  for (const f of fields) {
    const field = toField(chosen[f.name]);
    if (field) field.confidence = confidenceOf('field', field.confidence, opts.curves === undefined ? CALIBRATION_CURVES : opts.curves);
    if (field && failed.has(f.name)) field.confidence = Math.min(field.confidence, FAILED_CHECK_CEILING);
    if (field) out[f.name] = field;
  }
  return out;
}
