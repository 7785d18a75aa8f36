import type { AnalysisIngestInput } from '@portal/shared';
import { checkValue, type FieldSpec } from '../analyzer/learn/index.js';
import { badRequest } from '../http-error.js';
import type { IngestedDocument, IngestedLine } from '../runs/ingested.js';

// An ingest's body, in either format, made into one form: page lines with boxes in fractions of
// the page, documents with our document types and key values checked against their fields. Pure:
// what it needs of the case (the file, the catalogue, the schemas) is handed in. Structural faults
// (a page past the file's end, a page in two documents, a type not in the catalogue) are 400s
// naming where; a value that does not fit its field is left out and said so (`ignored`).

export interface NormalizeContext {
  file: { name: string; pageCount: number };
  /** The document types of the organization's marked chain. */
  types: ReadonlySet<string>;
  /** The fields of the extraction schema each type resolves to (spec Part 9.7), by type. */
  fields: ReadonlyMap<string, ReadonlyMap<string, FieldSpec>>;
}

export interface NormalizedIngest {
  pages: { page: number; lines: IngestedLine[] }[];
  documents: IngestedDocument[];
  ignored: { where: string; why: string }[];
}

/** The document types an ingest names, before its schemas are read: `docTypeMap` applied, as `normalize` maps them. */
export function namedTypes(input: AnalysisIngestInput, types: ReadonlySet<string>): string[] {
  if (input.format === 'prediction') return [...new Set(input.prediction.documents.map((d) => d.docType))];
  return [...new Set((input.analyzeResult.documents ?? []).map((d) => azureType(d.docType, input.docTypeMap, types) ?? ''))].filter(Boolean);
}

export function normalize(input: AnalysisIngestInput, ctx: NormalizeContext): NormalizedIngest {
  return input.format === 'prediction' ? fromPrediction(input, ctx) : fromAzure(input, ctx);
}

const clamp = (v: number) => Math.min(1, Math.max(0, Number.isFinite(v) ? v : 0));

function checkPage(where: string, page: number, ctx: NormalizeContext): void {
  if (page > ctx.file.pageCount) {
    throw badRequest(`${where}: page ${page} is past the end of "${ctx.file.name}", which has ${ctx.file.pageCount} page${ctx.file.pageCount === 1 ? '' : 's'}`);
  }
}

/** Each page once, and each page in one document at most. */
function checkDocumentPages(where: (i: number) => string, documents: readonly { pages: readonly number[] }[]): void {
  const owner = new Map<number, number>();
  for (const [i, d] of documents.entries()) {
    for (const page of d.pages) {
      const before = owner.get(page);
      if (before === i) throw badRequest(`${where(i)}: page ${page} is named twice`);
      if (before !== undefined) throw badRequest(`${where(i)}: page ${page} is already in ${where(before)}: a page belongs to one document`);
      owner.set(page, i);
    }
  }
}

function checkType(where: string, docType: string, ctx: NormalizeContext, hint = ''): void {
  if (!ctx.types.has(docType)) throw badRequest(`${where}: "${docType}" is not a document type of your marked catalogue chain${hint}`);
}

/** The key values of a document that fit its type's schema; the others go to `ignored`. */
function keepValues(
  where: string,
  docType: string,
  values: Iterable<[name: string, value: unknown, at: { confidence?: number | undefined; page?: number | null | undefined; line?: number | null | undefined } | undefined, sentAs?: string]>,
  docConfidence: number,
  ctx: NormalizeContext,
  ignored: NormalizedIngest['ignored'],
): Pick<IngestedDocument, 'keyData' | 'keyFields'> {
  const fields = ctx.fields.get(docType) ?? new Map<string, FieldSpec>();
  const keyData: Record<string, unknown> = {};
  const keyFields: IngestedDocument['keyFields'] = {};
  for (const [name, value, at, sentAs = name] of values) {
    if (value === null || value === undefined) continue;
    const spec = fields.get(name);
    if (!spec) {
      ignored.push({ where: `${where}.${sentAs}`, why: `not a field of the ${docType} extraction schema${fields.size ? ` (its fields: ${[...fields.keys()].join(', ')})` : ' (it has none)'}` });
      continue;
    }
    const checked = checkValue(spec, value);
    if ('error' in checked) {
      ignored.push({ where: `${where}.${sentAs}`, why: `${checked.error} (${name} is a ${spec.multiple ? 'list of ' : ''}${spec.type} field)` });
      continue;
    }
    if (at?.page != null) checkPage(`${where}.${sentAs}`, at.page, ctx);
    keyData[name] = checked.value;
    keyFields[name] = { confidence: at?.confidence ?? docConfidence, page: at?.page ?? null, line: at?.line ?? null };
  }
  return { keyData, keyFields };
}

