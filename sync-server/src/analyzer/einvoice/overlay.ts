/**
 * Puts an e-invoice's values on the invoice document of the packet that carries it. The XML was
 * written by the issuer's system, so its values replace what reading the print found (confidence
 * 0.99, not 1: the XML and the print can disagree, and a person may still look), each cited to
 * the line where the value is printed when it can be found there, and said to come from the XML.
 */
import type { ExtractedField, ParsedPage } from '../types.js';
import { withoutHonorifics } from '../extract/names.js';
import { einvoiceProvenance, type EInvoice } from './index.js';

export const EINVOICE_CONFIDENCE = 0.99;

/** The document type the e-invoice's values belong to (DOC-TYPES.md). */
export const INVOICE_TYPE = 'invoice';

const norm = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Legal forms a print adds after the name the XML gives ("Au bon moulin" printed "Au bon moulin SARL"). */
const LEGAL_FORM = /^(?:sarl|sas|sasu|sa|eurl|gmbh|ag|kg|ug|ohg|e k|ltd|limited|llc|inc|corp|plc|bv|b v|nv|sl|s l|srl|spa|s p a|oy|ab|as|aps)$/;

interface Located {
  page: number;
  line: number;
  text: string;
}

function linesOf(pages: readonly ParsedPage[]): Located[] {
  return pages.flatMap((p) => p.lines.map((l, line) => ({ page: p.page, line, text: l.text })));
}

/** Printed forms of a value to look for on the page. */
function printedForms(key: string, value: unknown): string[] {
  if (typeof value === 'string') {
    const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (date) {
      const [, y, m, d] = date;
      return [value, `${d}.${m}.${y}`, `${d}/${m}/${y}`, `${m}/${d}/${y}`, `${d}-${m}-${y}`];
    }
    return [value];
  }
  if (key === 'totalAmount' && value && typeof value === 'object') {
    const amount = (value as { amount: string }).amount;
    const [int, dec] = amount.replace('-', '').split('.');
    const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    return [`${int}.${dec}`, `${int},${dec}`, `${grouped}.${dec}`, `${grouped.replace(/,/g, '.')},${dec}`, `${grouped.replace(/,/g, ' ')},${dec}`];
  }
  return [];
}

/** Where a value is printed on the document, the last line for an amount (totals come last), else the first. */
function locate(lines: readonly Located[], key: string, value: unknown): Located | undefined {
  const forms = printedForms(key, value).filter(Boolean);
  if (!forms.length) return undefined;
  // Normalized once, not once per line: the XML's values are the applicant's, as long as they like.
  const verbatim = key === 'totalAmount' || forms.some((f) => /^\d/.test(f));
  const wanted = verbatim ? forms : forms.map(norm);
  const hits = lines.filter((l) => {
    const text = verbatim ? l.text : norm(l.text);
    return wanted.some((f) => text.includes(f));
  });
  return key === 'totalAmount' ? hits[hits.length - 1] : hits[0];
}

/**
 * A name as printed when the print adds only a legal form to the XML's name; the XML's name
 * otherwise. Names are compared as words, so case and accents do not matter.
 */
function printedName(lines: readonly Located[], name: string): { value: string; at?: Located } {
  const want = norm(name);
  const wantWord = `${want} `;
  for (const l of lines) {
    // A letterhead prints the name among other things: "Au bon moulin SARL - 1242 chemin de l'olive - …".
    for (const part of l.text.split(/\s[-–—●•·|]\s|,\s/)) {
      const printed = part.replace(/\s+/g, ' ').trim();
      const n = norm(printed);
      if (n === want) return { value: name, at: l };
      if (n.startsWith(wantWord) && LEGAL_FORM.test(n.slice(want.length + 1))) return { value: printed, at: l };
    }
  }
  const at = locate(lines, 'name', name);
  return at ? { value: name, at } : { value: name };
}

/**
 * The e-invoice's key data as extracted fields of a document on `pages`. `read` is what reading
 * the print found: a value's citation is kept when the XML agrees with it.
 */
export function einvoiceFields(einvoice: EInvoice, pages: readonly ParsedPage[], read: Record<string, ExtractedField> = {}): Record<string, ExtractedField> {
  const lines = linesOf(pages);
  const source = einvoiceProvenance(einvoice);
  // A value printed nowhere is cited to the invoice number's line, else the document's first line.
  const anchor = locate(lines, 'invoiceNumber', einvoice.keyData.invoiceNumber) ?? { page: pages[0]?.page ?? 1, line: 0, text: '' };
  const out: Record<string, ExtractedField> = {};
  for (const [key, raw] of Object.entries(einvoice.keyData)) {
    let value: unknown = raw;
    let at: Located | undefined;
    if (key === 'supplierName' || key === 'customerName') {
      // The XML's buyer is often its address line (`Herrn Max Mustermann`): the party is named without it.
      const printed = printedName(lines, key === 'customerName' ? withoutHonorifics(raw as string) : (raw as string));
      value = printed.value;
      at = printed.at;
    } else {
      at = locate(lines, key, raw);
    }
    const prev = read[key];
    if (!at && prev && JSON.stringify(prev.value) === JSON.stringify(value)) at = { page: prev.page, line: prev.line, text: '' };
    const where = at ?? anchor;
    out[key] = { value, confidence: EINVOICE_CONFIDENCE, page: where.page, line: where.line, source };
  }
  return out;
}

/** How an e-invoice's invoice number shows on a document: evidence that it is the invoice the XML describes. */
export function printsInvoiceNumber(einvoice: EInvoice, pages: readonly ParsedPage[]): boolean {
  const n = einvoice.keyData.invoiceNumber;
  return !!n && linesOf(pages).some((l) => l.text.includes(n));
}

/**
 * Which of a packet's documents the e-invoice describes: the one that prints its invoice number
 * (an invoice first), else the one read as an invoice, else the packet's only document. An
 * e-invoice PDF is nearly always one invoice; in a longer packet none is guessed.
 */
export function einvoiceTarget(einvoice: EInvoice, documents: readonly { docType: string; pages: readonly ParsedPage[] }[]): number {
  const score = documents.map((d) => (printsInvoiceNumber(einvoice, d.pages) ? 2 : 0) + (d.docType === INVOICE_TYPE ? 1 : 0));
  const best = Math.max(-1, ...score);
  if (best > 0) return score.indexOf(best);
  return documents.length === 1 ? 0 : -1;
}
