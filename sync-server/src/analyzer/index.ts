/**
 * The understanding half of the analyzer, one function per stage, each taking pages and returning
 * data (no HTTP, no SQL): split the page stream into documents, classify each into a type of the
 * catalogue, extract the type's key fields. `analyzePages` runs the three in order.
 */
import type { ConfidenceKind, Curve } from './calibration.js';
import type { AnalyzerSchema } from './catalogue.js';
import { DocumentClassifier } from './classify/index.js';
import type { EInvoice } from './einvoice/index.js';
import { EINVOICE_CONFIDENCE, einvoiceFields, einvoiceTarget, INVOICE_TYPE } from './einvoice/overlay.js';
import { extractFields } from './extract/index.js';
import { splitPages, type Boundary, type SplitResult } from './split/index.js';
import type { CatalogueType, Classification, ExtractedField, ParsedPage, PreflightFlag } from './types.js';

export type { AnalyzerSchema } from './catalogue.js';
export { officialCatalogue } from './catalogue.js';
export { DocumentClassifier, loadTypeModel } from './classify/index.js';
export { extractFields } from './extract/index.js';
export { splitPages } from './split/index.js';
export type { EInvoice } from './einvoice/index.js';

export interface AnalyzedDocument {
  pages: number[];
  docType: string;
  classification: Classification;
  /** Confidence of the boundary that starts this document (1 for the first). */
  boundaryConfidence: number;
  keyData: Record<string, unknown>;
  /** Each key-data value with its confidence and where it was read. */
  fields: Record<string, ExtractedField>;
}

export interface AnalyzeContext {
  catalogue: CatalogueType[];
  schemas: AnalyzerSchema[];
  classifier?: DocumentClassifier;
  /** The e-invoice the packet carries as an embedded XML (einvoice/): its values are the invoice's own. */
  einvoice?: EInvoice | undefined;
  /** Calibration curves (default the shipped ones); null reports raw scores, for fitting new curves. */
  curves?: Record<ConfidenceKind, Curve> | null;
}

export interface PagesAnalysis {
  documents: AnalyzedDocument[];
  boundaries: Boundary[];
}

/**
 * What the split needs besides the pages: each page's likely types, and each page's own key data
 * by the type's schema (two same-type pages that each hold a whole document for other people,
 * numbers or dates are two documents). The CLI and the run engine both split with it.
 */
export function splitOptions(flags: PreflightFlag[], ctx: { schemas: AnalyzerSchema[]; classifier: { pageTypes(page: ParsedPage): Record<string, number> }; curves?: Record<ConfidenceKind, Curve> | null }) {
  return {
    flags,
    ...(ctx.curves !== undefined ? { curves: ctx.curves } : {}),
    classifyPage: (p: ParsedPage) => ctx.classifier.pageTypes(p),
    keyFields: (p: ParsedPage, docType: string) => {
      const schema = ctx.schemas.find((s) => s.docType === docType);
      const fields = extractFields(docType, [p], schema);
      return { values: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.value])), size: schema?.fields.filter((f) => f.required !== false).length ?? 0 };
    },
  };
}

export function analyzePages(pages: ParsedPage[], flags: PreflightFlag[], ctx: AnalyzeContext): PagesAnalysis {
  const classifier = ctx.classifier ?? new DocumentClassifier(ctx.catalogue, ctx.curves !== undefined ? { curves: ctx.curves } : {});
  const byNumber = new Map(pages.map((p) => [p.page, p]));
  const split = splitPages(pages, splitOptions(flags, { ...ctx, classifier }));
  const dupes = new Set(flags.filter((f) => f.code === 'duplicate_page').map((f) => f.page));
  const documents = split.documents.map((d) => {
    const docPages = d.pages.map((n) => byNumber.get(n)!).filter(Boolean);
    const classification = classifier.classify(docPages.filter((p) => !dupes.has(p.page)));
    const schema = ctx.schemas.find((s) => s.docType === classification.docType);
    const fields = extractFields(classification.docType, docPages.filter((p) => !dupes.has(p.page)), schema, ctx.curves !== undefined ? { curves: ctx.curves } : {});
    const keyData = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.value]));
    return { pages: d.pages, docType: classification.docType, classification, boundaryConfidence: d.confidence, keyData, fields };
  });
  if (ctx.einvoice) withEInvoice(documents, byNumber, ctx);
  return { documents, boundaries: split.boundaries };
}

/**
 * The invoice a packet's embedded XML describes takes the XML's values; the XML's presence is
 * also strong evidence that the document is an invoice, so it is typed one (when the catalogue
 * has the type) even where the print read as something else.
 */
function withEInvoice(documents: AnalyzedDocument[], byNumber: Map<number, ParsedPage>, ctx: AnalyzeContext): void {
  const einvoice = ctx.einvoice!;
  const pagesOf = (d: AnalyzedDocument) => d.pages.map((n) => byNumber.get(n)).filter((p): p is ParsedPage => p !== undefined);
  const target = documents[einvoiceTarget(einvoice, documents.map((d) => ({ docType: d.docType, pages: pagesOf(d) })))];
  if (!target) return;
  if (target.docType !== INVOICE_TYPE) {
    if (!ctx.catalogue.some((t) => t.docType === INVOICE_TYPE)) return;
    const before = target.classification;
    target.docType = INVOICE_TYPE;
    target.classification = { docType: INVOICE_TYPE, confidence: EINVOICE_CONFIDENCE, runnersUp: [{ docType: before.docType, confidence: before.confidence }, ...before.runnersUp.filter((r) => r.docType !== INVOICE_TYPE)] };
    const schema = ctx.schemas.find((s) => s.docType === INVOICE_TYPE);
    target.fields = extractFields(INVOICE_TYPE, pagesOf(target), schema);
  } else {
    target.classification = { ...target.classification, confidence: Math.max(target.classification.confidence, EINVOICE_CONFIDENCE) };
  }
  target.fields = { ...target.fields, ...einvoiceFields(einvoice, pagesOf(target), target.fields) };
  target.keyData = Object.fromEntries(Object.entries(target.fields).map(([k, v]) => [k, v.value]));
}