function fromPrediction(input: Extract<AnalysisIngestInput, { format: 'prediction' }>, ctx: NormalizeContext): NormalizedIngest {
  const p = input.prediction;
  if (p.pageCount !== undefined && p.pageCount !== ctx.file.pageCount) {
    throw badRequest(`prediction.pageCount: ${p.pageCount}, but "${ctx.file.name}" has ${ctx.file.pageCount} page${ctx.file.pageCount === 1 ? '' : 's'}: is it the prediction of another file?`);
  }
  const ignored: NormalizedIngest['ignored'] = [];
  const seen = new Set<number>();
  const pages = (p.pages ?? []).map((page, i) => {
    const where = `prediction.pages[${i}].page`;
    checkPage(where, page.page, ctx);
    if (seen.has(page.page)) throw badRequest(`${where}: page ${page.page} is given twice`);
    seen.add(page.page);
    return {
      page: page.page,
      lines: page.lines.map((l) => ({
        text: l.text,
        box: { x: clamp(l.box.x / page.width), y: clamp(l.box.y / page.height), w: clamp(l.box.width / page.width), h: clamp(l.box.height / page.height) },
        confidence: l.confidence ?? 1,
      })),
    };
  });
  for (const [i, d] of p.documents.entries()) {
    for (const [j, page] of d.pages.entries()) checkPage(`prediction.documents[${i}].pages[${j}]`, page, ctx);
    checkType(`prediction.documents[${i}].docType`, d.docType, ctx);
  }
  checkDocumentPages((i) => `prediction.documents[${i}]`, p.documents);
  const documents = p.documents.map((d, i): IngestedDocument => {
    const confidence = d.confidence ?? 1;
    const values = Object.entries(d.keyData ?? {}).map(([name, value]) => [name, value, d.fields?.[name]] as [string, unknown, (typeof d.fields & {})[string] | undefined]);
    return {
      pages: d.pages,
      docType: d.docType,
      confidence,
      boundaryConfidence: d.boundaryConfidence ?? 1,
      runnersUp: (d.runnersUp ?? []).filter((r) => r.docType !== d.docType && ctx.types.has(r.docType)),
      ...keepValues(`prediction.documents[${i}].keyData`, d.docType, values, confidence, ctx, ignored),
    };
  });
  return { pages, documents, ignored };
}

type AzureInput = Extract<AnalysisIngestInput, { format: 'azure-document-intelligence' }>;

/** Our type for an Azure `docType`: mapped, else as is, else its last `.`- or `:`-separated part. */
function azureType(docType: string, map: Record<string, string> | undefined, types: ReadonlySet<string>): string | undefined {
  if (map?.[docType]) return map[docType];
  if (types.has(docType)) return docType;
  const last = docType.split(/[.:]/).pop() ?? '';
  return types.has(last) ? last : undefined;
}

/** A polygon's bounding box, in fractions of its page. */
function boxOf(polygon: readonly number[] | undefined, page: { width: number; height: number }): IngestedLine['box'] {
  if (!polygon || polygon.length < 8) return { x: 0, y: 0, w: 0, h: 0 };
  const xs = polygon.filter((_, i) => i % 2 === 0);
  const ys = polygon.filter((_, i) => i % 2 === 1);
  const x = Math.min(...xs) / page.width;
  const y = Math.min(...ys) / page.height;
  return { x: clamp(x), y: clamp(y), w: clamp(Math.max(...xs) / page.width - x), h: clamp(Math.max(...ys) / page.height - y) };
}

const SYMBOLS: Record<string, string> = { '£': 'GBP', $: 'USD', '€': 'EUR', '¥': 'JPY', '₹': 'INR', 'CHF': 'CHF' };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * An Azure field's value in our key-data form, or why there is none we can take. Read as unknown,
 * part by part: the request schema types a field and the items of its `valueArray`, but this is
 * the one place that takes the values apart, so a part of the wrong type (an amount sent as a
 * string, a null item, a list inside a list) is a reason to leave the field out, never a throw.
 * A list's items are read one level deep: our list fields hold values, not lists.
 */
function azureValue(f: unknown, inList = false): { value: unknown } | { why: string } {
  if (!isRecord(f)) return { why: `${inList ? 'an item of its valueArray' : 'it'} is ${f === null ? 'null' : Array.isArray(f) ? 'an array' : `a ${typeof f}`}, not a field object` };
  if (f.valueCurrency !== undefined) {
    const c = f.valueCurrency;
    if (!isRecord(c)) return { why: 'valueCurrency is not an object' };
    if (typeof c.amount !== 'number' || !Number.isFinite(c.amount)) return { why: 'valueCurrency.amount is not a number' };
    const code = str(c.currencyCode) ?? SYMBOLS[str(c.currencySymbol) ?? ''];
    return { value: { amount: c.amount.toFixed(2), ...(code ? { currency: code } : {}) } };
  }
  // In Azure's order of precedence, should a field carry more than one.
  for (const [key, type] of [
    ['valueDate', 'string'],
    ['valueNumber', 'number'],
    ['valueInteger', 'number'],
    ['valueBoolean', 'boolean'],
    ['valueSelectionMark', 'string'],
    ['valueString', 'string'],
    ['valuePhoneNumber', 'string'],
    ['valueCountryRegion', 'string'],
  ] as const) {
    const v = f[key];
    if (v === undefined) continue;
    if (typeof v !== type || (typeof v === 'number' && !Number.isFinite(v))) return { why: `${key} is not a ${type}` };
    return { value: key === 'valueSelectionMark' ? v === 'selected' : v };
  }
  if (f.valueArray !== undefined) {
    if (inList) return { why: 'an item of its valueArray is itself a list: a key value is a list of values, not of lists' };
    if (!Array.isArray(f.valueArray)) return { why: 'valueArray is not an array' };
    const items: unknown[] = [];
    for (const [i, item] of f.valueArray.entries()) {
      if (isRecord(item) && item.valueObject !== undefined) return { why: `valueArray[${i}] is an object (valueObject): our key data has no nested objects` };
      const read = azureValue(item, true);
      if ('why' in read) return { why: `valueArray[${i}]: ${read.why}` };
      items.push(read.value);
    }
    return { value: items };
  }
  // An address, and anything else, as printed.
  if (typeof f.content === 'string') return { value: f.content };
  if (f.valueObject !== undefined) return { why: 'it is an object (valueObject) with no content: our key data has no nested objects but money' };
  return { why: 'it carries no value (nothing read)' };
}

/** The line of `lines` the field's region overlaps most; null when none does. */
function lineUnder(lines: readonly IngestedLine[], box: IngestedLine['box']): number | null {
  let best: number | null = null;
  let bestArea = 0;
  for (const [i, l] of lines.entries()) {
    const w = Math.min(l.box.x + l.box.w, box.x + box.w) - Math.max(l.box.x, box.x);
    const h = Math.min(l.box.y + l.box.h, box.y + box.h) - Math.max(l.box.y, box.y);
    if (w > 0 && h > 0 && w * h > bestArea) {
      best = i;
      bestArea = w * h;
    }
  }
  return best;
}

function fromAzure(input: AzureInput, ctx: NormalizeContext): NormalizedIngest {
  const r = input.analyzeResult;
  const ignored: NormalizedIngest['ignored'] = [];
  const sizes = new Map<number, { width: number; height: number }>();
  const pages = r.pages.map((page, i) => {
    const where = `analyzeResult.pages[${i}].pageNumber`;
    checkPage(where, page.pageNumber, ctx);
    if (sizes.has(page.pageNumber)) throw badRequest(`${where}: page ${page.pageNumber} is given twice`);
    sizes.set(page.pageNumber, page);
    return { page: page.pageNumber, lines: (page.lines ?? []).map((l) => ({ text: l.content, box: boxOf(l.polygon, page), confidence: 1 })) };
  });
  const linesOf = new Map(pages.map((p) => [p.page, p.lines]));
  const docs = (r.documents ?? []).map((d, i) => {
    const docType = azureType(d.docType, input.docTypeMap, ctx.types);
    if (!docType) {
      const last = d.docType.split(/[.:]/).pop();
      throw badRequest(
        `analyzeResult.documents[${i}].docType: "${d.docType}"${last && last !== d.docType ? ` (nor "${last}")` : ''} is not a document type of your marked catalogue chain: map it with docTypeMap`,
      );
    }
    checkType(`docTypeMap["${d.docType}"]`, docType, ctx);
    for (const [j, region] of d.boundingRegions.entries()) checkPage(`analyzeResult.documents[${i}].boundingRegions[${j}].pageNumber`, region.pageNumber, ctx);
    return { d, docType, pages: [...new Set(d.boundingRegions.map((b) => b.pageNumber))].sort((a, b) => a - b) };
  });
  checkDocumentPages((i) => `analyzeResult.documents[${i}]`, docs);
  const documents = docs.map(({ d, docType, pages: docPages }, i): IngestedDocument => {
    const confidence = d.confidence ?? 1;
    const values: [string, unknown, { confidence?: number; page?: number | null; line?: number | null }, string][] = [];
    for (const [azureName, field] of Object.entries(d.fields ?? {})) {
      const name = input.fieldMap?.[azureName] ?? azureName.charAt(0).toLowerCase() + azureName.slice(1);
      const read = azureValue(field);
      if ('why' in read) {
        ignored.push({ where: `analyzeResult.documents[${i}].fields.${azureName}`, why: read.why });
        continue;
      }
      const value = read.value;
      const region = field.boundingRegions?.[0];
      const size = region ? sizes.get(region.pageNumber) : undefined;
      const line = region && size && region.polygon ? lineUnder(linesOf.get(region.pageNumber) ?? [], boxOf(region.polygon, size)) : null;
      values.push([name, value, { confidence: field.confidence ?? confidence, page: region?.pageNumber ?? null, line }, azureName]);
    }
    return {
      pages: docPages,
      docType,
      confidence,
      boundaryConfidence: 1,
      runnersUp: [],
      ...keepValues(`analyzeResult.documents[${i}].fields`, docType, values, confidence, ctx, ignored),
    };
  });
  return { pages, documents, ignored };
}
